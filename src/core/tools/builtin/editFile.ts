import { z } from 'zod';
import { defineTool, type ToolContext } from '../tool';
import { fileTitle } from '../../toolContract/toolTitleText';
import { ToolError } from '../../toolContract/toolError';
import type { ResolvedPath } from '../../workspace/workspace';
import { changeFile, type PlannedChange } from './changeFile';
import { describeMissingOldStr } from './closestMatch';
import { applyEdits, type AppliedEdit } from './editMatching/applyEdits';
import { exactForms, occurrences } from './editMatching/exactMatch';
import type { EditRequest } from './editMatching/locateEdit';
import { editedPlaces, editedRegions } from './editSummary';
import { notFoundMessage } from './similarPaths';
import { editableText } from './editableText';
import type { TextContent } from './textFile';

const MAX_EDITS = 50;

const inputSchema = z.object({
  path: z.string().describe('Path of the file.'),
  old_str: z
    .string()
    .optional()
    .describe('The text to replace, copied from the file without read_file\'s line-number prefixes. Include enough lines around the change to match exactly one place. Empty to create a new file.'),
  new_str: z.string().optional().describe('The text to put in its place.'),
  edits: z
    .array(z.object({ old_str: z.string().min(1), new_str: z.string() }))
    .min(1)
    .max(MAX_EDITS)
    .optional()
    .describe('Several replacements in this file, instead of old_str/new_str (see above).'),
  replace_all: z.boolean().default(false).describe('Replace every occurrence of old_str, not just one (old_str/new_str only).'),
});

type EditFileInput = z.infer<typeof inputSchema>;

export const editFileTool = defineTool({
  name: 'edit_file',
  description: [
    'Edit a text file by replacing old_str with new_str, or make several changes to one file in one call with edits: [{old_str, new_str}, …] (each located in the file as it is before the call; all apply or none; regions must not overlap). Read the file first.',
    'old_str should match the file exactly and name exactly one place: include a few surrounding lines. If it does not match exactly, the edit still applies when exactly one place matches after forgiving line endings, trailing whitespace, a shifted or tab/space indentation (new_str is re-indented the same way), read_file\'s line-number prefixes, curly quotes or odd spaces and dashes, or, last, a very similar block; the result says how it matched.',
    'On failure nothing changes and the error says why: the most similar places with line numbers, every match when there were several, or that the change looks already applied.',
    'With an empty old_str on a file that does not exist, creates it with new_str (parent folders too). To replace a whole file, use write_file. Set replace_all: true to replace every exact occurrence.',
    'Line endings (CRLF) and a UTF-8 byte order mark are kept as they are in the file; write new_str with plain \\n line breaks.',
  ].join('\n'),
  inputSchema,
  readOnly: false,
  kind: 'edit',
  subjectArgument: 'path',
  title: (input) => fileTitle('Editing', input),
  async execute(input, context) {
    const requests = editRequests(input);
    const file = await context.workspace.resolve(input.path, { forWriting: true, outsideAccess: { access: 'write', toolName: 'edit_file', context } });
    const shown = context.workspace.displayPath(file.absolute);
    return changeFile(context, file, shown, 'edit_file', async (current) => {
      const single = requests.length === 1 ? (requests[0] as EditRequest) : undefined;
      if (current === undefined) return planCreation(file, shown, single, context);
      const content = editableText(current.decoded, shown, 'edit_file');
      if (single?.oldStr === '') {
        if (content.text !== '') {
          throw new ToolError(`old_str is empty, but ${shown} already exists and is not empty. Give the exact text to replace, or use write_file to replace the whole file.`);
        }
        return planEdit(shown, content, single.newStr, [{ start: 0, end: 0, newText: single.newStr, before: '', editedStart: 0, editedEnd: single.newStr.length }]);
      }
      if (single !== undefined && input.replace_all) return planReplaceAll(shown, content, single);
      const { text, edits } = applyEdits({ text: content.text, lineEnding: content.lineEnding, shownPath: shown }, requests);
      return planEdit(shown, content, text, edits);
    });
  },
});

/** The replacements asked for, either form; contradictory or empty input is refused before the file is read. */
function editRequests(input: EditFileInput): EditRequest[] {
  const hasSingle = input.old_str !== undefined || input.new_str !== undefined;
  if (input.edits !== undefined) {
    if (hasSingle) throw new ToolError('Give either old_str/new_str or edits, not both.');
    if (input.replace_all) throw new ToolError('replace_all works with old_str/new_str only; for several different changes use edits.');
    const requests = input.edits.map((edit) => ({ oldStr: edit.old_str, newStr: edit.new_str }));
    const unchanged = requests.findIndex((request) => request.oldStr === request.newStr);
    if (unchanged !== -1) throw new ToolError(`Edit ${unchanged + 1}: old_str and new_str are the same, so it would change nothing.`);
    return requests;
  }
  if (input.old_str === undefined || input.new_str === undefined) throw new ToolError('Give old_str and new_str (or edits: [{old_str, new_str}, …]).');
  if (input.old_str === input.new_str) throw new ToolError('old_str and new_str are the same, so the edit would change nothing.');
  return [{ oldStr: input.old_str, newStr: input.new_str }];
}

function planReplaceAll(shown: string, content: TextContent, request: EditRequest): PlannedChange {
  const form = exactForms(request, content.lineEnding).find((candidate) => occurrences(content.text, candidate.oldText).length > 0);
  if (form === undefined) {
    throw new ToolError(`${describeMissingOldStr(shown, content.text, request.oldStr, request.newStr)}\n(replace_all replaces exact occurrences only.)`);
  }
  const positions = occurrences(content.text, form.oldText);
  const first = positions[0] as number;
  const text = content.text.split(form.oldText).join(form.newText);
  const edit: AppliedEdit = { start: first, end: first + form.oldText.length, newText: form.newText, before: form.oldText, editedStart: first, editedEnd: first + form.newText.length };
  return planEdit(shown, content, text, [edit], positions.length);
}

async function planCreation(file: ResolvedPath, shown: string, single: EditRequest | undefined, context: ToolContext): Promise<PlannedChange> {
  if (single?.oldStr !== '') throw new ToolError(`${await notFoundMessage(file, context)} To create a new file, call edit_file with an empty old_str, or use write_file.`);
  const newStr = single.newStr;
  const lineCount = newStr === '' ? 0 : newStr.split('\n').length - (newStr.endsWith('\n') ? 1 : 0);
  return {
    after: { kind: 'text', text: newStr, hasBom: false },
    output: { content: `Created ${shown} (${lineCount} lines).`, summary: `Created ${shown} +${lineCount}` },
  };
}

/** `occurrenceCount`: how many places replace_all replaced, each like `edits[0]`. */
function planEdit(shown: string, content: TextContent, text: string, edits: readonly AppliedEdit[], occurrenceCount = 1): PlannedChange {
  const { added, removed, content: regions } = editedRegions(text, edits, occurrenceCount);
  const what = edits.length > 1 ? `applied ${edits.length} edits` : `replaced ${occurrenceCount === 1 ? '1 occurrence' : `${occurrenceCount} occurrences`}`;
  return {
    after: { kind: 'text', text, hasBom: content.hasBom },
    output: {
      content: `Edited ${shown}: ${what}.${regions}`,
      summary: `Edited ${shown}${editedPlaces(text, edits, occurrenceCount)} +${added} −${removed}`,
    },
  };
}
