import type { EditRequest } from '../../src/core/tools/builtin/editMatching/locateEdit';
import type { Random } from '../random';
import type { CorpusFile } from './corpusFiles';
import { corrupt, MIN_TYPO_BLOCK_LINES, typoInOldStrOnly, type Draft } from './corruptions';
import type { CorruptionClass, RefusalClass } from './editAttempt';
import { indentationOf, INSERTED_LINE, linesOf, pickIntendedEdit, type IntendedEdit } from './intendedEdit';

/** A request that names no single intended region of `text`, the file it is sent for. */
export interface RefusalDraft {
  text: string;
  request: EditRequest;
}

const FAR_AWAY_LINES = 10;
const MIN_FOREIGN_LINE = 8;

/** One attempt of `refusalClass` on `file` (`others`: the rest of the corpus), or undefined when this draw found none. */
export function draftRefusal(refusalClass: RefusalClass, file: CorpusFile, others: readonly CorpusFile[], random: Random): RefusalDraft | undefined {
  if (refusalClass === 'ambiguous') return random.chance(0.5) ? repeatedLines(file, random) : duplicatedBlock(file, random);
  if (refusalClass === 'not present') return foreignRegion(file, others, random);
  if (refusalClass === 'closer to another region') return closerToAnother(file, random);
  if (refusalClass === 'ambiguous across steps') return ambiguousAcrossSteps(file, random);
  if (refusalClass === 'already applied, overlapping') return alreadyAppliedOverlapping(file, random);
  if (refusalClass === 'typo in old_str only, changed line') return typoInChangedLine(file, random);
  return alreadyApplied(file, random);
}

/** A line (or two) the file has more than once, as in `}` or `return nil`. */
function repeatedLines(file: CorpusFile, random: Random): RefusalDraft | undefined {
  const lines = linesOf(file);
  const counts = new Map<string, number>();
  for (const line of lines) counts.set(line, (counts.get(line) ?? 0) + 1);
  const repeated = lines.flatMap((line, index) => (line.trim() !== '' && (counts.get(line) ?? 0) > 1 ? [index] : []));
  if (repeated.length === 0) return undefined;
  const index = random.pick(repeated);
  const pair = [lines[index], lines[index + 1]].join('\n');
  const oldStr = random.chance(0.5) && (lines[index + 1] ?? '').trim() !== '' && countOf(file.text, pair, file) > 1 ? pair : (lines[index] as string);
  if (countOf(file.text, oldStr, file) < 2) return undefined;
  return { text: file.text, request: { oldStr, newStr: `${oldStr}\n${lines[index]}` } };
}

/** A region copied elsewhere in the file, so it is there twice; sent as is or with its whitespace off. */
function duplicatedBlock(file: CorpusFile, random: Random): RefusalDraft | undefined {
  const intended = pickIntendedEdit(file, random);
  if (!intended) return undefined;
  const text = insertLines(file, farLine(file, intended, random), intended.oldLines);
  if (text === undefined) return undefined;
  const draft = draftOf(intended);
  const sent = random.chance(0.5) ? (corrupt(draft, random.pick<CorruptionClass>(['trailing whitespace', 'indentation shifted', 'tabs ↔ spaces']), random) ?? draft) : draft;
  return { text, request: requestOf(sent) };
}

/** A region of another language's file, none of whose longer lines are in this file. */
function foreignRegion(file: CorpusFile, others: readonly CorpusFile[], random: Random): RefusalDraft | undefined {
  const other = random.pick(others.filter((candidate) => candidate.language !== file.language));
  const intended = pickIntendedEdit(other, random);
  if (!intended) return undefined;
  const fileLines = new Set(linesOf(file).map((line) => line.trim()));
  if (intended.oldLines.some((line) => line.trim().length >= MIN_FOREIGN_LINE && fileLines.has(line.trim()))) return undefined;
  return { text: file.text, request: requestOf(draftOf(intended)) };
}

/**
 * Two alike regions, A (the one the model means) and a copy B with one word changed; old_str is B with a typo in
 * another line, so it is closer to B than to A although new_str edits A.
 */
function closerToAnother(file: CorpusFile, random: Random): RefusalDraft | undefined {
  const intended = pickIntendedEdit(file, random);
  if (!intended) return undefined;
  const words = intended.keptLines.flatMap(({ old: index }) => [...(intended.oldLines[index] ?? '').matchAll(/[A-Za-z]{4,}/g)].map((match) => ({ index, at: match.index, word: match[0] })));
  if (words.length === 0) return undefined;
  const { index, at, word } = random.pick(words);
  const changedLine = (intended.oldLines[index] as string).slice(0, at) + `${word}Alt` + (intended.oldLines[index] as string).slice(at + word.length);
  const other = intended.oldLines.map((line, current) => (current === index ? changedLine : line));
  const text = insertLines(file, farLine(file, intended, random), other);
  if (text === undefined) return undefined;
  const typoLines = intended.keptLines.filter((kept) => kept.old !== index);
  const sent = corrupt({ ...draftOf(intended), oldLines: other, keptLines: typoLines }, 'one word off', random);
  return sent && { text, request: requestOf(sent) };
}

