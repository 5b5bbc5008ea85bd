import { z } from 'zod';
import type { CodeNavigation, SourcePosition } from '../../../host/codeNavigation';
import { defineTool, type ToolContext, type ToolOutput } from '../../tool';
import type { ToolCallArguments } from '../../../toolContract/toolIdentity';
import { clip, clipPath, stringArgument } from '../../../toolContract/toolTitleText';
import { ToolError } from '../../../toolContract/toolError';
import type { ResolvedPath } from '../../../workspace/workspace';
import { notFoundMessage } from '../similarPaths';
import { decodeFile, splitLines } from '../textFile';
import { formatLocations, visibleLocations } from './locationList';
import { findPosition, SymbolNotFound } from './symbolPosition';
import { declaredAt, formatOutline, formatWorkspaceSymbols, outlineNames, similarNames } from './symbolText';

export const MAX_REFERENCES = 50;
export const MAX_DEFINITIONS = 20;
const MAX_HOVER_CHARS = 3000;

const inputSchema = z.object({
  action: z.enum(['definition', 'references', 'hover', 'document_symbols', 'workspace_symbols']),
  path: z.string().optional().describe('File, e.g. "src/app.ts" (all actions but workspace_symbols).'),
  symbol: z.string().optional().describe('Name in the file; its first occurrence, or the one on/near line.'),
  line: z.number().int().optional().describe('1-based, as read_file shows.'),
  column: z.number().int().optional().describe('1-based; with line, instead of symbol.'),
  query: z.string().optional().describe('For workspace_symbols: (part of) a name.'),
});

type NavigationInput = z.output<typeof inputSchema>;

export const codeNavigationTool = defineTool({
  name: 'code_navigation',
  description: [
    "Ask the editor's language server about code. Prefer it to search for \"where is X defined\", \"who uses X\", \"what type is X\": it follows imports and types, no false matches.",
    'Actions: definition, references (max 50), hover (type, signature, docs), document_symbols (outline of path), workspace_symbols (by query).',
    'Give path and symbol (line to pick an occurrence), or line+column. Results: path:line:column and the source line.',
    'Needs a language server for the file\'s language (TypeScript/JavaScript built in; others need their extension); otherwise use search.',
  ].join('\n'),
  inputSchema,
  readOnly: true,
  kind: 'search',
  title: navigationTitle,
  async execute(input, context) {
    const navigation = context.host.codeNavigation;
    if (!navigation) throw new ToolError('Code navigation is not available here; use search.');
    if (input.action === 'workspace_symbols') return workspaceSymbols(navigation, input, context);
    if (input.path === undefined || input.path.trim() === '') throw new ToolError(`${input.action} needs path: the file to look in.`);
    const file = await context.workspace.resolve(input.path);
    const shown = context.workspace.displayPath(file.absolute);
    if (!file.exists) throw new ToolError(await notFoundMessage(file, context));
    if (file.kind !== 'file') throw new ToolError(`${shown} is not a file. Give the path of a source file.`);
    const noServer = `No language server answered for ${shown}; use search instead.`;
    if (input.action === 'document_symbols') {
      const symbols = await navigation.documentSymbols(file.absolute, context.signal);
      if (symbols === undefined) return { content: noServer, summary: `No outline of ${shown}` };
      if (symbols.length === 0) return { content: `${shown} has no symbols.`, summary: `Outline of ${shown}` };
      return { content: formatOutline(symbols), summary: `Outline of ${shown}` };
    }
    const position = await positionIn(file, shown, input, navigation, context);
    const at = `${shown}:${position.line + 1}:${position.character + 1}`;
    if (input.action === 'hover') {
      const texts = await navigation.hover(file.absolute, position, context.signal);
      if (texts === undefined || texts.length === 0) return { content: `${noServer} (Or nothing at ${at} has type information.)`, summary: `No type at ${at}` };
      return { content: trimHover(texts.join('\n\n')), summary: `Type at ${at}` };
    }
    const found = input.action === 'definition'
      ? await navigation.definitions(file.absolute, position, context.signal)
      : await navigation.references(file.absolute, position, context.signal);
    const label = input.action === 'definition' ? 'definition' : 'references';
    if (found === undefined || found.length === 0) return { content: `${noServer} (Or nothing at ${at} has ${label === 'definition' ? 'a definition' : 'references'}.)`, summary: `No ${label} at ${at}` };
    const visible = await visibleLocations(found, context);
    const max = input.action === 'definition' ? MAX_DEFINITIONS : MAX_REFERENCES;
    const body = await formatLocations(visible, max, context);
    const count = visible.shown.length;
    const heading = input.action === 'definition' ? `Definition of the symbol at ${at}:` : `${count} reference(s) to the symbol at ${at}:`;
    const first = visible.shown[0];
    const summary = input.action === 'definition'
      ? (first ? `Definition of ${at}: ${first.displayPath}:${first.start.line + 1}` : `No visible definition of ${at}`)
      : `${count} reference(s) to ${at}`;
    return { content: `${heading}\n${body}`, summary };
  },
});

