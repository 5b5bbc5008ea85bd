import { baseEnd, computeHunks, currentEnd, lineStartOffsets, splitLinesKeepingEnds, type Hunk } from './lineHunks';

/**
 * Replace current lines `startLine` to `endLine` (exclusive), which are the characters `start` to
 * `end` (exclusive), with `text`. Lines and offsets refer to the text the replacement was made for.
 */
export interface Replacement {
  readonly startLine: number;
  readonly endLine: number;
  readonly start: number;
  readonly end: number;
  readonly text: string;
}

/**
 * The baseline once the user accepts `hunk`: its baseline lines become its current lines, so
 * that hunk disappears and every other one stays. Accepting several hunks of one diff is safe
 * from the bottom up; otherwise recompute the hunks after each. Throws when `hunk` does not
 * belong to `baseline` (hunks are stale once either text changes).
 */
export function acceptHunk(baseline: string, hunk: Hunk): string {
  const lines = splitLinesKeepingEnds(baseline);
  assertLinesAt(lines, hunk.baseStart, hunk.baseLines, 'baseline');
  return lines.slice(0, hunk.baseStart).join('') + hunk.currentLines.join('') + lines.slice(baseEnd(hunk)).join('');
}

/**
 * The edit of `current` that rejects `hunk`: its current lines go back to its baseline lines.
 * Rejecting several hunks of one diff is safe from the bottom up; otherwise recompute the hunks
 * after each. Throws when `hunk` does not belong to `current`.
 */
export function rejectHunk(current: string, hunk: Hunk): Replacement {
  const lines = splitLinesKeepingEnds(current);
  assertLinesAt(lines, hunk.currentStart, hunk.currentLines, 'current text');
  const starts = lineStartOffsets(lines);
  return {
    startLine: hunk.currentStart,
    endLine: currentEnd(hunk),
    start: starts[hunk.currentStart] ?? current.length,
    end: starts[currentEnd(hunk)] ?? current.length,
    text: hunk.baseLines.join(''),
  };
}

/** Accepting everything makes the current text the new baseline. */
export function acceptAll(current: string): string {
  return current;
}

/**
 * The single edit of `current` that rejects every hunk, restoring the baseline: it spans only the
 * lines from the first hunk to the last, so text outside them (and the cursor there) is left alone.
 * `undefined` when there is nothing to reject.
 */
export function rejectAll(baseline: string, current: string): Replacement | undefined {
  const hunks = computeHunks(baseline, current);
  const first = hunks[0];
  const last = hunks[hunks.length - 1];
  if (first === undefined || last === undefined) return undefined;
  const baseStarts = lineStartOffsets(splitLinesKeepingEnds(baseline));
  const starts = lineStartOffsets(splitLinesKeepingEnds(current));
  return {
    startLine: first.currentStart,
    endLine: currentEnd(last),
    start: starts[first.currentStart] ?? current.length,
    end: starts[currentEnd(last)] ?? current.length,
    text: baseline.slice(baseStarts[first.baseStart] ?? baseline.length, baseStarts[baseEnd(last)] ?? baseline.length),
  };
}

/** `text` with `replacement` applied. */
export function applyReplacement(text: string, replacement: Pick<Replacement, 'start' | 'end' | 'text'>): string {
  return text.slice(0, replacement.start) + replacement.text + text.slice(replacement.end);
}

/**
 * Where the rejected hunk's text is once it is rejected, as 1-based inclusive lines: its baseline
 * lines, or for a rejected insertion the line that followed it (for a note to the model).
 */
export function restoredLineRange(hunk: Hunk): { startLine: number; endLine: number } {
  const startLine = hunk.currentStart + 1;
  return { startLine, endLine: startLine + Math.max(0, hunk.baseLines.length - 1) };
}

function assertLinesAt(lines: readonly string[], start: number, expected: readonly string[], what: string): void {
  const matches = start >= 0 && start + expected.length <= lines.length && expected.every((line, i) => lines[start + i] === line);
  if (!matches) throw new Error(`The hunk at line ${start + 1} does not match the ${what}; compute the hunks again.`);
}
