import { numberLines } from './numberedLines';

const SNIPPET_CONTEXT_LINES = 3;
const SNIPPET_MAX_LINES = 40;

/** Lines added and removed by replacing `before` with `after`, without lines both share at their start and end. */
export function countChangedLines(before: string, after: string): { added: number; removed: number } {
  const oldLines = before.split(/\r?\n/);
  const newLines = after.split(/\r?\n/);
  let shared = 0;
  while (shared < oldLines.length && shared < newLines.length && oldLines[shared] === newLines[shared]) shared++;
  let sharedEnd = 0;
  while (
    sharedEnd < oldLines.length - shared &&
    sharedEnd < newLines.length - shared &&
    oldLines[oldLines.length - 1 - sharedEnd] === newLines[newLines.length - 1 - sharedEnd]
  ) {
    sharedEnd++;
  }
  const removedLines = oldLines.length - shared - sharedEnd;
  const addedLines = newLines.length - shared - sharedEnd;
  // Text inserted within a line (`ab` → `aXb`) changes that one line.
  if (removedLines === 0 && addedLines === 0 && before !== after) return { added: 1, removed: 1 };
  return { added: addedLines, removed: removedLines };
}

/**
 * The lines from `start` to `end` (character offsets) of `text`, with a few lines around, numbered. Reads only
 * the text up to the region's end and the lines shown: a 10 MB file is not split into lines for a 7-line snippet.
 */
export function numberedSnippet(text: string, start: number, end: number): string {
  const { first: firstLine, last: lastLine } = regionLineIndexes(text, start, end);
  const from = Math.max(0, firstLine - SNIPPET_CONTEXT_LINES);
  let offset = start === 0 ? 0 : text.lastIndexOf('\n', start - 1) + 1;
  for (let line = firstLine; line > from; line--) offset = offset <= 1 ? 0 : text.lastIndexOf('\n', offset - 2) + 1;
  const wanted = Math.min(lastLine + SNIPPET_CONTEXT_LINES + 1 - from, SNIPPET_MAX_LINES);
  const lines: string[] = [];
  while (lines.length < wanted && offset < text.length) {
    const lineEnd = text.indexOf('\n', offset);
    if (lineEnd === -1) {
      lines.push(text.slice(offset));
      break;
    }
    lines.push(text.slice(offset, text[lineEnd - 1] === '\r' ? lineEnd - 1 : lineEnd));
    offset = lineEnd + 1;
  }
  const snippet = numberLines(lines, from + 1);
  return from + lines.length < lastLine + 1 ? `${snippet}\n…` : snippet;
}

/** The 0-based first and last line of the characters from `start` to `end`; a region's final line break belongs to its last line. */
export function regionLineIndexes(text: string, start: number, end: number): { first: number; last: number } {
  const first = lineIndexAt(text, start);
  return { first, last: first + lineBreaksBetween(text, start, Math.max(start, end - 1)) };
}

/** 0-based index of the line holding character `offset`. */
export function lineIndexAt(text: string, offset: number): number {
  return lineBreaksBetween(text, 0, offset);
}

function lineBreaksBetween(text: string, from: number, to: number): number {
  let count = 0;
  for (let index = text.indexOf('\n', from); index !== -1 && index < to; index = text.indexOf('\n', index + 1)) count++;
  return count;
}
