import { regionLineIndexes } from '../lineChanges';
import { alreadyAppliedAt } from './alreadyApplied';
import type { EditLocation, EditTarget, LocatedEdit } from './editTypes';
import type { StepInput } from './ladderStep';
import { matchingWindows } from './matchingWindows';
import { partialWindows } from './partialLines';
import { comparableFileLines, comparableLine } from './regionSimilarity';
import { lineSpan } from './textLines';

/**
 * The rules every tolerant match passes before it applies (an exact match is the model's own words and needs none):
 * 1. Only candidate: no other region of the file equals old_str once everything any ladder step forgives is forgiven
 *    (trailing whitespace, indentation, look-alikes, runs of spaces), whole lines or starting or ending mid-line: the
 *    step that found a region does not decide alone. Similar blocks are rivals only to the similar-block step's own match (its margin); against a region equal
 *    but for whitespace they would refuse near misses in repetitive files and catch no wrong landing.
 * 2. Not already applied: new_str, compared the way the matching step compared old_str, is nowhere in the file,
 *    overlapping the region or not, unless wholly inside it (an edit that removes lines), new_str equals old_str
 *    that way, or has fewer than two telling lines.
 * Otherwise the edit is refused, naming every candidate or where new_str already is. Before these, the similar-block
 * step forgives a typo in old_str only with evidence (readTyposAsFile), and never in a line new_str changes.
 */
export function checkTolerantMatch(input: StepInput, found: LocatedEdit, key: (line: string) => string): EditLocation {
  const { target, block } = input;
  const region = regionLineIndexes(target.text, found.start, found.end);
  const rivals = rivalRegions(input, region.first);
  if (rivals.length > 0) {
    const count = block.oldLines.length;
    const all = [region.first, ...rivals].sort((a, b) => a - b).map((first) => lineSpan(first, count).replace(/^lines? /, ''));
    return {
      kind: 'refused',
      reason: `old_str matches ${lineSpan(region.first, count)} of ${target.shownPath} ${how(found)}, and other text matches it too once whitespace and look-alikes are forgiven (lines ${all.join(', ')}), so none was edited. Copy the text exactly and include more surrounding lines so that it matches one.`,
    };
  }
  const applied = alreadyAppliedAt(input.lines.lines, region, block, key, comparableFileLines(target.text).lines);
  if (applied === undefined) return { kind: 'found', edit: found };
  return { kind: 'refused', reason: alreadyAppliedReason(target, applied) };
}

export function alreadyAppliedReason(target: EditTarget, where: string): string {
  return `old_str was not found in ${target.shownPath} as it is, and new_str is already there at ${where}: the change looks already applied, so nothing was edited. Re-read the file with read_file before editing it again.`;
}

/**
 * The first lines of the other regions old_str equals once everything any step forgives is forgiven, where it starts
 * or ends mid-line too (as an exact search would find it).
 */
function rivalRegions(input: StepInput, first: number): number[] {
  const oldKeys = input.block.oldLines.map(comparableLine);
  const fileKeys = comparableFileLines(input.target.text).lines;
  const partial = partialWindows(fileKeys, oldKeys, input.block.oldEndsWithBreak);
  return [...new Set([...matchingWindows(fileKeys, oldKeys), ...partial.map((window) => window.first)])].filter((candidate) => candidate !== first).sort((a, b) => a - b);
}

/** `after ignoring indentation` or `as a 95%-similar block`, from the tolerance the step reported. */
function how(found: LocatedEdit): string {
  const said = found.tolerance ?? 'matched';
  const similar = /^matched a (\d+%)-similar region/.exec(said);
  return similar ? `as a ${similar[1] as string}-similar block` : said.replace(/^matched ?/, '').replace(/ at lines? [\d–]+.*$/, '');
}
