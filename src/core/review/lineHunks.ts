import { diffArrays } from 'diff';

/**
 * One place where the current text differs from the baseline, line by line. Indexes are 0-based
 * line numbers; lines keep their terminators, so joining them gives the exact text. A pure
 * insertion has no `baseLines` (they go before baseline line `baseStart`); a pure deletion has no
 * `currentLines` (the removed lines sat just before current line `currentStart`).
 */
export interface Hunk {
  readonly baseStart: number;
  readonly baseLines: readonly string[];
  readonly currentStart: number;
  readonly currentLines: readonly string[];
}

/** Exclusive end of the hunk's lines in the baseline. */
export function baseEnd(hunk: Hunk): number {
  return hunk.baseStart + hunk.baseLines.length;
}

/** Exclusive end of the hunk's lines in the current text. */
export function currentEnd(hunk: Hunk): number {
  return hunk.currentStart + hunk.currentLines.length;
}

/**
 * The text's lines, each with its own terminator (`\n` or `\r\n`); the last line may have none.
 * A lone `\r` is not a terminator. `''` has no lines; `'a\n'` has one.
 */
export function splitLinesKeepingEnds(text: string): string[] {
  const lines: string[] = [];
  let start = 0;
  for (let newline = text.indexOf('\n'); newline !== -1; newline = text.indexOf('\n', start)) {
    lines.push(text.slice(start, newline + 1));
    start = newline + 1;
  }
  if (start < text.length) lines.push(text.slice(start));
  return lines;
}

/** Character offset where each line starts, plus one last entry: the length of the whole text. */
export function lineStartOffsets(lines: readonly string[]): number[] {
  const starts = [0];
  let offset = 0;
  for (const line of lines) {
    offset += line.length;
    starts.push(offset);
  }
  return starts;
}

/** A run of lines the diff keeps, removes from the baseline or adds to the current text. */
interface Run {
  readonly kind: 'same' | 'removed' | 'added';
  readonly count: number;
}

/**
 * Above this many lines (baseline and current together) the changed region is first cut at
 * anchors, lines that occur exactly once on each side, as patience diff does; Myers' cost grows
 * with length × edit distance, and the stretches between anchors are short. Smaller regions are
 * diffed whole, which gives the shortest diff.
 */
const anchorAbove = 1_500;

/**
 * Above this many differing lines a stretch is reported as one change instead of being diffed:
 * a rewrite that large costs too much to align line by line and is reviewed as a whole anyway.
 */
const maxEditLength = 500;

/** The line-based differences between the baseline and the current text, top to bottom. */
export function computeHunks(baseline: string, current: string): Hunk[] {
  if (baseline === current) return [];
  const base = splitLinesKeepingEnds(baseline);
  const now = splitLinesKeepingEnds(current);

  // Skipping the common start and end is cheap and leaves the diff only the region that changed.
  let prefix = 0;
  const shorter = Math.min(base.length, now.length);
  while (prefix < shorter && base[prefix] === now[prefix]) prefix++;
  let suffix = 0;
  while (suffix < shorter - prefix && base[base.length - 1 - suffix] === now[now.length - 1 - suffix]) suffix++;

  // Comparing small integers is cheaper than comparing strings, and equal lines are common.
  const ids = new Map<string, number>();
  const toIds = (lines: readonly string[]): number[] => lines.map((line) => {
    let id = ids.get(line);
    if (id === undefined) {
      id = ids.size;
      ids.set(line, id);
    }
    return id;
  });
  const baseIds = toIds(base.slice(prefix, base.length - suffix));
  const nowIds = toIds(now.slice(prefix, now.length - suffix));
  const runs = baseIds.length + nowIds.length > anchorAbove ? diffAroundAnchors(baseIds, nowIds) : diffIds(baseIds, nowIds);
  return hunksFromRuns(runs, base, now, prefix);
}

function diffIds(base: number[], now: number[]): Run[] {
  if (base.length === 0 || now.length === 0) return changedRuns(base.length, now.length);
  const changes = diffArrays(base, now, { maxEditLength });
  if (changes === undefined) return changedRuns(base.length, now.length);
  return changes.map((change) => ({
    kind: change.added ? 'added' : change.removed ? 'removed' : 'same',
    count: change.value.length,
  }));
}

