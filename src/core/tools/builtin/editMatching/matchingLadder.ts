import { describeMissingOldStr } from '../closestMatch';
import { regionLineIndexes } from '../lineChanges';
import { splitLines } from '../textFile';
import { alreadyAppliedAt } from './alreadyApplied';
import { blockRequest } from './blockRequest';
import type { EditLocation, EditRequest, EditTarget } from './editTypes';
import { exactMatch } from './exactMatch';
import { fuzzyStep } from './fuzzyStep';
import { indentationStep } from './indentationStep';
import type { LadderStep } from './ladderStep';
import { withoutLineNumbers } from './lineNumberPrefixes';
import { lookAlikeStep } from './lookAlikeStep';
import { plainLookAlikes } from './lookAlikes';
import { comparableLine } from './regionSimilarity';
import { lineSpan, textLines } from './textLines';
import { trailingWhitespaceStep } from './trailingWhitespaceStep';
import { alreadyAppliedReason, checkTolerantMatch } from './tolerantMatchRules';

/**
 * The tolerances in the order they are tried, each with how it compares lines (the already-applied rule compares
 * new_str the same way); read_file's line-number prefixes are removed before any of them.
 */
const STEPS: readonly { step: LadderStep; key: (line: string) => string }[] = [
  { step: trailingWhitespaceStep, key: (line) => line.trimEnd() },
  { step: indentationStep, key: (line) => line.trim() },
  { step: lookAlikeStep, key: (line) => plainLookAlikes(line).trim() },
  { step: fuzzyStep, key: comparableLine },
];

const PREFIXES_REMOVED = "removing read_file's line-number prefixes";

/** For old_str that is not in the file as it is: each tolerance in turn, the first that finds one region wins. */
export function matchingLadder(target: EditTarget, request: EditRequest): EditLocation {
  const withoutNumbers = withoutLineNumbers(request);
  if (!withoutNumbers) return tolerantMatch(target, request);
  const exact = exactMatch(target, withoutNumbers);
  if (exact?.kind === 'found') {
    const region = regionLineIndexes(target.text, exact.edit.start, exact.edit.end);
    const applied = alreadyAppliedAt(splitLines(target.text), region, blockRequest(withoutNumbers), (line) => line);
    if (applied !== undefined) return { kind: 'refused', reason: alreadyAppliedReason(target, applied) };
    return { kind: 'found', edit: { ...exact.edit, tolerance: `matched after ${PREFIXES_REMOVED} at ${lineSpan(region.first, region.last - region.first + 1)}` } };
  }
  const location = exact ?? tolerantMatch(target, withoutNumbers);
  if (location.kind === 'refused') {
    return { kind: 'refused', reason: `${location.reason}\n(This is after ${PREFIXES_REMOVED} from old_str; leave them out of old_str and new_str.)` };
  }
  return { kind: 'found', edit: { ...location.edit, tolerance: `${location.edit.tolerance ?? 'matched'}, after ${PREFIXES_REMOVED}` } };
}

function tolerantMatch(target: EditTarget, request: EditRequest): EditLocation {
  const block = blockRequest(request);
  if (block.oldLines.some((line) => line.trim() !== '')) {
    const input = { target, lines: textLines(target.text), block };
    for (const { step, key } of STEPS) {
      const outcome = step(input);
      if (outcome.kind === 'none') continue;
      if (outcome.kind === 'refused') return outcome;
      return checkTolerantMatch(outcome.matched ? { ...input, block: outcome.matched } : input, outcome.edit, key);
    }
  }
  return { kind: 'refused', reason: describeMissingOldStr(target.shownPath, target.text, request.oldStr, request.newStr) };
}
