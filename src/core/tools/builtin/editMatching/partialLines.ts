import type { BlockRequest } from './blockRequest';
import { leadingWhitespace } from './indentation';
import { comparableUnits } from './lineAlignment';
import { comparableLine } from './regionSimilarity';

/** Where old_str fits once its first line may be the end of a file line and its last line the start of one. */
export interface PartialWindow {
  first: number;
  /** How often it fits there: a one-line old_str can be in a line more than once. */
  count: number;
}

/**
 * Every place old_str's lines (comparable) fit when its first line may end a file line and its last line may begin
 * one (or, for one line, be anywhere in a line), as an exact search for the text would find it, whitespace and
 * look-alikes aside. A last line followed by a line break in old_str must be whole.
 */
export function partialWindows(fileKeys: readonly string[], oldKeys: readonly string[], lastIsWhole: boolean): PartialWindow[] {
  const count = oldKeys.length;
  const firstKey = oldKeys[0];
  const lastKey = oldKeys[count - 1];
  if (firstKey === undefined || lastKey === undefined || firstKey === '' || lastKey === '') return [];
  const windows: PartialWindow[] = [];
  for (let first = 0; first + count <= fileKeys.length; first++) {
    const fileFirst = fileKeys[first] as string;
    if (count === 1) {
      const found = lastIsWhole ? Number(fileFirst.endsWith(firstKey)) : occurrencesIn(fileFirst, firstKey);
      if (found > 0) windows.push({ first, count: found });
      continue;
    }
    if (!fileFirst.endsWith(firstKey)) continue;
    let offset = 1;
    while (offset < count - 1 && fileKeys[first + offset] === oldKeys[offset]) offset++;
    if (offset < count - 1) continue;
    const fileLast = fileKeys[first + count - 1] as string;
    if (lastIsWhole ? fileLast === lastKey : fileLast.startsWith(lastKey)) windows.push({ first, count: 1 });
  }
  return windows;
}

/**
 * The request on whole lines, for old_str that starts or ends mid-line at `first`: the file's own text before old_str
 * on its first line and after it on its last is added to old_str and new_str alike, which is the same replacement.
 * Undefined when the file's line does not map back to its comparable text.
 */
export function wholeLineBlock(fileLines: readonly string[], block: BlockRequest, first: number): BlockRequest | undefined {
  const count = block.oldLines.length;
  const oldFirst = block.oldLines[0] as string;
  const oldLast = block.oldLines[count - 1] as string;
  const fileFirst = fileLines[first] as string;
  const fileLast = fileLines[first + count - 1] as string;
  const firstUnits = comparableUnits(fileFirst);
  const lastUnits = count === 1 ? firstUnits : comparableUnits(fileLast);
  if (firstUnits.text !== comparableLine(fileFirst) || lastUnits.text !== comparableLine(fileLast)) return undefined;
  const firstKey = comparableLine(oldFirst);
  const lastKey = comparableLine(oldLast);
  // Where old_str starts in its first line and ends in its last, in comparable characters. A line that is not the end
  // (or start) of the file's line, as the similar-block step may compare, is taken as whole.
  const start = count === 1 ? firstUnits.text.indexOf(firstKey) : firstUnits.text.endsWith(firstKey) ? firstUnits.text.length - firstKey.length : 0;
  if (start < 0) return undefined;
  const fullEnd = lastUnits.text.length;
  const end = block.oldEndsWithBreak ? fullEnd : count === 1 ? start + firstKey.length : lastKey !== '' && lastUnits.text.startsWith(lastKey) ? lastKey.length : fullEnd;
  const prefix = start === 0 ? '' : fileFirst.slice(0, firstUnits.starts[start]);
  const suffix = end >= fullEnd || end === 0 ? '' : fileLast.slice(lastUnits.ends[end - 1]);
  if (prefix === '' && suffix === '') return undefined;
  const lead = prefix === '' ? '' : leadingWhitespace(oldFirst);
  const trail = suffix === '' ? '' : (/[ \t]*$/.exec(oldLast)?.[0] ?? '');
  const around = (lines: readonly string[]): string[] =>
    lines.map((line, index) => {
      let whole = line;
      if (index === 0 && prefix !== '') whole = prefix + (whole.startsWith(lead) ? whole.slice(lead.length) : whole);
      if (index === lines.length - 1 && suffix !== '') whole = (trail !== '' && whole.endsWith(trail) ? whole.slice(0, -trail.length) : whole) + suffix;
      return whole;
    });
  const newLines = block.newLines.length === 0 ? [''] : block.newLines;
  return { ...block, oldLines: around(block.oldLines), newLines: around(newLines), firstLineFromFile: prefix !== '' };
}

function occurrencesIn(text: string, search: string): number {
  let found = 0;
  for (let index = text.indexOf(search); index !== -1; index = text.indexOf(search, index + search.length)) found++;
  return found;
}
