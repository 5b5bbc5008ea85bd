import type { EditRequest, EditTarget } from '../../src/core/tools/builtin/editMatching/locateEdit';
import { createRandom, type Random } from '../random';
import { variantOf, type CorpusFile } from './corpusFiles';
import { corrupt } from './corruptions';
import { ATTEMPT_CLASSES, EXACT_CLASSES, NEAR_MISS_CLASSES, isRefusalClass, type AttemptClass, type CorruptionClass, type EditAttempt } from './editAttempt';
import { linesOf, pickIntendedEdit } from './intendedEdit';
import { countOf, draftOf, requestOf } from './refusals';

/** Classes whose requests do not cover whole lines, so a hunk cannot carry them. */
const PARTIAL_LINE_CLASSES: readonly AttemptClass[] = ['mid-line'];
/** The edit_file classes written as patches: every other request is whole lines, so it reads the same as a hunk. */
const CONVERTED_CLASSES = ATTEMPT_CLASSES.filter((attemptClass) => !PARTIAL_LINE_CLASSES.includes(attemptClass));
/** Near misses put in a hunk that an @@ line places (line numbers would number the file before the copy was added). */
const ANCHORED_NEAR_MISSES: readonly CorruptionClass[] = ['trailing whitespace', 'indentation shifted', 'tabs ↔ spaces', 'typographic look-alikes', 'one word off'];
export const SEVERAL_FILES = 'several files, near misses in each';
export const ANCHORED = '@@ line picks one of two copies';
export const SECOND_FILE_FAILS = 'must refuse: second file fails';
const PAIRS = 48;
const MAX_DRAWS = 40;
const MAX_ANCHOR_DISTANCE = 12;
const MIN_ANCHOR_CHARACTERS = 8;

/** One apply_patch call and the outcome it should have: every file as intended, or no file changed at all. */
export interface PatchAttempt {
  id: string;
  patchClass: string;
  /** Near misses count towards the first-try goal; must-refuse attempts must all be refused. */
  kind: 'exact' | 'near miss' | 'must refuse';
  files: ReadonlyMap<string, EditTarget>;
  patch: string;
  /** Each updated file's intended text by path, or undefined for a must-refuse attempt. */
  expected: ReadonlyMap<string, string> | undefined;
}

/**
 * The edit_file attempts written as patches (the same intended edits and corruptions, one hunk each), two of them on
 * two files in one patch, one with a must-refuse attempt as the second file, and edits that only an `@@` line
 * places, on a file holding the region twice.
 */
export function generatePatchAttempts(editAttempts: readonly EditAttempt[], files: readonly CorpusFile[], seed: number): PatchAttempt[] {
  const converted = editAttempts.filter((attempt) => CONVERTED_CLASSES.includes(attempt.attemptClass));
  const nearMisses = converted.filter((attempt) => (NEAR_MISS_CLASSES as readonly AttemptClass[]).includes(attempt.attemptClass));
  const refusals = converted.filter((attempt) => isRefusalClass(attempt.attemptClass));
  return [
    ...converted.map(singleFile),
    ...pairs(nearMisses, nearMisses).map(([first, second]) => twoFiles(SEVERAL_FILES, 'near miss', first, second)),
    ...pairs(nearMisses, refusals).map(([first, second]) => twoFiles(SECOND_FILE_FAILS, 'must refuse', first, second)),
    ...files.flatMap((file) => [0, 1].flatMap((number) => anchoredAttempt(file, number, createRandom(seed * 7919 + number + file.shownPath.length * 31)) ?? [])),
  ];
}

function singleFile(attempt: EditAttempt): PatchAttempt {
  const path = attempt.target.shownPath;
  return {
    id: `patch:${attempt.id}`,
    patchClass: isRefusalClass(attempt.attemptClass) ? `must refuse: ${attempt.attemptClass}` : attempt.attemptClass,
    kind: isRefusalClass(attempt.attemptClass) ? 'must refuse' : (EXACT_CLASSES as readonly AttemptClass[]).includes(attempt.attemptClass) ? 'exact' : 'near miss',
    files: new Map([[path, attempt.target]]),
    patch: patchText([updateSection(path, [], attempt.request)]),
    expected: attempt.expected.kind === 'applied' ? new Map([[path, attempt.expected.text]]) : undefined,
  };
}

function twoFiles(patchClass: string, kind: PatchAttempt['kind'], first: EditAttempt, second: EditAttempt): PatchAttempt {
  const paths = [first.target.shownPath, second.target.shownPath];
  const expected = [first, second].map((attempt) => (attempt.expected.kind === 'applied' ? attempt.expected.text : undefined));
  return {
    id: `patch:${first.id}+${second.id}`,
    patchClass,
    kind,
    files: new Map([first, second].map((attempt) => [attempt.target.shownPath, attempt.target])),
    patch: patchText([updateSection(paths[0] as string, [], first.request), updateSection(paths[1] as string, [], second.request)]),
    expected: expected.every((text) => text !== undefined) ? new Map(paths.map((path, index) => [path, expected[index] as string])) : undefined,
  };
}

