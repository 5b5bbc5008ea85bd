import type { LineEnding } from '../textFile';

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
  /** Said to the model when the match was not exact, e.g. `matched after ignoring indentation at lines 40–52`. */
  tolerance?: string;
}

export type EditLocation = { kind: 'found'; edit: LocatedEdit } | { kind: 'refused'; reason: string };

export interface MatchOptions {
  /** false: only exact matches (line endings aside), the benchmark's comparison. */
  ladder: boolean;
}
