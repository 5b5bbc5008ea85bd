import { describeMissingOldStr } from '../closestMatch';
import { regionLineIndexes } from '../lineChanges';
import { splitLines } from '../textFile';
import { alreadyAppliedAt } from './alreadyApplied';
import { blockRequest } from './blockRequest';
import type { EditLocation, EditRequest, EditTarget } from './editTypes';
import { exactMatch } from './exactMatch';
import { fuzzyStep } from './fuzzyStep';
import { indentationStep } from './indentationStep';
import { ambiguousAt, type LadderStep, type StepInput } from './ladderStep';
import { withoutLineNumbers } from './lineNumberPrefixes';
import { lookAlikeStep } from './lookAlikeStep';
import { plainLookAlikes } from './lookAlikes';
import { partialWindows, wholeLineBlock, type PartialWindow } from './partialLines';
import { comparableFileLines, comparableLine, rankRegions } from './regionSimilarity';
import { lineSpan, textLines } from './textLines';
import { trailingWhitespaceStep } from './trailingWhitespaceStep';
import { alreadyAppliedReason, checkTolerantMatch } from './tolerantMatchRules';

/**
 * The tolerances in the order they are tried, each with how it compares lines (the already-applied rule compares
 * new_str the same way); read_file's line-number prefixes are removed before any of them.
 */
const WHITESPACE_STEPS: readonly KeyedStep[] = [
  { step: trailingWhitespaceStep, key: (line) => line.trimEnd() },
  { step: indentationStep, key: (line) => line.trim() },
  { step: lookAlikeStep, key: (line) => plainLookAlikes(line).trim() },
];
const FUZZY_STEP: KeyedStep = { step: fuzzyStep, key: comparableLine };
/** The similar-block step's own floor for ranking regions, so that the ranking is shared with it. */
const PARTIAL_FLOOR = 0.5;

interface KeyedStep {
  step: LadderStep;
  key: (line: string) => string;
}

const PREFIXES_REMOVED = "removing read_file's line-number prefixes";

/** For old_str that is not in the file as it is: each tolerance in turn; the first region found applies if it passes the rules. */
export function matchingLadder(target: EditTarget, request: EditRequest): EditLocation {
  const withoutNumbers = withoutLineNumbers(request);
  if (!withoutNumbers) return tolerantMatch(target, request);
  const exact = exactMatch(target, withoutNumbers);
  if (exact?.kind === 'found') {
    const region = regionLineIndexes(target.text, exact.edit.start, exact.edit.end);
    const applied = alreadyAppliedAt(splitLines(target.text), region, blockRequest(withoutNumbers), (line) => line, comparableFileLines(target.text).lines);
    if (applied !== undefined) return { kind: 'refused', reason: alreadyAppliedReason(target, applied) };
    return { kind: 'found', edit: { ...exact.edit, tolerance: `matched after ${PREFIXES_REMOVED} at ${lineSpan(region.first, region.last - region.first + 1)}` } };
  }
  const location = exact ?? tolerantMatch(target, withoutNumbers);
  if (location.kind === 'refused') {
    return { kind: 'refused', reason: `${location.reason}\n(This is after ${PREFIXES_REMOVED} from old_str; leave them out of old_str and new_str.)` };
  }
  return { kind: 'found', edit: { ...location.edit, tolerance: `${location.edit.tolerance ?? 'matched'}, after ${PREFIXES_REMOVED}` } };
}

/**
 * The whitespace steps on whole lines, then on the lines old_str starts or ends in the middle of, then the similar
 * block step; every match found goes through the rules of checkTolerantMatch.
 */
function tolerantMatch(target: EditTarget, request: EditRequest): EditLocation {
  const block = blockRequest(request);
  if (block.oldLines.some((line) => line.trim() !== '')) {
    const input = { target, lines: textLines(target.text), block };
    const outcome = firstMatch(input, WHITESPACE_STEPS) ?? partialLineMatch(input) ?? firstMatch(input, [FUZZY_STEP]);
    if (outcome) return outcome;
  }
  return { kind: 'refused', reason: describeMissingOldStr(target.shownPath, target.text, request.oldStr, request.newStr) };
}

function firstMatch(input: StepInput, steps: readonly KeyedStep[]): EditLocation | undefined {
  for (const { step, key } of steps) {
    const outcome = step(input);
    if (outcome.kind === 'none') continue;
    if (outcome.kind === 'refused') return outcome;
    return checkTolerantMatch(outcome.matched ? { ...input, block: outcome.matched } : input, outcome.edit, key);
  }
  return undefined;
}

/** old_str that starts or ends mid-line, at the one place it fits: taken on whole lines through every step. */
function partialLineMatch(input: StepInput): EditLocation | undefined {
  const { block, lines, target } = input;
  const oldKeys = block.oldLines.map(comparableLine);
  const windows = partialWindows(comparableFileLines(target.text).lines, oldKeys, block.oldEndsWithBreak);
  if (windows.length === 0) {
    // Not equal anywhere, whitespace aside: the most similar region, on whole lines, goes to the similar-block step.
    const best = oldKeys.length > 1 ? rankRegions(target.text, oldKeys, PARTIAL_FLOOR)?.best : undefined;
    const whole = best && wholeLineBlock(lines.lines, block, best.first);
    return whole && firstMatch({ ...input, block: whole }, [FUZZY_STEP]);
  }
  if (windows.length > 1 || (windows[0] as PartialWindow).count > 1) {
    return ambiguousAt(input, windows.map((window) => window.first), 'once whitespace and look-alikes are forgiven (it may start or end mid-line)');
  }
  const whole = wholeLineBlock(lines.lines, block, (windows[0] as PartialWindow).first);
  return whole && firstMatch({ ...input, block: whole }, [...WHITESPACE_STEPS, FUZZY_STEP]);
}