/** Up to PAIRS pairs, one from each list, spread over them, never twice the same file. */
function pairs(firsts: readonly EditAttempt[], seconds: readonly EditAttempt[]): [EditAttempt, EditAttempt][] {
  const result: [EditAttempt, EditAttempt][] = [];
  const step = Math.max(1, Math.floor(firsts.length / PAIRS));
  for (let index = 0; index < firsts.length && result.length < PAIRS; index += step) {
    const first = firsts[index] as EditAttempt;
    const offset = Math.floor(seconds.length / 2) + index;
    const second = [...seconds.slice(offset % seconds.length), ...seconds].find((candidate) => fileOf(candidate) !== fileOf(first));
    if (second) result.push([first, second]);
  }
  return result;
}

function fileOf(attempt: EditAttempt): string {
  return attempt.target.shownPath.replace(/ \((CRLF|BOM)\)$/, '');
}

/**
 * A region copied above a line that names it (a function's or section's first line, unique in the file): without
 * the `@@` line the hunk matches twice, with it once. Sent clean or with a near miss.
 */
function anchoredAttempt(stored: CorpusFile, number: number, random: Random): PatchAttempt | undefined {
  const file = variantOf(stored, random.chance(0.15) ? 'CRLF' : 'as stored');
  const lines = linesOf(file);
  for (let draw = 0; draw < MAX_DRAWS; draw++) {
    const intended = pickIntendedEdit(file, random);
    if (!intended) continue;
    const anchorIndex = anchorAbove(lines, intended.firstLine);
    if (anchorIndex === undefined) continue;
    const copied = [...lines.slice(0, anchorIndex), ...intended.oldLines, ...lines.slice(anchorIndex)];
    const shift = intended.oldLines.length;
    const text = copied.join(file.lineEnding);
    const expected = [...copied.slice(0, intended.firstLine + shift), ...intended.newLines, ...copied.slice(intended.firstLine + shift + intended.oldLines.length)].join(file.lineEnding);
    const clean = draftOf(intended);
    const sent = random.chance(0.5) ? clean : corrupt(clean, random.pick(ANCHORED_NEAR_MISSES), random);
    if (!sent) continue;
    const request = requestOf(sent);
    if (sent !== clean && countOf(text, request.oldStr, file) !== 0) continue;
    const path = file.shownPath;
    return {
      id: `patch:${path}#${ANCHORED}#${number}`,
      patchClass: ANCHORED,
      kind: 'near miss',
      files: new Map([[path, { text, lineEnding: file.lineEnding, shownPath: path }]]),
      patch: patchText([updateSection(path, [lines[anchorIndex] as string], request)]),
      expected: new Map([[path, expected]]),
    };
  }
  return undefined;
}

/** The nearest line above `firstLine` that is long enough and the only one of its kind in the file, even trimmed. */
function anchorAbove(lines: readonly string[], firstLine: number): number | undefined {
  for (let index = firstLine - 1; index >= Math.max(0, firstLine - MAX_ANCHOR_DISTANCE); index--) {
    const line = (lines[index] as string).trim();
    if (line.length < MIN_ANCHOR_CHARACTERS) continue;
    if (lines.filter((other) => other.trim() === line).length === 1) return index;
  }
  return undefined;
}

function patchText(sections: readonly string[]): string {
  return ['*** Begin Patch', ...sections, '*** End Patch', ''].join('\n');
}

/** An `*** Update File` section with one hunk: the lines old_str and new_str share at either end as context, the rest removed and added. */
function updateSection(path: string, anchors: readonly string[], request: EditRequest): string {
  const oldLines = request.oldStr.split('\n');
  const newLines = request.newStr.split('\n');
  let head = 0;
  while (head < oldLines.length && head < newLines.length && oldLines[head] === newLines[head]) head++;
  let tail = 0;
  while (tail < oldLines.length - head && tail < newLines.length - head && oldLines[oldLines.length - 1 - tail] === newLines[newLines.length - 1 - tail]) tail++;
  const hunk = [
    ...oldLines.slice(0, head).map((line) => ` ${line}`),
    ...oldLines.slice(head, oldLines.length - tail).map((line) => `-${line}`),
    ...newLines.slice(head, newLines.length - tail).map((line) => `+${line}`),
    ...oldLines.slice(oldLines.length - tail).map((line) => ` ${line}`),
  ];
  const header = anchors.length === 0 ? ['@@'] : anchors.map((anchor) => `@@ ${anchor}`);
  return [`*** Update File: ${path}`, ...header, ...hunk].join('\n');
}