/** The file already holds new_str where old_str was: the model sends the same edit again, sometimes with a mistake. */
function alreadyApplied(file: CorpusFile, random: Random): RefusalDraft | undefined {
  const intended = pickIntendedEdit(file, random);
  // A line added after the region leaves the region whole: sending it again is a fair request for a second line.
  if (!intended || countOf(intended.expectedText, intended.oldLines.join('\n'), file) > 0) return undefined;
  const draft = draftOf(intended);
  const sent = random.chance(0.5) ? corrupt(draft, random.pick<CorruptionClass>(['trailing whitespace', 'indentation shifted', 'line-number prefixes', 'one word off']), random) : draft;
  return sent && { text: intended.expectedText, request: requestOf(sent) };
}

/**
 * The region twice: as it is, and far away with its indentation changed. old_str is the region with trailing
 * whitespace added, so one copy matches once trailing whitespace is forgiven and the other once indentation is.
 */
function ambiguousAcrossSteps(file: CorpusFile, random: Random): RefusalDraft | undefined {
  const intended = pickIntendedEdit(file, random);
  if (!intended) return undefined;
  const unit = intended.oldLines.some((line) => line.startsWith('\t')) ? '\t' : random.pick(['  ', '    ']);
  const copy = intended.oldLines.map((line) => (line.trim() === '' ? line : unit + line));
  const text = insertLines(file, farLine(file, intended, random), copy);
  const sent = corrupt(draftOf(intended), 'trailing whitespace', random);
  return text === undefined || !sent ? undefined : { text, request: requestOf(sent) };
}

/**
 * The file already holds new_str, which is old_str with a line added before or after it; old_str is sent with its
 * whitespace off, so it matches the block inside new_str: applying it would add the line a second time.
 */
function alreadyAppliedOverlapping(file: CorpusFile, random: Random): RefusalDraft | undefined {
  const intended = pickIntendedEdit(file, random);
  if (!intended) return undefined;
  const { oldLines } = intended;
  const before = random.chance(0.5);
  const added = indentationOf(before ? (oldLines[0] as string) : (oldLines.at(-1) as string)) + INSERTED_LINE[file.language](random.int(1, 999));
  const newLines = before ? [added, ...oldLines] : [...oldLines, added];
  const keptLines = oldLines.map((_, index) => ({ old: index, new: before ? index + 1 : index }));
  const lines = linesOf(file);
  const text = [...lines.slice(0, intended.firstLine), ...newLines, ...lines.slice(intended.firstLine + oldLines.length)].join(file.lineEnding);
  const mistake = random.pick<CorruptionClass>(['trailing whitespace', 'indentation shifted', 'tabs ↔ spaces', 'typographic look-alikes']);
  const sent = corrupt({ oldLines, newLines, keptLines, firstLine: intended.firstLine }, mistake, random);
  return sent && { text, request: requestOf(sent) };
}

/** A word mistyped in old_str in a line new_str changes: the line's old text is not in the file, so nothing says what to change. */
function typoInChangedLine(file: CorpusFile, random: Random): RefusalDraft | undefined {
  const intended = pickIntendedEdit(file, random);
  if (!intended || intended.oldLines.length < MIN_TYPO_BLOCK_LINES) return undefined;
  const sent = typoInOldStrOnly(draftOf(intended), 'changed', random);
  return sent && { text: file.text, request: requestOf(sent) };
}

export function draftOf(intended: IntendedEdit): Draft {
  return { oldLines: intended.oldLines, newLines: intended.newLines, keptLines: intended.keptLines, firstLine: intended.firstLine };
}

export function requestOf(draft: Draft): EditRequest {
  return { oldStr: draft.oldLines.join('\n'), newStr: draft.newLines.join('\n') };
}

/** How often `search` (with `\n`, or with the file's line ending) occurs in `text`. */
export function countOf(text: string, search: string, file: CorpusFile): number {
  const count = (needle: string): number => (needle === '' ? 0 : text.split(needle).length - 1);
  return Math.max(count(search), count(search.replace(/\n/g, file.lineEnding)));
}

/** A line index at least FAR_AWAY_LINES from the intended region, or undefined for a file too short. */
function farLine(file: CorpusFile, intended: IntendedEdit, random: Random): number | undefined {
  const usable = linesOf(file).length - 1;
  const regionEnd = intended.firstLine + intended.oldLines.length;
  const choices = Array.from({ length: usable + 1 }, (_, index) => index).filter((index) => index <= intended.firstLine - FAR_AWAY_LINES || index >= regionEnd + FAR_AWAY_LINES);
  return choices.length === 0 ? undefined : random.pick(choices);
}

function insertLines(file: CorpusFile, at: number | undefined, inserted: readonly string[]): string | undefined {
  if (at === undefined) return undefined;
  const lines = linesOf(file);
  return [...lines.slice(0, at), ...inserted, ...lines.slice(at)].join(file.lineEnding);
}
