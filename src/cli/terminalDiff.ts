import { diffLines, type DiffLineKind } from '../format/diffText';
import { printable } from './printable';

/** ANSI colours by what a line does; context lines keep the terminal's own. */
const colours: Readonly<Record<DiffLineKind, string | undefined>> = {
  add: '32',
  remove: '31',
  hunk: '36',
  header: '1',
  context: undefined,
};

/** A unified diff for the terminal: its lines printable, coloured when the terminal has colour. */
export function terminalDiff(diff: string, color: boolean): string {
  return diffLines(diff).map((line) => {
    const text = printable(line.text);
    const colour = colours[line.kind];
    return color && colour !== undefined ? `\x1b[${colour}m${text}\x1b[0m` : text;
  }).join('\n');
}
