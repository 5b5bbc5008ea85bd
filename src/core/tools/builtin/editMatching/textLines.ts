/** A text cut into lines, with where each line starts and ends, so that a match of lines maps back to offsets. */
export interface TextLines {
  /** Each line's text, without its line ending. */
  lines: string[];
  /** Offset of each line's first character. */
  starts: number[];
  /** Offset just past each line's text, before its line ending. */
  ends: number[];
  /** Offset just past each line's line ending (equal to `ends` for a last line without one). */
  breaks: number[];
}

/** A final line break does not start a line, as in `splitLines`. */
export function textLines(text: string): TextLines {
  const result: TextLines = { lines: [], starts: [], ends: [], breaks: [] };
  let start = 0;
  while (start < text.length) {
    const newline = text.indexOf('\n', start);
    const lineBreak = newline === -1 ? text.length : newline + 1;
    const end = newline === -1 ? text.length : newline > start && text[newline - 1] === '\r' ? newline - 1 : newline;
    result.lines.push(text.slice(start, end));
    result.starts.push(start);
    result.ends.push(end);
    result.breaks.push(lineBreak);
    start = lineBreak;
  }
  return result;
}

/** `line 7` or `lines 10–14`, counting from 1. */
export function lineSpan(firstIndex: number, count: number): string {
  return count <= 1 ? `line ${firstIndex + 1}` : `lines ${firstIndex + 1}–${firstIndex + count}`;
}

/** Several runs of `count` lines, by their first line's index: `lines 3–5, lines 12–14`. */
export function lineSpans(firstIndexes: readonly number[], count: number): string {
  return firstIndexes.map((first) => lineSpan(first, count)).join(', ');
}

/** The lines without the blank ones at their start and end. */
export function trimBlankEdges(lines: readonly string[]): string[] {
  let first = 0;
  let last = lines.length;
  while (first < last && (lines[first] as string).trim() === '') first++;
  while (last > first && (lines[last - 1] as string).trim() === '') last--;
  return lines.slice(first, last);
}
