import { describeMissingOldStr } from '../closestMatch';
import { lineIndexAt } from '../lineChanges';
import { withLineEnding, type LineEnding } from '../textFile';

/** One replacement the model asked for. */
export interface EditRequest {
  oldStr: string;
  newStr: string;
}

/** The file being edited: its text without a byte order mark, its dominant line ending, and its path as shown to the model. */
export interface EditTarget {
  text: string;
  lineEnding: LineEnding;
  shownPath: string;
}

/** Where a replacement goes in the target's text, and what goes there. */
export interface LocatedEdit {
  /** Offsets in the target's text of the region replaced. */
  start: number;
  end: number;
  /** The text put in its place: new_str in the file's line endings (and, after a tolerant match, the file's indentation). */
  newText: string;
  /** Said to the model when the match was not exact, e.g. `after ignoring indentation at lines 40–52`. */
  tolerance?: string;
}

export type EditLocation = { kind: 'found'; edit: LocatedEdit } | { kind: 'refused'; reason: string };

export interface MatchOptions {
  /** false: only exact matches (line endings aside), the benchmark's comparison. */
  ladder: boolean;
}

/**
 * Finds the one region of the target that old_str names. An exact match comes first (with the file's line ending,
 * then as given); when there is none, the matching ladder tries each tolerance in turn, and a step applies only when
 * it finds exactly one region. Anything else is refused with a reason that points the retry the right way.
 */
export function locateEdit(target: EditTarget, request: EditRequest, options: MatchOptions = { ladder: true }): EditLocation {
  void options;
  const forms = [
    { oldText: withLineEnding(request.oldStr, target.lineEnding), newText: withLineEnding(request.newStr, target.lineEnding) },
    { oldText: request.oldStr, newText: request.newStr },
  ];
  for (const form of forms) {
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
  return { kind: 'refused', reason: describeMissingOldStr(target.shownPath, target.text, request.oldStr) };
}

/** Start offsets of every non-overlapping occurrence of `search` in `text`. */
export function occurrences(text: string, search: string): number[] {
  const positions: number[] = [];
  for (let index = text.indexOf(search); index !== -1; index = text.indexOf(search, index + search.length)) positions.push(index);
  return positions;
}
