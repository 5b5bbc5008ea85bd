import type { EditTarget } from '../editMatching/editTypes';
import type { TextLines } from '../editMatching/textLines';

/**
 * The part of a file a hunk may match in: from line `firstLine` on. The lines above are blanked rather than cut, so
 * that every line number the matching reports is the file's own; a final line break is added when the file has
 * none, so that a hunk's last line (always a whole line) can match there too.
 */
export interface HunkWindow {
  target: EditTarget;
  /** Offset in the file of the window's first line. */
  start: number;
  /** Offset in the window's text where the file's text from `start` is. */
  blankedLength: number;
  /** The window's text ends with a line break the file does not have. */
  addedBreak: boolean;
}

export function hunkWindow(target: EditTarget, lines: TextLines, firstLine: number): HunkWindow {
  const start = firstLine < lines.starts.length ? (lines.starts[firstLine] as number) : target.text.length;
  const blanked = target.lineEnding.repeat(Math.min(firstLine, lines.lines.length));
  const rest = target.text.slice(start);
  const addedBreak = target.text !== '' && !/\n$/.test(target.text);
  return { target: { ...target, text: blanked + rest + (addedBreak ? target.lineEnding : '') }, start, blankedLength: blanked.length, addedBreak };
}

/** The first line at or after `from` that reads as `anchor`, exactly, then without trailing, then without any surrounding whitespace. */
export function findAnchor(lines: readonly string[], anchor: string, from: number): number | undefined {
  const forms: ((line: string) => string)[] = [(line) => line, (line) => line.trimEnd(), (line) => line.trim()];
  for (const form of forms) {
    const wanted = form(anchor);
    for (let index = from; index < lines.length; index++) {
      if (form(lines[index] as string) === wanted) return index;
    }
  }
  return undefined;
}