async function workspaceSymbols(navigation: CodeNavigation, input: NavigationInput, context: ToolContext): Promise<ToolOutput> {
  const query = (input.query ?? input.symbol ?? '').trim();
  if (query === '') throw new ToolError('workspace_symbols needs query: (part of) a symbol name.');
  const symbols = await navigation.workspaceSymbols(query, context.signal);
  if (symbols === undefined) return { content: 'No language server answered for workspace symbols; use search instead.', summary: 'No workspace symbols' };
  if (symbols.length === 0) return { content: `No symbol matches "${query}". Try a shorter query, or search.`, summary: `No symbols for ${query}` };
  return { content: await formatWorkspaceSymbols(symbols, context), summary: `Symbols matching ${query}` };
}

async function positionIn(file: ResolvedPath, shown: string, input: NavigationInput, navigation: CodeNavigation, context: ToolContext): Promise<SourcePosition> {
  const absolute = file.absolute;
  const decoded = decodeFile(await context.host.files.readFile(absolute, await context.workspace.openedPathCheck(file)));
  if (decoded.kind === 'binary') throw new ToolError(`${shown} is a binary file; it has no code to navigate.`);
  const symbol = input.symbol?.trim();
  const outline = symbol && input.line === undefined ? await navigation.documentSymbols(absolute, context.signal) : undefined;
  try {
    return findPosition(splitLines(decoded.text), input, shown, symbol ? declaredAt(outline ?? [], symbol) : undefined);
  } catch (error) {
    if (!(error instanceof SymbolNotFound)) throw error;
    const where = error.nearLine === undefined ? `in ${shown}` : `on or near line ${error.nearLine} of ${shown}`;
    const names = outlineNames(outline ?? (await navigation.documentSymbols(absolute, context.signal)) ?? []);
    const similar = similarNames(names, error.symbol);
    const hint = similar.length > 0 ? ` Similar names in the file: ${similar.join(', ')}.` : ' Check the spelling, or use workspace_symbols or search.';
    throw new ToolError(`"${error.symbol}" was not found ${where}.${hint}`);
  }
}

function trimHover(text: string): string {
  const trimmed = text.trim();
  return trimmed.length > MAX_HOVER_CHARS ? `${trimmed.slice(0, MAX_HOVER_CHARS)}… [cut]` : trimmed;
}

function navigationTitle(input: ToolCallArguments): string {
  const subject = stringArgument(input, 'symbol') ?? stringArgument(input, 'query');
  const path = stringArgument(input, 'path');
  const where = subject ? clip(subject, 40) : path ? clipPath(path, 60) : 'the code';
  switch (input.action) {
    case 'definition': return `Finding the definition of ${where}`;
    case 'references': return `Finding references to ${where}`;
    case 'hover': return `Looking up the type of ${where}`;
    case 'document_symbols': return path ? `Outlining ${clipPath(path, 65)}` : 'Outlining a file';
    case 'workspace_symbols': return `Finding symbols matching ${where}`;
    default: return 'Navigating the code';
  }
}
