import { numberLines } from './numberedLines';
import { splitLines } from './textFile';

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

/** The lines from `start` to `end` (character offsets) of `text`, with a few lines around, numbered. */
export function numberedSnippet(text: string, start: number, end: number): string {
  const lines = splitLines(text);
  const { first: firstLine, last: lastLine } = regionLineIndexes(text, start, end);
  const from = Math.max(0, firstLine - SNIPPET_CONTEXT_LINES);
  const to = Math.min(lines.length, lastLine + SNIPPET_CONTEXT_LINES + 1, from + SNIPPET_MAX_LINES);
  const snippet = numberLines(lines.slice(from, to), from + 1);
  return to < lastLine + 1 ? `${snippet}\n…` : snippet;
}

/** The 0-based first and last line of the characters from `start` to `end`; a region's final line break belongs to its last line. */
export function regionLineIndexes(text: string, start: number, end: number): { first: number; last: number } {
  const first = lineIndexAt(text, start);
  return { first, last: Math.max(first, lineIndexAt(text, Math.max(start, end - 1))) };
}

/** 0-based index of the line holding character `offset`. */
export function lineIndexAt(text: string, offset: number): number {
  let line = 0;
  for (let index = text.indexOf('\n'); index !== -1 && index < offset; index = text.indexOf('\n', index + 1)) line++;
  return line;
}
