import { splitLines } from '../textFile';
import { plainLookAlikes } from './lookAlikes';

/** Beyond this many line comparisons, similar regions are not searched (huge file and old_str). */
export const MAX_COMPARISONS = 300_000;

/** A run of file lines as long as old_str, and how alike they are, 0 to 1 (the mean of its lines). */
export interface ScoredRegion {
  first: number;
  score: number;
}

export interface RegionRanking {
  best: ScoredRegion;
  /** The most similar region that does not overlap the best one. */
  second: ScoredRegion | undefined;
}

/** A line as compared for similarity: look-alikes plain, whitespace runs as one space, no indentation. */
export function comparableLine(line: string): string {
  const trimmed = plainLookAlikes(line).trim();
  return /\s\s|[^\S ]/.test(trimmed) ? trimmed.replace(/\s+/g, ' ') : trimmed;
}

/** The file's lines made comparable, with their bigrams; kept for the last file, which the ladder and the refusal both read. */
let lastFile: { text: string; lines: string[]; bigrams: Uint32Array[] } | undefined;

export function comparableFileLines(text: string): { lines: string[]; bigrams: Uint32Array[] } {
  if (lastFile?.text !== text) {
    const lines = splitLines(text).map(comparableLine);
    lastFile = { text, lines, bigrams: bigramsOfLines(lines) };
  }
  return lastFile;
}

/**
 * Scores every region of the file against old_str's lines (already comparable): the best one and the best one that
 * does not overlap it, each only when at least `floor` alike (a region is dropped as soon as it cannot reach it).
 * Undefined when that is too much work.
 */
export function rankRegions(fileText: string, oldLines: readonly string[], floor: number): RegionRanking | undefined {
  const key = `${floor}\n${oldLines.join('\n')}`;
  if (lastRanking?.fileText !== fileText || lastRanking.key !== key) lastRanking = { fileText, key, ranking: scoreRegions(fileText, oldLines, floor) };
  return lastRanking.ranking;
}

/** The last ranking, which the fuzzy step and then the refusal ask for alike. */
let lastRanking: { fileText: string; key: string; ranking: RegionRanking | undefined } | undefined;

function scoreRegions(fileText: string, oldLines: readonly string[], floor: number): RegionRanking | undefined {
  const file = comparableFileLines(fileText);
  const regionCount = file.lines.length - oldLines.length + 1;
  if (oldLines.length === 0 || regionCount < 1 || regionCount * oldLines.length > MAX_COMPARISONS) return undefined;
  const oldBigrams = bigramsOfLines(oldLines);
  // The longest lines first: they tell regions apart soonest, so unlike regions are dropped after few comparisons.
  const order = oldLines.map((_, offset) => offset).sort((a, b) => (oldLines[b] as string).length - (oldLines[a] as string).length);
  const needed = floor * oldLines.length;
  const scores = new Float64Array(regionCount).fill(-1);
  for (let first = 0; first < regionCount; first++) {
    let total = 0;
    let remaining = oldLines.length;
    for (const offset of order) {
      remaining--;
      if (file.lines[first + offset] === oldLines[offset]) {
        total += 1;
        continue;
      }
      const fileBigrams = file.bigrams[first + offset] as Uint32Array;
      const lineBigrams = oldBigrams[offset] as Uint32Array;
      const bound = (2 * Math.min(fileBigrams.length, lineBigrams.length)) / (fileBigrams.length + lineBigrams.length || 1);
      if (total + bound + remaining < needed) break;
      total += dice(fileBigrams, lineBigrams);
      if (total + remaining < needed) break;
    }
    if (remaining === 0 && total >= needed) scores[first] = total / oldLines.length;
  }
  const best = bestRegion(scores, () => true);
  if (!best) return undefined;
  const second = bestRegion(scores, (first) => Math.abs(first - best.first) >= oldLines.length);
  return { best, second };
}

/** How alike each line of the region at `first` is to old_str's line beside it. */
export function lineSimilarities(fileLines: readonly string[], oldLines: readonly string[], first: number): number[] {
  return oldLines.map((line, offset) => {
    const fileLine = fileLines[first + offset] as string;
    return fileLine === line ? 1 : dice(bigramsOf(fileLine), bigramsOf(line));
  });
}

export function percent(score: number): string {
  return `${Math.floor(score * 100)}%`;
}

function bestRegion(scores: Float64Array, allowed: (first: number) => boolean): ScoredRegion | undefined {
  let best: ScoredRegion | undefined;
  for (let first = 0; first < scores.length; first++) {
    const score = scores[first] as number;
    if (score >= 0 && allowed(first) && (!best || score > best.score)) best = { first, score };
  }
  return best;
}

/** The line's character pairs as sorted numbers, so that two lines compare in one merge. */
function bigramsOf(text: string): Uint32Array {
  return bigramsOfLines([text])[0] as Uint32Array;
}

/** The bigrams of many lines in one buffer (one allocation for a whole file), each line's a view of it. */
function bigramsOfLines(lines: readonly string[]): Uint32Array[] {
  let total = 0;
  for (const line of lines) total += Math.max(0, line.length - 1);
  const buffer = new Uint32Array(total);
  const views: Uint32Array[] = [];
  let start = 0;
  for (const line of lines) {
    const count = Math.max(0, line.length - 1);
    for (let index = 0; index < count; index++) buffer[start + index] = line.charCodeAt(index) * 65_536 + line.charCodeAt(index + 1);
    views.push(buffer.subarray(start, start + count).sort());
    start += count;
  }
  return views;
}

/** Sørensen–Dice similarity of two sorted bigram multisets, 0 to 1; only called for lines that differ. */
function dice(a: Uint32Array, b: Uint32Array): number {
  if (a.length + b.length === 0) return 0;
  let shared = 0;
  let indexA = 0;
  let indexB = 0;
  while (indexA < a.length && indexB < b.length) {
    const valueA = a[indexA] as number;
    const valueB = b[indexB] as number;
    if (valueA === valueB) {
      shared++;
      indexA++;
      indexB++;
    } else if (valueA < valueB) {
      indexA++;
    } else {
      indexB++;
    }
  }
  return (2 * shared) / (a.length + b.length);
}
