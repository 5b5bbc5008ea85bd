import * as path from 'node:path';
import { z } from 'zod';
import type { SearchMatch } from '../../host/searcher';
import { LineMatcher } from '../../search/lineMatcher';
import { compileLinePattern, InvalidPatternError } from '../../search/linePattern';
import { linesWithin, pageCharacters } from '../resultLimit';
import { defineTool, type ToolContext } from '../tool';
import type { ToolCallArguments } from '../../toolContract/toolIdentity';
import { clip, clipPath, isWorkspaceRoot, stringArgument } from '../../toolContract/toolTitleText';
import { ToolError } from '../../toolContract/toolError';
import type { ResolvedPath } from '../../workspace/workspace';
import { decodeFile } from './textFile';

export const SEARCH_MAX_MATCHES = 200;
export const SEARCH_MAX_LINE_CHARS = 300;

const inputSchema = z.object({
  pattern: z
    .string()
    .min(1)
    .describe('Regular expression (ripgrep syntax, like JavaScript\'s but without lookaround or backreferences), matched against each line. With literal: true, plain text.'),
  literal: z.boolean().default(false).describe('Match the pattern as plain text, not as a regex.'),
  case_sensitive: z
    .boolean()
    .optional()
    .describe('Omit for smart case: case-insensitive unless the pattern has an uppercase letter. true or false to force.'),
  path: z.string().default('.').describe('Folder (or single file) to search. Default "." (everything).'),
  include: z
    .string()
    .optional()
    .describe('Only search files matching this glob. Without "/" it matches file names at any depth ("*.ts", "*.{ts,tsx}"); with "/" it matches paths relative to path ("src/**/*.test.ts").'),
});

type SearchInput = z.output<typeof inputSchema>;

export const searchTool = defineTool({
  name: 'search',
  description: [
    'Search file contents in the workspace for a regular expression or, with literal: true, plain text (fast, ripgrep).',
    'Output: one match per line as "path:line: text", paths relative to the workspace root, line numbers 1-based (use them as offset for read_file).',
    'Smart case by default. Files ignored by .gitignore or hidden by .elbowignore, binary files and .git are not searched.',
    `At most ${SEARCH_MAX_MATCHES} matches, fewer for a model with a small context window (a note says when there are more; then narrow with path, include or a more specific pattern); lines longer than ${SEARCH_MAX_LINE_CHARS} characters are shortened around the match.`,
    'To find files by name, use list_files with recursive: true instead.',
  ].join('\n'),
  inputSchema,
  readOnly: true,
  kind: 'search',
  subjectArgument: 'pattern',
  title: searchTitle,
  async execute(input, context) {
    const target = await context.workspace.resolve(input.path, { mustExist: true });
    const caseSensitive = input.case_sensitive ?? hasUppercase(input.pattern, input.literal);
    const options = { literal: input.literal, caseSensitive };
    const { matches, truncated } = target.kind === 'directory'
      ? await searchFolder(target, input, caseSensitive, context)
      : await searchSingleFile(target, input.pattern, options, context);
    const isHidden = await context.workspace.hiddenPathTest();
    const base = target.kind === 'directory' ? target.absolute : path.dirname(target.absolute);
    const visible = matches.filter((match) => !isHidden(path.join(base, match.path), false));
    const shown = context.workspace.displayPath(target.absolute);
    if (visible.length === 0) {
      const how = `${caseSensitive ? 'case-sensitive' : 'case-insensitive'}${input.literal ? ', literal' : ''}`;
      return { content: `No matches for ${JSON.stringify(input.pattern)} in ${shown} (${how}${input.include ? `, include ${input.include}` : ''}).`, summary: `Searched ${shown}: no matches` };
    }
    const allLines = visible.map((match) => {
      const display = context.workspace.displayPath(path.join(base, match.path));
      return `${display}:${match.line}: ${shortenAroundMatch(match.text, match.column ?? 0)}`;
    });
    const lines = linesWithin(allLines, pageCharacters(context.resultLimit, Number.POSITIVE_INFINITY));
    const shownMatches = lines.length;
    const more = truncated || shownMatches < visible.length;
    const fileCount = new Set(visible.slice(0, shownMatches).map((match) => match.path)).size;
    const note = more
      ? `[${shownMatches} of the matches are shown; there are more. Narrow the search with path, include or a more specific pattern.]`
      : `[${shownMatches} match${shownMatches === 1 ? '' : 'es'} in ${fileCount} file${fileCount === 1 ? '' : 's'}.]`;
    return {
      content: `${lines.join('\n')}\n\n${note}`,
      summary: `Searched ${shown}: ${shownMatches}${more ? '+' : ''} match${shownMatches === 1 && !more ? '' : 'es'} in ${fileCount} file${fileCount === 1 ? '' : 's'}`,
    };
  },
});

