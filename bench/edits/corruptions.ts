import { numberLines } from '../../src/core/tools/builtin/numberedLines';
import type { Random } from '../random';
import type { CorruptionClass } from './editAttempt';
import { indentationOf, type KeptLine } from './intendedEdit';

/**
 * The lines the model sends as old_str and new_str. The model copies the region once and edits its copy, so a mistake
 * in a line the edit keeps is in both; indentation, tabs and line-number prefixes change every line of both. A ladder
 * must write the kept lines back as the file has them, and new_str's other lines in the file's style.
 */
export interface Draft {
  oldLines: string[];
  newLines: string[];
  /** The lines the edit leaves as they are: each one's index in `oldLines` and in `newLines`. */
  keptLines: KeptLine[];
  /** 0-based index in the file of the first line. */
  firstLine: number;
}

type Corruption = (draft: Draft, random: Random) => Draft | undefined;
type SingleClass = Exclude<CorruptionClass, 'combined'>;

const SINGLE: Readonly<Record<SingleClass, Corruption>> = {
  'trailing whitespace': trailingWhitespace,
  'indentation shifted': shiftIndentation,
  'tabs ↔ spaces': swapTabsAndSpaces,
  'typographic look-alikes': typographicLookAlike,
  'one word off': oneWordOff,
  // Last, so that in a combination it numbers lines that are already corrupted, like read_file output pasted back.
  'line-number prefixes': lineNumberPrefixes,
};
const SINGLE_CLASSES = Object.keys(SINGLE) as SingleClass[];

/** The draft as the model would send it with mistakes of `corruptionClass`, or undefined when the region offers none. */
export function corrupt(draft: Draft, corruptionClass: CorruptionClass, random: Random): Draft | undefined {
  if (corruptionClass !== 'combined') return SINGLE[corruptionClass](draft, random);
  const first = random.int(0, SINGLE_CLASSES.length - 2);
  const second = random.int(first + 1, SINGLE_CLASSES.length - 1);
  const once = SINGLE[SINGLE_CLASSES[first] as SingleClass](draft, random);
  return once && SINGLE[SINGLE_CLASSES[second] as SingleClass](once, random);
}

/** The draft with one line of old_str changed, and its copy in new_str too when the edit keeps that line. */
function changeLine(draft: Draft, index: number, change: (line: string) => string): Draft {
  const kept = draft.keptLines.find((line) => line.old === index);
  return {
    ...draft,
    oldLines: draft.oldLines.map((line, current) => (current === index ? change(line) : line)),
    newLines: draft.newLines.map((line, current) => (current === kept?.new ? change(line) : line)),
  };
}

function trailingWhitespace(draft: Draft, random: Random): Draft | undefined {
  const lines = draft.oldLines.map((_, index) => index);
  if (draft.oldLines.some((line) => /[ \t]$/.test(line)) && random.chance(0.5)) {
    return lines.reduce((current, index) => changeLine(current, index, (line) => line.trimEnd()), draft);
  }
  const filled = lines.filter((index) => (draft.oldLines[index] ?? '').trim() !== '');
  const padding = random.pick([' ', '  ', '\t']);
  return [...new Set([random.pick(filled), random.pick(filled)])].reduce((current, index) => changeLine(current, index, (line) => line + padding), draft);
}

function shiftIndentation(draft: Draft, random: Random): Draft | undefined {
  if (indentationKind(draft) === 'mixed') return undefined;
  const indented = [...draft.oldLines, ...draft.newLines].filter((line) => line.trim() !== '');
  const common = Math.min(...indented.map((line) => indentationOf(line).length));
  const shift = common > 0 && random.chance(0.5)
    ? (line: string): string => line.slice(common)
    : ((unit: string) => (line: string): string => unit + line)(draft.oldLines.some((line) => line.startsWith('\t')) ? '\t' : random.pick(['  ', '    ']));
  const apply = (line: string): string => (line.trim() === '' ? line : shift(line));
  return { ...draft, oldLines: draft.oldLines.map(apply), newLines: draft.newLines.map(apply) };
}

function swapTabsAndSpaces(draft: Draft, random: Random): Draft | undefined {
  const all = [...draft.oldLines, ...draft.newLines];
  const kind = indentationKind(draft);
  if (kind === 'mixed' || kind === 'none') return undefined;
  let convert: (indentation: string) => string;
  if (kind === 'tabs') {
    const spaces = ' '.repeat(random.pick([2, 4, 8]));
    convert = (indentation) => indentation.replace(/\t/g, spaces);
  } else {
    const widths = all.map((line) => indentationOf(line)).filter((indentation) => indentation !== '' && !indentation.includes('\t')).map((indentation) => indentation.length);
    if (widths.length === 0) return undefined;
    // The block's indentation step (2 for lines at 4 and 6) as the tab size, as an editor converting the file would;
    // an odd step (a ` */` under 4 spaces) is no tab size, so 4 is, the rest staying spaces.
    const step = widths.reduce(greatestCommonDivisor);
    const unit = step >= 2 ? step : 4;
    convert = (indentation) => '\t'.repeat(Math.floor(indentation.length / unit)) + ' '.repeat(indentation.length % unit);
  }
  const apply = (line: string): string => {
    const indentation = indentationOf(line);
    return convert(indentation) + line.slice(indentation.length);
  };
  return { ...draft, oldLines: draft.oldLines.map(apply), newLines: draft.newLines.map(apply) };
}

