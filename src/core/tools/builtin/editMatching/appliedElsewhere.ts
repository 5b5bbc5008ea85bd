import type { BlockRequest } from './blockRequest';
import type { EditTarget, LocatedEdit } from './editTypes';
import { regionLineIndexes } from '../lineChanges';
import { matchingWindows } from './matchingWindows';
import { comparableFileLines, comparableLine } from './regionSimilarity';
import { lineSpans, trimBlankEdges } from './textLines';

/** Fewer lines than this of new_str can be in a file by chance (a lone `}`), so they say nothing about the change. */
const MIN_TELLING_LINES = 2;

/**
 * Where new_str already is in the file outside the region a tolerant step found, whitespace and look-alikes aside,
 * when it differs from old_str beyond them: old_str then is most likely text the change has already replaced
 * there, and applying it to the found region would make the change twice.
 */
export function appliedElsewhere(target: EditTarget, block: BlockRequest, found: LocatedEdit): string | undefined {
  const newLines = trimBlankEdges(block.newLines.map(comparableLine));
  const oldLines = trimBlankEdges(block.oldLines.map(comparableLine));
  if (newLines.filter((line) => line !== '').length < MIN_TELLING_LINES) return undefined;
  if (newLines.length === oldLines.length && newLines.every((line, index) => line === oldLines[index])) return undefined;
  const region = regionLineIndexes(target.text, found.start, found.end);
  const outside = (first: number): boolean => first + newLines.length - 1 < region.first || first > region.last;
  const places = matchingWindows(comparableFileLines(target.text).lines, newLines).filter(outside);
  return places.length === 0 ? undefined : lineSpans(places, newLines.length);
}
