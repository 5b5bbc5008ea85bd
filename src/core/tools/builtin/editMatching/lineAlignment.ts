import { keptLines } from './keptLines';
import { plainLookAlikes } from './lookAlikes';

/** Beyond this many cells (old line length times new line length), a changed line is taken as the model wrote it. */
const MAX_ALIGNMENT_CELLS = 200_000;

/**
 * A changed line written on the file's own characters: each character the model kept from its old line is written
 * as the file has it (curly quotes, non-breaking spaces), only what the model changed is its own, and the file's
 * trailing whitespace stays. Undefined when the old line and the file line do not compare equal.
 */
export function changeOnFileLine(oldLine: string, newLine: string, fileLine: string): string | undefined {
  const old = comparableUnits(oldLine);
  const file = comparableUnits(fileLine);
  if (old.text !== file.text || old.starts.length === 0 || oldLine.length * newLine.length > MAX_ALIGNMENT_CELLS) return undefined;
  const fileTextOfOldCharacter = new Map<number, string>();
  old.starts.forEach((start, unit) => {
    if (old.ends[unit] !== start + 1 || /\s/.test(oldLine[start] as string)) return;
    const gap = fileLine.slice(unit === 0 ? 0 : file.ends[unit - 1], file.starts[unit]);
    const invisible = gap !== '' && plainLookAlikes(gap) === '' ? gap : '';
    fileTextOfOldCharacter.set(start, invisible + fileLine.slice(file.starts[unit], file.ends[unit]));
  });
  const oldTokens = tokens(oldLine);
  const newTokens = tokens(newLine);
  const kept = keptLines(oldTokens.map((token) => token.text), newTokens.map((token) => token.text));
  const written = newTokens.map((token, newIndex) => {
    const oldToken = oldTokens[kept[newIndex] ?? -1];
    if (!oldToken) return token.text;
    let text = '';
    for (let index = oldToken.start; index < oldToken.start + oldToken.text.length; index++) text += fileTextOfOldCharacter.get(index) ?? oldLine[index];
    return text;
  });
  // Trailing whitespace the model could not see in its copy stays as the file has it, unless the model changed the line's end.
  const lastOld = oldTokens.findLastIndex((token) => token.text.trim() !== '');
  const lastNew = newTokens.findLastIndex((token) => token.text.trim() !== '');
  const keepsEnd = lastNew !== -1 && kept[lastNew] === lastOld && oldLine === oldLine.trimEnd() && newLine === newLine.trimEnd();
  const fileTrailing = keepsEnd ? fileLine.slice(file.ends.at(-1)) : '';
  return written.join('') + fileTrailing;
}

/** Whether the new line keeps at least half of the old line's words and signs: the old line edited, not replaced. */
export function editsLine(oldLine: string, newLine: string): boolean {
  const oldTokens = tokens(oldLine).filter((token) => token.text.trim() !== '');
  const newTokens = tokens(newLine).filter((token) => token.text.trim() !== '');
  if (oldTokens.length === 0 || oldTokens.length * newTokens.length > MAX_ALIGNMENT_CELLS) return false;
  const kept = keptLines(oldTokens.map((token) => token.text), newTokens.map((token) => token.text));
  return kept.filter((index) => index !== undefined).length * 2 >= oldTokens.length;
}

/** Words, whitespace runs and single other characters, so that a change is aligned on whole words. */
function tokens(line: string): { text: string; start: number }[] {
  return [...line.matchAll(/\w+|\s+|[^\w\s]/g)].map((match) => ({ text: match[0], start: match.index }));
}

/** The line as compared (look-alikes plain, whitespace runs one space, no edge whitespace), each unit with its span in the line. */
export function comparableUnits(line: string): { text: string; starts: number[]; ends: number[] } {
  const starts: number[] = [];
  const ends: number[] = [];
  let text = '';
  let index = 0;
  while (index < line.length) {
    const plain = plainLookAlikes(line[index] as string);
    if (plain === '') {
      index++;
      continue;
    }
    if (/\s/.test(plain)) {
      const runStart = index;
      while (index < line.length && /^\s?$/.test(plainLookAlikes(line[index] as string))) index++;
      if (text !== '' && index < line.length) {
        text += ' ';
        starts.push(runStart);
        ends.push(index);
      }
      continue;
    }
    text += plain;
    starts.push(index);
    ends.push(index + 1);
    index++;
  }
  return { text, starts, ends };
}
