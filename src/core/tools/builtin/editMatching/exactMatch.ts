import { lineIndexAt } from '../lineChanges';
import { withLineEnding, type LineEnding } from '../textFile';
import type { EditLocation, EditRequest, EditTarget } from './editTypes';

/**
 * old_str found as it is, with the file's line ending first (the model writes `\n`), then as given (a file that
 * mixes line endings); new_str gets the line ending of the form that matched. Undefined when it is not there.
 */
export function exactMatch(target: EditTarget, request: EditRequest): EditLocation | undefined {
  for (const form of exactForms(request, target.lineEnding)) {
    const positions = occurrences(target.text, form.oldText);
    if (positions.length === 1) {
      const start = positions[0] as number;
      return { kind: 'found', edit: { start, end: start + form.oldText.length, newText: form.newText } };
    }
    if (positions.length > 1) {
      const lines = positions.map((position) => lineIndexAt(target.text, position) + 1);
      return {
        kind: 'refused',
        reason: `old_str matches ${positions.length} places in ${target.shownPath} (lines ${lines.join(', ')}). Include more surrounding lines in old_str so that it matches exactly one, or set replace_all: true to replace every one.`,
      };
    }
  }
  return undefined;
}

/** old_str and new_str with the file's line ending, then as given: the forms an exact match looks for, in order. */
export function exactForms(request: EditRequest, lineEnding: LineEnding): { oldText: string; newText: string }[] {
  return [
    { oldText: withLineEnding(request.oldStr, lineEnding), newText: withLineEnding(request.newStr, lineEnding) },
    { oldText: request.oldStr, newText: request.newStr },
  ];
}

/** Start offsets of every non-overlapping occurrence of `search` in `text`. */
export function occurrences(text: string, search: string): number[] {
  const positions: number[] = [];
  for (let index = text.indexOf(search); index !== -1; index = text.indexOf(search, index + search.length)) positions.push(index);
  return positions;
}
