import { z } from 'zod';
import { defineTool, type ToolContext } from '../tool';
import { fileTitle } from '../toolTitleText';
import { ToolError } from '../toolError';
import type { ResolvedPath } from '../../workspace/workspace';
import { changeFile, type PlannedChange } from './changeFile';
import { describeMissingOldStr } from './closestMatch';
import { countChangedLines, lineIndexAt, numberedSnippet } from './lineChanges';
import { notFoundMessage } from './similarPaths';
import { decodeFile, encodeText, withLineEnding, type TextContent } from './textFile';

const inputSchema = z.object({
  path: z.string().describe('Path of the file, relative to the workspace root.'),
  old_str: z
    .string()
    .describe('The exact text to replace, copied from the file without read_file\'s line-number prefixes; whitespace and indentation must match. Include enough lines around the change to match exactly one place. Empty to create a new file.'),
  new_str: z.string().describe('The text to put in its place.'),
  replace_all: z.boolean().default(false).describe('Replace every occurrence of old_str instead of exactly one. Default false.'),
});

export const editFileTool = defineTool({
  name: 'edit_file',
  description: [
    'Edit a text file by replacing old_str with new_str.',
    'old_str must match the file exactly (whitespace, indentation and blank lines included) and, unless replace_all is true, exactly once: include a few surrounding lines to make it unique. Read the file first.',
    'On failure nothing is changed and the error tells you why: for no match, it shows the most similar part of the file; for several matches, their line numbers.',
    'With an empty old_str on a file that does not exist, creates it with new_str (parent folders too). To replace a whole file, use write_file.',
    'Line endings (CRLF) and a UTF-8 byte order mark are kept as they are in the file; write new_str with plain \\n line breaks.',
  ].join('\n'),
  inputSchema,
  readOnly: false,
  kind: 'edit',
  subjectArgument: 'path',
  title: (input) => fileTitle('Editing', input),
  async execute(input, context) {
    const file = await context.workspace.resolve(input.path, { forWriting: true, outsideAccess: { access: 'write', toolName: 'edit_file', context } });
    const shown = context.workspace.displayPath(file.absolute);
    if (input.old_str === input.new_str) throw new ToolError('old_str and new_str are the same, so the edit would change nothing.');
    return changeFile(context, file, shown, 'edit_file', async (current) => {
      if (current === undefined) return planCreation(file, shown, input.old_str, input.new_str, context);
      const content = editableText(current, shown);
      if (input.old_str === '') {
        if (content.text !== '') {
          throw new ToolError(`old_str is empty, but ${shown} already exists and is not empty. Give the exact text to replace, or use write_file to replace the whole file.`);
        }
        return planEdit(shown, content, { text: input.new_str, start: 0, end: input.new_str.length, count: 1, before: '', after: input.new_str });
      }
      const { oldText, newText, positions } = locateOldStr(content, input.old_str, input.new_str);
      if (positions.length === 0) throw new ToolError(describeMissingOldStr(shown, content.text, input.old_str));
      if (positions.length > 1 && !input.replace_all) {
        const lines = positions.map((position) => lineIndexAt(content.text, position) + 1);
        throw new ToolError(
          `old_str matches ${positions.length} places in ${shown} (lines ${lines.join(', ')}). Include more surrounding lines in old_str so that it matches exactly one, or set replace_all: true to replace every one.`,
        );
      }
      const first = positions[0] as number;
      const edited = input.replace_all
        ? content.text.split(oldText).join(newText)
        : content.text.slice(0, first) + newText + content.text.slice(first + oldText.length);
      return planEdit(shown, content, {
        text: edited,
        start: first,
        end: first + newText.length,
        count: input.replace_all ? positions.length : 1,
        before: oldText,
        after: newText,
      });
    });
  },
});

interface Edit {
  /** The whole new text (without BOM). */
  text: string;
  /** Where the first replacement is in `text`. */
  start: number;
  end: number;
  count: number;
  before: string;
  after: string;
}

/**
 * Finds old_str with the file's line ending first (the model writes `\n`), then as given
 * (a file that mixes line endings); new_str gets the line ending of the form that matched.
 */
function locateOldStr(content: TextContent, oldStr: string, newStr: string): { oldText: string; newText: string; positions: number[] } {
  const forms = [
    { oldText: withLineEnding(oldStr, content.lineEnding), newText: withLineEnding(newStr, content.lineEnding) },
    { oldText: oldStr, newText: newStr },
  ];
  for (const form of forms) {
    const positions = occurrences(content.text, form.oldText);
    if (positions.length > 0) return { ...form, positions };
  }
  return { ...forms[0] as (typeof forms)[number], positions: [] };
}

function occurrences(text: string, search: string): number[] {
  const positions: number[] = [];
  for (let index = text.indexOf(search); index !== -1; index = text.indexOf(search, index + search.length)) positions.push(index);
  return positions;
}

function editableText(bytes: Uint8Array, shown: string): TextContent {
  const decoded = decodeFile(bytes);
  if (decoded.kind === 'binary') throw new ToolError(`${shown} is a binary file (${decoded.description}); edit_file only edits UTF-8 text.`);
  if (decoded.hasInvalidBytes) {
    throw new ToolError(`${shown} is not valid UTF-8 (it may use another encoding, such as Latin-1); edit_file would corrupt it, so it was not changed.`);
  }
  return decoded;
}

async function planCreation(file: ResolvedPath, shown: string, oldStr: string, newStr: string, context: ToolContext): Promise<PlannedChange> {
  if (oldStr !== '') throw new ToolError(`${await notFoundMessage(file, context)} To create a new file, call edit_file with an empty old_str, or use write_file.`);
  const lineCount = newStr === '' ? 0 : newStr.split('\n').length - (newStr.endsWith('\n') ? 1 : 0);
  return {
    after: new TextEncoder().encode(newStr),
    output: { content: `Created ${shown} (${lineCount} lines).`, summary: `Created ${shown} +${lineCount}` },
  };
}

function planEdit(shown: string, content: TextContent, edit: Edit): PlannedChange {
  const perEdit = countChangedLines(edit.before, edit.after);
  const occurrencesText = edit.count === 1 ? '1 occurrence' : `${edit.count} occurrences`;
  const snippet = numberedSnippet(edit.text, edit.start, edit.end);
  return {
    after: encodeText(edit.text, content),
    output: {
      content: `Edited ${shown}: replaced ${occurrencesText}. The ${edit.count > 1 ? 'first edited' : 'edited'} region now reads:\n${snippet}`,
      summary: `Edited ${shown}${editedPlaces(edit)} +${perEdit.added * edit.count} −${perEdit.removed * edit.count}`,
    },
  };
}

/** Where the edit is, so that two edits of one file can be told apart: `:3–5` (lines 3 to 5), `:3`, or ` (2 places)`. */
function editedPlaces(edit: Edit): string {
  if (edit.count > 1) return ` (${edit.count} places)`;
  const first = lineIndexAt(edit.text, edit.start) + 1;
  const last = lineIndexAt(edit.text, Math.max(edit.start, edit.end - 1)) + 1;
  return first === last ? `:${first}` : `:${first}–${last}`;
}
