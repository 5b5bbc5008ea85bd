import type { BlockRequest } from './blockRequest';
import { keptLines } from './keptLines';
import { comparableLine } from './regionSimilarity';

/**
 * A typo is one word off by at most this many character edits (a letter dropped, doubled or changed, or two
 * neighbours swapped, count one each). On the edits benchmark over four seeds, bounds 1 to 3 land the same near misses
 * and add no wrong landing, while any one word, unbounded, adds 94 wrong landings (mostly already-applied edits read
 * as typos of the new text): 2 allows two slips in a word and stays well clear of that.
 */
export const MAX_TYPO_EDITS = 2;

/**
 * old_str with each mistyped line read as the file's line, when new_str is the evidence: old_str's line differs from
 * the file's (`fileLines`, comparable, the region's) by a small typo, and new_str keeps the file's line there (new_str's
 * copy of it, paired with it as a kept line, equals the file's). Such a line of old_str becomes new_str's copy of it,
 * so that it counts as context and is written back as the file has it. Lines without that evidence stay as they are.
 */
export function readTyposAsFile(block: BlockRequest, fileLines: readonly string[]): { block: BlockRequest; lines: number[] } {
  const unchanged = { block, lines: [] };
  const oldKeys = block.oldLines.map(comparableLine);
  const newKeys = block.newLines.map(comparableLine);
  const keptBefore = keptLines(oldKeys, newKeys);
  const keptOld = new Set(keptBefore.filter((index) => index !== undefined));
  // A line new_str copies with the same typo is the model's copy, not evidence of the file's line.
  const typos = oldKeys.flatMap((line, offset) => (!keptOld.has(offset) && line !== fileLines[offset] && isTypo(line, fileLines[offset] ?? '') ? [offset] : []));
  if (typos.length === 0) return unchanged;
  const asFile = oldKeys.map((line, offset) => (typos.includes(offset) ? (fileLines[offset] as string) : line));
  const kept = keptLines(asFile, newKeys);
  const read = kept.flatMap((oldIndex, newIndex) => (oldIndex !== undefined && typos.includes(oldIndex) ? [{ oldIndex, newIndex }] : []));
  // Each line read as the file's must pair with new_str's line in its place: every line kept before stays kept.
  if (kept.filter((index) => index !== undefined).length !== keptOld.size + read.length) return unchanged;
  // new_str that only puts the file's line back changes nothing: the change is already there, not a typo.
  if (kept.every((index) => index !== undefined) && newKeys.length === oldKeys.length) return unchanged;
  const oldLines = [...block.oldLines];
  for (const { oldIndex, newIndex } of read) oldLines[oldIndex] = block.newLines[newIndex] as string;
  return { block: { ...block, oldLines }, lines: read.map(({ oldIndex }) => oldIndex).sort((a, b) => a - b) };
}

/** A shorter word, or a number, changed is another word or value (`id` for `is`, `3` for `5`), not a slip. */
const MIN_TYPO_WORD = /^(?=\w*[A-Za-z])\w{4,}$/;

/** Whether two lines (comparable) differ in one word only (of 4 or more characters in the file), by at most MAX_TYPO_EDITS character edits. */
export function isTypo(line: string, fileLine: string): boolean {
  const words = tokens(line);
  const fileWords = tokens(fileLine);
  if (words.length !== fileWords.length) return false;
  const differing = words.flatMap((word, index) => (word === fileWords[index] ? [] : [index]));
  if (differing.length !== 1) return false;
  const index = differing[0] as number;
  const word = words[index] as string;
  const fileWord = fileWords[index] as string;
  return /^\w+$/.test(word) && MIN_TYPO_WORD.test(fileWord) && editDistance(word, fileWord) <= MAX_TYPO_EDITS;
}

function tokens(line: string): string[] {
  return line.match(/\w+|[^\w\s]/g) ?? [];
}

/** Edits (insert, delete, change, swap of neighbours) that turn one word into the other (optimal string alignment). */
function editDistance(a: string, b: string): number {
  const rows = a.length + 1;
  const columns = b.length + 1;
  const cost = new Uint16Array(rows * columns);
  for (let i = 0; i < rows; i++) cost[i * columns] = i;
  for (let j = 0; j < columns; j++) cost[j] = j;
  for (let i = 1; i < rows; i++) {
    for (let j = 1; j < columns; j++) {
      const change = a[i - 1] === b[j - 1] ? 0 : 1;
      let best = Math.min((cost[(i - 1) * columns + j] as number) + 1, (cost[i * columns + j - 1] as number) + 1, (cost[(i - 1) * columns + j - 1] as number) + change);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) best = Math.min(best, (cost[(i - 2) * columns + j - 2] as number) + 1);
      cost[i * columns + j] = best;
    }
  }
  return cost[rows * columns - 1] as number;
}