function changedRuns(removed: number, added: number): Run[] {
  const runs: Run[] = [];
  if (removed > 0) runs.push({ kind: 'removed', count: removed });
  if (added > 0) runs.push({ kind: 'added', count: added });
  return runs;
}

/**
 * Pairs the lines unique to each side that keep their order (the longest increasing run of
 * their positions) and diffs only the stretches between those anchors.
 */
function diffAroundAnchors(base: readonly number[], now: readonly number[]): Run[] {
  const countIn = (ids: readonly number[]): Map<number, number> => {
    const counts = new Map<number, number>();
    for (const id of ids) counts.set(id, (counts.get(id) ?? 0) + 1);
    return counts;
  };
  const baseCounts = countIn(base);
  const nowCounts = countIn(now);
  const nowIndexOf = new Map<number, number>();
  now.forEach((id, index) => {
    if (nowCounts.get(id) === 1 && baseCounts.get(id) === 1) nowIndexOf.set(id, index);
  });
  const pairs: Array<{ base: number; now: number }> = [];
  base.forEach((id, index) => {
    const nowIndex = nowIndexOf.get(id);
    if (nowIndex !== undefined) pairs.push({ base: index, now: nowIndex });
  });

  const runs: Run[] = [];
  let baseFrom = 0;
  let nowFrom = 0;
  for (const anchor of longestIncreasing(pairs)) {
    runs.push(...diffIds(base.slice(baseFrom, anchor.base), now.slice(nowFrom, anchor.now)), { kind: 'same', count: 1 });
    baseFrom = anchor.base + 1;
    nowFrom = anchor.now + 1;
  }
  runs.push(...diffIds(base.slice(baseFrom), now.slice(nowFrom)));
  return runs;
}

/** The longest subsequence of `pairs` (already ordered by `base`) whose `now` increases. */
function longestIncreasing<T extends { now: number }>(pairs: readonly T[]): T[] {
  const tails: number[] = []; // tails[k]: index in pairs of the smallest end of an increasing run of length k + 1
  const previous = new Array<number>(pairs.length).fill(-1);
  pairs.forEach((pair, index) => {
    let low = 0;
    let high = tails.length;
    while (low < high) {
      const middle = (low + high) >> 1;
      if ((pairs[tails[middle] ?? 0]?.now ?? 0) < pair.now) low = middle + 1;
      else high = middle;
    }
    if (low > 0) previous[index] = tails[low - 1] ?? -1;
    tails[low] = index;
  });
  const result: T[] = [];
  for (let index = tails[tails.length - 1] ?? -1; index !== -1; index = previous[index] ?? -1) {
    const pair = pairs[index];
    if (pair !== undefined) result.push(pair);
  }
  return result.reverse();
}

function hunksFromRuns(runs: readonly Run[], base: readonly string[], now: readonly string[], prefix: number): Hunk[] {
  const hunks: Hunk[] = [];
  let baseIndex = prefix;
  let nowIndex = prefix;
  let open: { baseStart: number; currentStart: number } | undefined;
  const close = (): void => {
    if (open === undefined) return;
    hunks.push({
      baseStart: open.baseStart,
      baseLines: base.slice(open.baseStart, baseIndex),
      currentStart: open.currentStart,
      currentLines: now.slice(open.currentStart, nowIndex),
    });
    open = undefined;
  };
  for (const run of runs) {
    if (run.kind === 'same') {
      close();
      baseIndex += run.count;
      nowIndex += run.count;
      continue;
    }
    open ??= { baseStart: baseIndex, currentStart: nowIndex };
    if (run.kind === 'removed') baseIndex += run.count;
    else nowIndex += run.count;
  }
  close();
  return hunks;
}

/** Lines the hunks add and remove, as a diff summary shows them (`+added -removed`). */
export function countLines(hunks: readonly Hunk[]): { added: number; removed: number } {
  let added = 0;
  let removed = 0;
  for (const hunk of hunks) {
    added += hunk.currentLines.length;
    removed += hunk.baseLines.length;
  }
  return { added, removed };
}
