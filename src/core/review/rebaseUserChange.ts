import { applyReplacement } from './hunkActions';
import { computeHunks, currentEnd, lineStartOffsets, splitLinesKeepingEnds, type Hunk } from './lineHunks';

/** An edit of a text: characters `start` to `end` (exclusive) become `text`. */
export interface TextChange {
  readonly start: number;
  readonly end: number;
  readonly text: string;
}

/**
 * The baseline after the user (not the agent) makes `change` to `currentBefore`, so the user's
 * own edit does not show up as an agent hunk: the same edit applied at the matching place of the
 * baseline. `undefined` when the edit touches an agent hunk; the caller then keeps the baseline,
 * and the user's tweak becomes part of that hunk.
 *
 * The edit is compared line by line. It touches a hunk when it changes one of the hunk's current
 * lines (including joining one to a neighbour, or typing at its start or end), or, for a pure
 * deletion, when it spans the place the lines were removed from or inserts whole lines exactly
 * there (they could belong above or below the removed lines). Whole lines inserted or deleted
 * just above or below a hunk that has current lines, or an edit of the line just before or after
 * a deletion, do not touch it: the hunk stays exactly as it was.
 *
 * `hunks` may be passed when the caller already has them for these two texts.
 */
export function rebaseUserChange(baseline: string, currentBefore: string, change: TextChange, hunks: readonly Hunk[] = computeHunks(baseline, currentBefore)): string | undefined {
  if (change.start < 0 || change.end < change.start || change.end > currentBefore.length) return undefined;
  const lines = splitLinesKeepingEnds(currentBefore);
  const starts = lineStartOffsets(lines);
  const endsWithLineBreak = (text: string): boolean => text === '' || text.endsWith('\n');
  // Past the last line there is an empty line when the text ends with a line break (or is empty).
  const lastLine = endsWithLineBreak(currentBefore) ? lines.length : lines.length - 1;
  const lineAt = (offset: number): number => Math.min(lastLine, lastIndexAtMost(starts, offset));

  // The current lines the edit rewrites: [first, end). An edit that ends at the start of a line
  // leaves that line alone when what it puts before it ends with a line break (or is nothing).
  const first = lineAt(change.start);
  const before = currentBefore.slice(starts[first] ?? currentBefore.length, change.start) + change.text;
  const endLine = lineAt(change.end);
  const end = starts[endLine] === change.end && (before === '' || before.endsWith('\n')) ? endLine : endLine + 1;

  let shift = 0; // baseline line index minus current line index, at line `first`
  for (const hunk of hunks) {
    const hunkStart = hunk.currentStart;
    const hunkEnd = currentEnd(hunk);
    const touches = hunkStart === hunkEnd
      ? (first < hunkStart && hunkStart < end) || (first === end && first === hunkStart)
      : first < hunkEnd && hunkStart < end;
    if (touches) return undefined;
    if (hunkEnd <= first) shift = hunk.baseStart + hunk.baseLines.length - hunkEnd;
  }

  // Lines first..end are the same on both sides, so the edit moves over by a constant offset;
  // the empty line past the end (or a place there to insert lines at) exists in the baseline
  // only when it too ends with a line break.
  const baseStarts = lineStartOffsets(splitLinesKeepingEnds(baseline));
  const baseLineCount = baseStarts.length - 1;
  const reachesBaseEnd = end + shift > baseLineCount || (first === end && first + shift === baseLineCount);
  if (reachesBaseEnd && !endsWithLineBreak(baseline)) return undefined;
  const delta = (baseStarts[first + shift] ?? baseline.length) - (starts[first] ?? currentBefore.length);
  return applyReplacement(baseline, { start: change.start + delta, end: change.end + delta, text: change.text });
}

/**
 * `rebaseUserChange` for all the content changes of one document change event. VS Code reports
 * them (`TextDocumentChangeEvent.contentChanges`) each relative to the text before the event, in
 * descending offset order. They are applied from the highest offset down (sorted here, so any
 * order works; ties keep the order given), each against the texts as updated by the ones above
 * it, whose edits lie entirely after it and so do not move it. Changes that touch an agent hunk leave
 * the baseline alone; the others are rebased. Returns the new baseline (the old one when no
 * change could be rebased).
 */
export function rebaseUserChanges(baseline: string, currentBefore: string, changes: readonly TextChange[]): string {
  const highestFirst = [...changes].sort((a, b) => b.start - a.start || b.end - a.end);
  let nextBaseline = baseline;
  let current = currentBefore;
  for (const change of highestFirst) {
    nextBaseline = rebaseUserChange(nextBaseline, current, change) ?? nextBaseline;
    current = applyReplacement(current, change);
  }
  return nextBaseline;
}

/** Index of the last value in ascending `values` that is at most `target` (0 when none is). */
function lastIndexAtMost(values: readonly number[], target: number): number {
  let low = 0;
  let high = values.length - 1;
  while (low < high) {
    const middle = (low + high + 1) >> 1;
    if ((values[middle] ?? Infinity) <= target) low = middle;
    else high = middle - 1;
  }
  return low;
}