/** Whether the block is indented with tabs only, spaces only, both (as some shell files are) or not at all. */
function indentationKind(draft: Draft): 'tabs' | 'spaces' | 'mixed' | 'none' {
  const characters = new Set([...draft.oldLines, ...draft.newLines].filter((line) => line.trim() !== '').flatMap((line) => [...indentationOf(line)]));
  if (characters.size === 2) return 'mixed';
  if (characters.has('\t')) return 'tabs';
  return characters.has(' ') ? 'spaces' : 'none';
}

function greatestCommonDivisor(a: number, b: number): number {
  return b === 0 ? a : greatestCommonDivisor(b, a % b);
}

function lineNumberPrefixes(draft: Draft): Draft {
  const numbered = (lines: readonly string[]): string[] => numberLines(lines, draft.firstLine + 1).split('\n');
  return { ...draft, oldLines: numbered(draft.oldLines), newLines: numbered(draft.newLines) };
}

const LOOK_ALIKES: ReadonlyArray<(line: string, random: Random) => string | undefined> = [
  (line) => (line.includes('"') ? alternate(line, '"', '\u201C', '\u201D') : undefined),
  (line) => (line.includes("'") ? alternate(line, "'", '\u2018', '\u2019') : undefined),
  (line) => (line.includes('-') ? line.replace(/-/g, '\u2013') : undefined),
  (line, random) => {
    const inner = [...line.trimEnd().matchAll(/(?<=\S) (?=\S)/g)].map((match) => match.index);
    if (inner.length === 0) return undefined;
    const at = random.pick(inner);
    return `${line.slice(0, at)}\u00A0${line.slice(at + 1)}`;
  },
  (line, random) => {
    const body = indentationOf(line).length;
    if (line.length === body) return undefined;
    const at = random.int(body + 1, line.length);
    return `${line.slice(0, at)}\u200B${line.slice(at)}`;
  },
];

function typographicLookAlike(draft: Draft, random: Random): Draft | undefined {
  const options = draft.oldLines.flatMap((line, index) => LOOK_ALIKES.map((lookAlike) => ({ index, lookAlike })).filter(({ lookAlike }) => lookAlike(line, random) !== undefined));
  if (options.length === 0) return undefined;
  const { index, lookAlike } = random.pick(options);
  const changed = lookAlike(draft.oldLines[index] as string, random) as string;
  return changeLine(draft, index, () => changed);
}

function alternate(line: string, straight: string, opening: string, closing: string): string {
  let count = 0;
  return line.replaceAll(straight, () => (count++ % 2 === 0 ? opening : closing));
}

/** One small typo (two letters swapped, one dropped or one doubled) in a word of a line the edit keeps. */
function oneWordOff(draft: Draft, random: Random): Draft | undefined {
  return typoIn(draft, draft.keptLines.map((kept) => kept.old), random, true);
}

/** A typo in old_str only is measured on blocks this long, where one line is a small share of the block. */
export const MIN_TYPO_BLOCK_LINES = 6;

/**
 * One small typo in a line of old_str only: new_str keeps that line as the file has it (`kept`), or changes it from
 * the file's text (`changed`). The model read the file right and mistyped its copy of old_str once.
 */
export function typoInOldStrOnly(draft: Draft, lines: 'kept' | 'changed', random: Random): Draft | undefined {
  const kept = new Set(draft.keptLines.map((line) => line.old));
  const indexes = draft.oldLines.map((_, index) => index).filter((index) => kept.has(index) === (lines === 'kept'));
  return typoIn(draft, indexes, random, false);
}

function typoIn(draft: Draft, indexes: readonly number[], random: Random, alsoInNewStr: boolean): Draft | undefined {
  const words = indexes.flatMap((index) => [...(draft.oldLines[index] ?? '').matchAll(/[A-Za-z]{4,}/g)].map((match) => ({ index, at: match.index, word: match[0] })));
  if (words.length === 0) return undefined;
  const { index, at, word } = random.pick(words);
  const position = random.int(1, word.length - 2);
  const typo = random.pick([
    word.slice(0, position) + (word[position + 1] as string) + (word[position] as string) + word.slice(position + 2),
    word.slice(0, position) + word.slice(position + 1),
    word.slice(0, position) + (word[position] as string) + word.slice(position),
  ]);
  if (typo === word) return undefined;
  const change = (line: string): string => line.slice(0, at) + typo + line.slice(at + word.length);
  if (alsoInNewStr) return changeLine(draft, index, change);
  return { ...draft, oldLines: draft.oldLines.map((line, current) => (current === index ? change(line) : line)) };
}
