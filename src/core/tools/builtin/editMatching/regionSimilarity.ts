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
  return plainLookAlikes(line).trim().replace(/\s+/g, ' ');
}

/** Scores every region of `fileLines` against `oldLines` (both already comparable); undefined when too much work. */
export function rankRegions(fileLines: readonly string[], oldLines: readonly string[]): RegionRanking | undefined {
  const regionCount = fileLines.length - oldLines.length + 1;
  if (oldLines.length === 0 || regionCount < 1 || regionCount * oldLines.length > MAX_COMPARISONS) return undefined;
  const fileBigrams = fileLines.map(bigramsOf);
  const oldBigrams = oldLines.map(bigramsOf);
  const scores = new Float64Array(regionCount);
  for (let first = 0; first < regionCount; first++) {
    let total = 0;
    for (let offset = 0; offset < oldLines.length; offset++) {
      total += fileLines[first + offset] === oldLines[offset]
        ? 1
        : dice(fileBigrams[first + offset] as Float64Array, oldBigrams[offset] as Float64Array);
    }
    scores[first] = total / oldLines.length;
  }
  const best = bestRegion(scores, () => true) as ScoredRegion;
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
    if (allowed(first) && (!best || score > best.score)) best = { first, score };
  }
  return best;
}

/** The line's character pairs as sorted numbers, so that two lines compare in one merge. */
function bigramsOf(text: string): Float64Array {
  const bigrams = new Float64Array(Math.max(0, text.length - 1));
  for (let index = 0; index < bigrams.length; index++) bigrams[index] = text.charCodeAt(index) * 65_536 + text.charCodeAt(index + 1);
  return bigrams.sort();
}

/** Sørensen–Dice similarity of two sorted bigram multisets, 0 to 1; only called for lines that differ. */
function dice(a: Float64Array, b: Float64Array): number {
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
