import type { BlockRequest } from './blockRequest';
import { matchingWindows } from './matchingWindows';
import { comparableLine } from './regionSimilarity';
import { lineSpans, trimBlankEdges } from './textLines';

/** Fewer lines than this of new_str can be in a file by chance (a lone `}`), so they say nothing about the change. */
const MIN_TELLING_LINES = 2;

/**
 * Where new_str already is in the file, outside the region found or overlapping it, with lines compared by `key`
 * (the matching step's own normalisation), when it differs from old_str that way: old_str is then most likely text
 * the change has already replaced, and applying it would make the change twice. new_str wholly inside the region is
 * part of old_str (an edit that removes lines), not the change made.
 */
export function alreadyAppliedAt(
  fileLines: readonly string[],
  region: { first: number; last: number },
  block: BlockRequest,
  key: (line: string) => string,
  comparableFile: readonly string[] = fileLines.map(comparableLine),
): string | undefined {
  const newKeys = trimBlankEdges(block.newLines.map(key));
  const oldKeys = trimBlankEdges(block.oldLines.map(key));
  if (newKeys.filter((line) => line.trim() !== '').length < MIN_TELLING_LINES) return undefined;
  if (newKeys.length === oldKeys.length && newKeys.every((line, index) => line === oldKeys[index])) return undefined;
  const inside = (first: number): boolean => first >= region.first && first + newKeys.length - 1 <= region.last;
  // The comparable lines forgive the most, so their windows hold every place; only those are compared by `key`.
  const candidates = matchingWindows(comparableFile, newKeys.map(comparableLine));
  const places = candidates.filter((first) => !inside(first) && newKeys.every((line, offset) => key(fileLines[first + offset] as string) === line));
  return places.length === 0 ? undefined : lineSpans(places, newKeys.length);
}
