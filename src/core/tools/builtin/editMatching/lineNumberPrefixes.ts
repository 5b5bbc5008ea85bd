import type { EditRequest } from './editTypes';

/** read_file's prefix: the line number right-aligned with spaces, then a tab (see numberLines). */
const PREFIX = /^ *(\d+)\t/;
/** An empty line as read_file shows it, once the model has dropped the trailing tab. */
const BARE_NUMBER = /^ *(\d+)$/;

/**
 * old_str and new_str without read_file's line-number prefixes, when every non-empty line of old_str has one and
 * the numbers count up one by one; undefined otherwise. In new_str, only lines with a prefix lose it (lines the
 * model added may have none), and a bare number only when old_str has the same one.
 */
export function withoutLineNumbers(request: EditRequest): EditRequest | undefined {
  const oldLines = request.oldStr.split('\n');
  const numbered = oldLines.filter((line) => line.trim() !== '');
  if (numbered.length === 0) return undefined;
  const numbers = numbered.map((line) => (PREFIX.exec(line) ?? BARE_NUMBER.exec(line.replace(/\r$/, '')))?.[1]);
  if (!numbers.every((number, index) => number !== undefined && (index === 0 || Number(number) === Number(numbers[index - 1]) + 1))) return undefined;
  if (!numbered.some((line) => PREFIX.test(line))) return undefined;
  const bareNumbers = new Set(oldLines.filter((line) => BARE_NUMBER.test(line.replace(/\r$/, ''))).map((line) => line.replace(/\r$/, '')));
  const strip = (line: string) => {
    const ending = line.endsWith('\r') ? '\r' : '';
    const content = ending ? line.slice(0, -1) : line;
    return (bareNumbers.has(content) ? '' : content.replace(PREFIX, '')) + ending;
  };
  return { oldStr: oldLines.map(strip).join('\n'), newStr: request.newStr.split('\n').map(strip).join('\n') };
}
