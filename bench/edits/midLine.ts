import type { Random } from '../random';
import { corrupt, type Draft } from './corruptions';
import { indentationOf } from './intendedEdit';

/** A draft cut mid-line, and whether its first line starts after the start of the file's line. */
export interface MidLineDraft extends Draft {
  startsMidLine: boolean;
}

/** Fewer characters than this (whitespace aside) of one line could be anywhere in a file. */
const MIN_FRAGMENT_CHARACTERS = 12;

/**
 * The draft as a model sends a part of a line: a block that starts after the first few words of its first line
 * and/or ends before the last few of its last line, or the middle of the one line an edit changes (`foo(a, b)` of a
 * longer line). The cut parts are the same in old_str and new_str, so the intended file is the same.
 */
export function cutMidLine(draft: Draft, random: Random): MidLineDraft | undefined {
  return random.chance(0.4) ? oneLineFragment(draft, random) : blockCut(draft, random);
}

/** One mistake of the ones that make sense in a draft cut mid-line. */
export function midLineMistake(cut: MidLineDraft, random: Random): Draft | undefined {
  const mistake = random.pick(['typographic look-alikes', 'one word off', 'tabs ↔ spaces', 'indentation shifted'] as const);
  // A block cut at its end only starts at a line's start: its first line shifts with the rest.
  if (mistake === 'indentation shifted') return cut.startsMidLine ? shiftAfterFirstLine(cut, random) : corrupt(cut, mistake, random);
  return corrupt(cut, mistake, random);
}

function blockCut(draft: Draft, random: Random): MidLineDraft | undefined {
  const last = draft.oldLines.length - 1;
  const newLast = draft.newLines.length - 1;
  const startChoices = cutStarts(draft.oldLines[0] as string, draft.newLines[0] as string);
  const endChoices = cutEnds(draft.oldLines[last] as string, draft.newLines[newLast] as string);
  const cutStart = startChoices.length > 0 && (endChoices.length === 0 || random.chance(0.6)) ? random.pick(startChoices) : 0;
  const cutEnd = endChoices.length > 0 && (cutStart === 0 || random.chance(0.4)) ? random.pick(endChoices) : 0;
  if (cutStart === 0 && cutEnd === 0) return undefined;
  if (newLast === 0 && cutStart + cutEnd > (draft.newLines[0] as string).length) return undefined;
  const cutLines = (lines: readonly string[]): string[] =>
    lines.map((line, index) => {
      const end = index === lines.length - 1 ? line.length - cutEnd : line.length;
      return line.slice(index === 0 ? cutStart : 0, end);
    });
  const oldLines = cutLines(draft.oldLines);
  const newLines = cutLines(draft.newLines);
  // A kept line cut on one side only (the last old line, kept as a middle new line) is no longer the same line in both.
  const keptLines = draft.keptLines.filter((kept) => oldLines[kept.old] === newLines[kept.new]);
  return { ...draft, oldLines, newLines, keptLines, startsMidLine: cutStart > 0 };
}

/** The one line an edit changes, cut to a fragment around the change: old_str and new_str are one partial line each. */
function oneLineFragment(draft: Draft, random: Random): MidLineDraft | undefined {
  if (draft.oldLines.length !== draft.newLines.length) return undefined;
  const changed = draft.oldLines.flatMap((line, index) => (line === draft.newLines[index] ? [] : [index]));
  if (changed.length !== 1) return undefined;
  const index = changed[0] as number;
  const oldLine = draft.oldLines[index] as string;
  const newLine = draft.newLines[index] as string;
  const prefix = commonPrefix(oldLine, newLine);
  const suffix = commonSuffix(oldLine, newLine);
  const starts = tokenStarts(oldLine).filter((at) => at <= prefix);
  const ends = tokenEnds(oldLine).filter((at) => oldLine.length - at <= suffix);
  if (starts.length === 0 || ends.length === 0) return undefined;
  const start = random.pick(starts);
  const end = random.pick(ends);
  if (start === 0 && end === oldLine.length) return undefined;
  const fragment = oldLine.slice(start, end);
  if (fragment.replace(/\s/g, '').length < MIN_FRAGMENT_CHARACTERS) return undefined;
  const cutBack = oldLine.length - end;
  return {
    ...draft,
    oldLines: [fragment],
    newLines: [newLine.slice(start, newLine.length - cutBack)],
    keptLines: [],
    firstLine: draft.firstLine + index,
    startsMidLine: start > 0,
  };
}

/** Where the first line may be cut: the start of a word or sign after its first one, inside the part both lines share. */
function cutStarts(oldLine: string, newLine: string): number[] {
  const shared = commonPrefix(oldLine, newLine);
  return tokenStarts(oldLine).filter((at) => at > indentationOf(oldLine).length && at <= shared && oldLine.slice(at).trim().length >= MIN_FRAGMENT_CHARACTERS / 2);
}

/** How many characters may be cut off the last line: from the end of a word or sign before its last one. */
function cutEnds(oldLine: string, newLine: string): number[] {
  const shared = commonSuffix(oldLine, newLine);
  return tokenEnds(oldLine)
    .filter((at) => at < oldLine.trimEnd().length && oldLine.length - at <= shared && oldLine.slice(0, at).trim().length >= MIN_FRAGMENT_CHARACTERS / 2)
    .map((at) => oldLine.length - at);
}

function tokenStarts(line: string): number[] {
  return [...line.matchAll(/\w+|[^\w\s]/g)].map((match) => match.index);
}

function tokenEnds(line: string): number[] {
  return [...line.matchAll(/\w+|[^\w\s]/g)].map((match) => match.index + match[0].length);
}

function commonPrefix(a: string, b: string): number {
  let length = 0;
  while (length < a.length && length < b.length && a[length] === b[length]) length++;
  return length;
}

function commonSuffix(a: string, b: string): number {
  let length = 0;
  while (length < a.length && length < b.length && a[a.length - 1 - length] === b[b.length - 1 - length]) length++;
  return length;
}

/** Every line but the first (which starts mid-line, so has no indentation of its own) indented one step deeper. */
function shiftAfterFirstLine(draft: Draft, random: Random): Draft | undefined {
  if (draft.oldLines.length < 2) return undefined;
  const unit = draft.oldLines.some((line) => line.startsWith('\t')) ? '\t' : random.pick(['  ', '    ']);
  const shift = (lines: readonly string[]): string[] => lines.map((line, index) => (index === 0 || line.trim() === '' ? line : unit + line));
  return { ...draft, oldLines: shift(draft.oldLines), newLines: shift(draft.newLines) };
}