async function searchFolder(target: ResolvedPath, input: SearchInput, caseSensitive: boolean, context: ToolContext) {
  try {
    return await context.host.searcher.search({
      directory: target.absolute,
      pattern: input.pattern,
      literal: input.literal,
      caseSensitive,
      include: input.include,
      limit: SEARCH_MAX_MATCHES,
      signal: context.signal,
      allowed: await context.workspace.openedPathCheck(target),
    });
  } catch (error) {
    if (context.signal.aborted) throw error;
    throw searchError(error);
  }
}

/** A single file is searched here, so that it is searched even when .gitignore skips it. */
async function searchSingleFile(
  file: ResolvedPath,
  pattern: string,
  options: { literal: boolean; caseSensitive: boolean },
  context: ToolContext,
): Promise<{ matches: SearchMatch[]; truncated: boolean }> {
  let regex: RegExp;
  try {
    regex = compileLinePattern(pattern, options);
  } catch (error) {
    throw searchError(error);
  }
  const decoded = decodeFile(await context.host.files.readFile(file.absolute, await context.workspace.openedPathCheck(file)));
  if (decoded.kind === 'binary') throw new ToolError(`${context.workspace.displayPath(file.absolute)} is a binary file (${decoded.description}); it cannot be searched.`);
  const matcher = new LineMatcher(regex, { signal: context.signal });
  try {
    const matches = await matcher.match([{ path: path.basename(file.absolute), text: decoded.text }], SEARCH_MAX_MATCHES + 1);
    return { matches: matches.slice(0, SEARCH_MAX_MATCHES), truncated: matches.length > SEARCH_MAX_MATCHES };
  } catch (error) {
    if (context.signal.aborted) throw error;
    throw searchError(error);
  } finally {
    matcher.close();
  }
}

function searchError(error: unknown): ToolError {
  const message = error instanceof Error ? error.message : String(error);
  if (error instanceof InvalidPatternError) {
    return new ToolError(
      `${message}\nFix the regular expression (escape special characters such as ( ) [ ] { } . * + ? | with a backslash), or pass literal: true to search for the text as it is.`,
    );
  }
  return new ToolError(`The search failed: ${message}`);
}

/** Smart case: uppercase in the pattern (escape sequences such as \W aside) makes it case-sensitive. */
function hasUppercase(pattern: string, literal: boolean): boolean {
  return /\p{Lu}/u.test(literal ? pattern : pattern.replace(/\\./g, ''));
}

/**
 * A long line cut around its match. The searcher says where the match starts: matching the pattern
 * again here, on the main thread, could take minutes for a pattern that backtracks.
 */
function shortenAroundMatch(text: string, column: number): string {
  const trimmed = text.trimEnd();
  if (trimmed.length <= SEARCH_MAX_LINE_CHARS) return trimmed;
  const start = Math.max(0, Math.min(column - 100, trimmed.length - SEARCH_MAX_LINE_CHARS));
  const end = start + SEARCH_MAX_LINE_CHARS;
  return `${start > 0 ? '…' : ''}${trimmed.slice(start, end)}${end < trimmed.length ? '…' : ''}`;
}

function searchTitle(input: ToolCallArguments): string {
  const pattern = stringArgument(input, 'pattern');
  if (pattern === undefined) return 'Searching';
  const path = stringArgument(input, 'path');
  const include = stringArgument(input, 'include');
  const where = path === undefined || isWorkspaceRoot(path) ? '' : ` in ${clipPath(path, 30)}`;
  const only = include === undefined ? '' : ` (${clip(include, 16)})`;
  return `Searching "${clip(pattern, 30)}"${where}${only}`;
}
