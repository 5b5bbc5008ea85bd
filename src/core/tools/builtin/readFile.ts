import { z } from 'zod';
import { pageCharacters } from '../resultLimit';
import { defineTool, type ToolContext } from '../tool';
import type { ToolCallArguments } from '../../toolContract/toolIdentity';
import { clipPath, MAX_TITLE, stringArgument } from '../../toolContract/toolTitleText';
import { ToolError } from '../../toolContract/toolError';
import type { ResolvedPath } from '../../workspace/workspace';
import { formatSize } from './binaryDescription';
import { PAGE_MAX_LINE_CHARS, takeLinePage } from './linePage';
import { numberLines } from './numberedLines';
import { notFoundMessage } from './similarPaths';
import { decodeFile, splitLines } from './textFile';

export const READ_MAX_LINES = 2000;
export const READ_MAX_BYTES = 100 * 1024;
export const READ_MAX_LINE_CHARS = PAGE_MAX_LINE_CHARS;
/** Larger files are not loaded at all; the model is pointed at search and commands. */
const READ_MAX_FILE_BYTES = 20 * 1024 * 1024;

const inputSchema = z.object({
  path: z.string().describe('Path of the file, e.g. "src/app.ts".'),
  offset: z.number().int().min(1).optional().describe('1-based line number to start reading at. Default 1.'),
  limit: z
    .number()
    .int()
    .min(1)
    .optional()
    .describe(`How many lines to read. Default and maximum ${READ_MAX_LINES}.`),
});

export const readFileTool = defineTool({
  name: 'read_file',
  description: [
    'Read a text file of the workspace.',
    'Each line of the output starts with its line number and a tab, e.g. "  12\\tconst x = 1;". The number and the tab are not part of the file: never copy them into an edit.',
    `One call returns at most ${READ_MAX_LINES} lines or 100 KB (less for a model with a small context window); when the file goes on, the output ends with a note giving the offset to continue from. Use offset and limit to read just the part you need of a large file.`,
    `Lines longer than ${READ_MAX_LINE_CHARS} characters are cut short. Binary files (images, archives, executables) are described, not shown. For a folder, use list_files.`,
  ].join('\n'),
  inputSchema,
  readOnly: true,
  kind: 'read',
  subjectArgument: 'path',
  title: readTitle,
  async execute(input, context) {
    const file = await context.workspace.resolve(input.path, { outsideAccess: { access: 'read', toolName: 'read_file', context } });
    const shown = context.workspace.displayPath(file.absolute);
    await assertReadableFile(file, shown, context);
    const decoded = decodeFile(await context.host.files.readFile(file.absolute, await context.workspace.openedPathCheck(file)));
    if (decoded.kind === 'binary') {
      return {
        content: `${shown} is a binary file (${decoded.description}); its content is not shown.`,
        summary: `Read ${shown} (binary)`,
      };
    }
    const lines = splitLines(decoded.text);
    if (lines.length === 0) return { content: `${shown} is empty.`, summary: `Read ${shown} (empty)` };
    const first = input.offset ?? 1;
    if (first > lines.length) {
      throw new ToolError(`offset ${first} is past the end of ${shown}, which has ${lines.length} lines.`);
    }
    const maxBytes = pageCharacters(context.resultLimit, READ_MAX_BYTES);
    const page = takeLinePage(lines, first, Math.min(input.limit ?? READ_MAX_LINES, READ_MAX_LINES), maxBytes);
    const last = first + page.lines.length - 1;
    const notes: string[] = [];
    if (last < lines.length) {
      notes.push(`[Showing lines ${first}–${last} of ${lines.length}. To read on, call read_file with offset: ${last + 1}.]`);
    }
    if (page.cutLines > 0) notes.push(`[${page.cutLines} long line(s) were cut short at ${READ_MAX_LINE_CHARS} characters.]`);
    if (decoded.hasInvalidBytes) notes.push('[The file is not valid UTF-8: bytes that could not be decoded are shown as \uFFFD.]');
    const body = numberLines(page.lines, first);
    return {
      content: notes.length > 0 ? `${body}\n\n${notes.join('\n')}` : body,
      summary: `Read ${shown} (lines ${first}–${last})`,
    };
  },
});

async function assertReadableFile(file: ResolvedPath, shown: string, context: ToolContext): Promise<void> {
  if (!file.exists) throw new ToolError(await notFoundMessage(file, context));
  if (file.kind === 'directory') throw new ToolError(`${shown} is a folder, not a file. Use list_files to see what it contains.`);
  if (file.kind !== 'file') throw new ToolError(`${shown} is not a regular file.`);
  const size = (await context.host.files.stat(file.absolute))?.size ?? 0;
  if (size > READ_MAX_FILE_BYTES) {
    throw new ToolError(
      `${shown} is too large to read (${formatSize(size)}). Use search to find the lines you need, or a command such as head, tail or sed.`,
    );
  }
}

function readTitle(input: ToolCallArguments): string {
  const path = stringArgument(input, 'path');
  if (path === undefined) return 'Reading a file';
  const offset = input.offset;
  const from = typeof offset === 'number' && Number.isInteger(offset) && offset > 1 ? ` (from line ${offset})` : '';
  return `Reading ${clipPath(path, MAX_TITLE - 'Reading '.length - from.length)}${from}`;
}
