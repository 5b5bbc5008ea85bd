import { numberLines } from './numberedLines';
import { splitLines } from './textFile';

/** Beyond this many line comparisons the fuzzy search is skipped (huge file and old_str). */
const MAX_COMPARISONS = 300_000;
const MIN_SIMILARITY = 0.5;
const MAX_SHOWN_LINES = 30;

/**
 * Why `oldStr` was not found in `fileText` and where the nearest candidate is, for the
 * model: read_file's line-number prefixes copied into old_str, a region that matches
 * except for whitespace, or the most similar region with its first differing line.
 */
export function describeMissingOldStr(shownPath: string, fileText: string, oldStr: string): string {
  const intro = `old_str was not found in ${shownPath}.`;
  const advice = 'Re-read the file with read_file (it may have changed) and copy the text exactly, including whitespace and indentation.';
  const fileLines = splitLines(fileText);
  const oldLines = trimBlankEdges(splitLines(oldStr));
  if (oldLines.length === 0) return `${intro} ${advice}`;

  if (oldLines.every((line) => /^\s*\d+\t/.test(line))) {
    return `${intro} Every line of old_str starts with a line number and a tab: those prefixes come from read_file's output and are not in the file. Remove them from old_str and try again.`;
  }
  const candidate = findClosestRegion(fileLines, oldLines);
  if (!candidate) return `${intro} Nothing in the file resembles it. ${advice}`;
  const { start, score } = candidate;
  const region = fileLines.slice(start, start + Math.min(oldLines.length, MAX_SHOWN_LINES));
  const where = `lines ${start + 1}–${start + oldLines.length}`;
  const shown = numberLines(region, start + 1) + (oldLines.length > MAX_SHOWN_LINES ? '\n…' : '');
  if (score === 1) {
    return `${intro} It matches ${where} only if whitespace is ignored: indentation or spacing differs. The file has:\n${shown}\n${advice}`;
  }
  const difference = firstDifference(fileLines, start, oldLines);
  return [
    `${intro} The most similar text is at ${where} (${Math.round(score * 100)}% similar):`,
    shown,
    ...(difference ? [difference] : []),
    advice,
  ].join('\n');
}

function findClosestRegion(fileLines: readonly string[], oldLines: readonly string[]): { start: number; score: number } | undefined {
  const windowCount = Math.max(1, fileLines.length - oldLines.length + 1);
  if (fileLines.length === 0 || windowCount * oldLines.length > MAX_COMPARISONS) return undefined;
  const normalizedFile = fileLines.map(normalizeWhitespace);
  const normalizedOld = oldLines.map(normalizeWhitespace);
  const fileBigrams = normalizedFile.map(bigramsOf);
  const oldBigrams = normalizedOld.map(bigramsOf);
  let best: { start: number; score: number } | undefined;
  for (let start = 0; start < windowCount; start++) {
    let total = 0;
    for (let offset = 0; offset < normalizedOld.length; offset++) {
      const fileIndex = start + offset;
      if (fileIndex >= normalizedFile.length) break;
      total += normalizedFile[fileIndex] === normalizedOld[offset]
        ? 1
        : dice(fileBigrams[fileIndex] as Map<string, number>, oldBigrams[offset] as Map<string, number>);
    }
    const score = total / normalizedOld.length;
    if (!best || score > best.score) best = { start, score };
    if (score === 1) break;
  }
  return best && best.score >= MIN_SIMILARITY ? best : undefined;
}

function firstDifference(fileLines: readonly string[], start: number, oldLines: readonly string[]): string | undefined {
  for (let offset = 0; offset < oldLines.length; offset++) {
    const fileLine = fileLines[start + offset];
    const oldLine = oldLines[offset] as string;
    if (fileLine === oldLine) continue;
    const lineNumber = start + offset + 1;
    return fileLine === undefined
      ? `old_str goes on past the end of the file at line ${lineNumber}.`
      : `First difference, line ${lineNumber}:\n  file:    ${JSON.stringify(fileLine)}\n  old_str: ${JSON.stringify(oldLine)}`;
  }
  return undefined;
}

function trimBlankEdges(lines: string[]): string[] {
  let first = 0;
  let last = lines.length;
  while (first < last && (lines[first] as string).trim() === '') first++;
  while (last > first && (lines[last - 1] as string).trim() === '') last--;
  return lines.slice(first, last);
}

function normalizeWhitespace(line: string): string {
  return line.trim().replace(/\s+/g, ' ');
}

function bigramsOf(text: string): Map<string, number> {
  const bigrams = new Map<string, number>();
  for (let index = 0; index < text.length - 1; index++) {
    const bigram = text.slice(index, index + 2);
    bigrams.set(bigram, (bigrams.get(bigram) ?? 0) + 1);
  }
  return bigrams;
}

/** Sørensen–Dice similarity of two bigram multisets, 0 to 1. */
function dice(a: Map<string, number>, b: Map<string, number>): number {
  let sizeA = 0;
  let sizeB = 0;
  let shared = 0;
  for (const count of a.values()) sizeA += count;
  for (const [bigram, count] of b) {
    sizeB += count;
    shared += Math.min(count, a.get(bigram) ?? 0);
  }
  return sizeA + sizeB === 0 ? 1 : (2 * shared) / (sizeA + sizeB);
}
