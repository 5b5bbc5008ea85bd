import type { Random } from '../random';
import type { CorpusFile } from './corpusFiles';
import type { Language } from './editAttempt';

export interface KeptLine {
  old: number;
  new: number;
}

/** A change the model means to make to lines `firstLine…` of a file, and the file after it. */
export interface IntendedEdit {
  /** 0-based index of the region's first line. */
  firstLine: number;
  /** The region's lines as in the file, and the lines meant to replace them. */
  oldLines: string[];
  newLines: string[];
  /** The lines the edit leaves as they are: each one's index in `oldLines` and in `newLines`. */
  keptLines: KeptLine[];
  /** Offsets of the region in the file's text. */
  start: number;
  end: number;
  expectedText: string;
}

type EditKind = 'change a line' | 'insert a line' | 'delete a line' | 'rename an identifier';
const EDIT_KINDS: readonly EditKind[] = ['change a line', 'insert a line', 'delete a line', 'rename an identifier'];
const IDENTIFIER = /[A-Za-z_][A-Za-z0-9_]{2,}/g;
const MIN_REGION_CHARACTERS = 20;

export const INSERTED_LINE: Readonly<Record<Language, (number: number) => string>> = {
  TypeScript: (number) => `// inserted note ${number}`,
  Go: (number) => `// inserted note ${number}`,
  Rust: (number) => `// inserted note ${number}`,
  Python: (number) => `# inserted note ${number}`,
  shell: (number) => `# inserted note ${number}`,
  CSS: (number) => `/* inserted note ${number} */`,
  JSON: (number) => `"insertedNote${number}": true,`,
  Markdown: (number) => `Inserted note ${number}.`,
};

/** The file's lines split on its own line ending; a final line break leaves an empty last line that no region includes. */
export function linesOf(file: CorpusFile): string[] {
  return file.text.split(file.lineEnding);
}

export function indentationOf(line: string): string {
  return /^[ \t]*/.exec(line)?.[0] ?? '';
}

/**
 * A region of 2–8 lines (sometimes with a line of context added on one side) that is the only one of its kind in the
 * file, even with each line trimmed, and an edit of it. Undefined when this draw found nothing usable.
 */
export function pickIntendedEdit(file: CorpusFile, random: Random): IntendedEdit | undefined {
  const lines = linesOf(file);
  const usable = lines.length - 1;
  const coreLength = random.int(2, 6);
  if (usable < coreLength + 2) return undefined;
  const coreFirst = random.int(1, usable - coreLength - 1);
  const core = lines.slice(coreFirst, coreFirst + coreLength);
  const kind = random.pick(EDIT_KINDS);
  const edited = editLines(core, kind, file.language, random);
  if (!edited) return undefined;
  const contextBefore = random.chance(0.2) ? 1 : 0;
  const contextAfter = contextBefore === 0 && random.chance(0.2) ? 1 : 0;
  const firstLine = coreFirst - contextBefore;
  const before = lines.slice(firstLine, coreFirst);
  const after = lines.slice(coreFirst + coreLength, coreFirst + coreLength + contextAfter);
  const oldLines = [...before, ...core, ...after];
  const newLines = [...before, ...edited.newLines, ...after];
  const keptLines = [
    ...before.map((_, index) => ({ old: index, new: index })),
    ...edited.keptLines.map((kept) => ({ old: kept.old + before.length, new: kept.new + before.length })),
    ...after.map((_, index) => ({ old: before.length + core.length + index, new: before.length + edited.newLines.length + index })),
  ];
  if (!isDistinctRegion(lines, firstLine, oldLines)) return undefined;
  const start = lines.slice(0, firstLine).reduce((offset, line) => offset + line.length + file.lineEnding.length, 0);
  const end = start + oldLines.join(file.lineEnding).length;
  const expectedText = file.text.slice(0, start) + newLines.join(file.lineEnding) + file.text.slice(end);
  if (expectedText === file.text) return undefined;
  return { firstLine, oldLines, newLines, keptLines, start, end, expectedText };
}

/** Not blank at either edge, enough text to be told apart, and no other place in the file with the same trimmed lines. */
export function isDistinctRegion(lines: readonly string[], firstLine: number, region: readonly string[]): boolean {
  if ((region[0] ?? '').trim() === '' || (region.at(-1) ?? '').trim() === '') return false;
  if (region.join('').replace(/\s/g, '').length < MIN_REGION_CHARACTERS) return false;
  const trimmed = region.map((line) => line.trim());
  for (let start = 0; start + region.length <= lines.length; start++) {
    if (start === firstLine) continue;
    if (trimmed.every((line, index) => (lines[start + index] ?? '').trim() === line)) return false;
  }
  return true;
}

function editLines(core: readonly string[], kind: EditKind, language: Language, random: Random): { newLines: string[]; keptLines: KeptLine[] } | undefined {
  const all = core.map((_, index) => index);
  const same = (index: number): KeptLine => ({ old: index, new: index });
  if (kind === 'insert a line') {
    const after = random.int(0, core.length - 1);
    const inserted = indentationOf(core[after + 1] ?? core[after] ?? '') + INSERTED_LINE[language](random.int(1, 999));
    return { newLines: [...core.slice(0, after + 1), inserted, ...core.slice(after + 1)], keptLines: all.map((index) => ({ old: index, new: index <= after ? index : index + 1 })) };
  }
  if (kind === 'delete a line') {
    const deleted = random.int(0, core.length - 1);
    if ((core[deleted] ?? '').trim() === '') return undefined;
    return { newLines: core.filter((_, index) => index !== deleted), keptLines: all.filter((index) => index !== deleted).map((index) => ({ old: index, new: index < deleted ? index : index - 1 })) };
  }
  const words = core.flatMap((line, index) => [...line.matchAll(IDENTIFIER)].map((match) => ({ index, word: match[0], at: match.index })));
  if (words.length === 0) return undefined;
  const chosen = random.pick(words);
  const suffix = random.pick(['Changed', 'Next', 'Updated']);
  if (kind === 'change a line') {
    const line = core[chosen.index] as string;
    const changed = line.slice(0, chosen.at) + chosen.word + suffix + line.slice(chosen.at + chosen.word.length);
    return { newLines: core.map((current, index) => (index === chosen.index ? changed : current)), keptLines: all.filter((index) => index !== chosen.index).map(same) };
  }
  const whole = new RegExp(`\\b${chosen.word}\\b`, 'g');
  const newLines = core.map((line) => line.replace(whole, `${chosen.word}Renamed`));
  return { newLines, keptLines: all.filter((index) => newLines[index] === core[index]).map(same) };
}
