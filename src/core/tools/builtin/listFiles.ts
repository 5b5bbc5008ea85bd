import * as path from 'node:path';
import { z } from 'zod';
import { linesWithin, pageCharacters } from '../resultLimit';
import { defineTool } from '../tool';
import type { ToolCallArguments } from '../../toolContract/toolIdentity';
import { clipPath, isWorkspaceRoot, stringArgument } from '../../toolContract/toolTitleText';
import { ToolError } from '../../toolContract/toolError';

export const LIST_MAX_ENTRIES = 1000;

const inputSchema = z.object({
  path: z.string().default('.').describe('Folder to list. Default "." (the workspace root).'),
  recursive: z
    .boolean()
    .default(false)
    .describe('true: every file below the folder, at any depth, instead of its direct entries.'),
});

export const listFilesTool = defineTool({
  name: 'list_files',
  description: [
    'List the files and folders in a workspace folder.',
    'Output: one path per line, relative to the workspace root (ready to pass to read_file and the other tools); folders end with "/".',
    'By default the folder\'s direct entries; with recursive: true, every file below it (no lines for folders; symbolic links are not followed).',
    'Paths ignored by .gitignore (nested ones too) or hidden by .elbowignore are left out; dot-files are included; .git is never listed.',
    `At most ${LIST_MAX_ENTRIES} entries, fewer for a model with a small context window: when there are more, a note says so; then list a subfolder, or use search with include.`,
  ].join('\n'),
  inputSchema,
  readOnly: true,
  kind: 'list',
  subjectArgument: 'path',
  title: listTitle,
  async execute(input, context) {
    const folder = await context.workspace.resolve(input.path, { mustExist: true, outsideAccess: { access: 'read', toolName: 'list_files', context } });
    const shown = context.workspace.displayPath(folder.absolute);
    if (folder.kind !== 'directory') throw new ToolError(`${shown} is a file, not a folder. Use read_file to read it.`);
    const listing = await context.host.searcher.listFiles({
      directory: folder.absolute,
      recursive: input.recursive,
      limit: LIST_MAX_ENTRIES,
      signal: context.signal,
      allowed: await context.workspace.openedPathCheck(folder),
    });
    const isHidden = await context.workspace.hiddenPathTest();
    const allLines = listing.entries
      .filter((entry) => !isHidden(path.join(folder.absolute, entry), entry.endsWith('/')))
      .map((entry) => {
        const isFolder = entry.endsWith('/');
        const display = context.workspace.displayPath(path.join(folder.absolute, entry));
        return isFolder ? `${display}/` : display;
      });
    const what = input.recursive ? 'files' : 'entries';
    const lines = linesWithin(allLines, pageCharacters(context.resultLimit, Number.POSITIVE_INFINITY));
    const truncated = listing.truncated || lines.length < allLines.length;
    if (lines.length === 0) {
      return { content: `${shown} has no ${what} (ignored paths are not listed).`, summary: `Listed ${shown} (empty)` };
    }
    const note = truncated
      ? `\n\n[Only the first ${lines.length} ${what} are shown; there are more. List a subfolder, or use search with include, to see the rest.]`
      : '';
    return {
      content: lines.join('\n') + note,
      summary: `Listed ${shown}${input.recursive ? ' recursively' : ''} (${lines.length}${truncated ? '+' : ''} ${what})`,
    };
  },
});

function listTitle(input: ToolCallArguments): string {
  const path = stringArgument(input, 'path');
  const recursively = input.recursive === true ? ' recursively' : '';
  if (path === undefined || isWorkspaceRoot(path)) return `Listing the workspace${recursively}`;
  return `Listing ${clipPath(path.endsWith('/') ? path : `${path}/`, 55)}${recursively}`;
}
