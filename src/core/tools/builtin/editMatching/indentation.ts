/** How old_str's indentation turns into the file's, applied to new_str's changed lines so they keep the file's style. */
export interface IndentationChange {
  /** Empty when the indentation is the same, else e.g. `the file is indented 4 spaces deeper`. */
  description: string;
  reindent(line: string): string;
}

/** One line of old_str beside the file line it matched, each as its leading whitespace. */
export interface IndentPair {
  old: string;
  file: string;
}

const TAB_WIDTHS = [4, 2, 8, 3];

export const SAME_INDENTATION: IndentationChange = { description: '', reindent: (line) => line };

export function leadingWhitespace(line: string): string {
  return /^[ \t]*/.exec(line)?.[0] ?? '';
}

/**
 * The one consistent change from old_str's indentation to the file's, in columns: a constant shift, tabs for spaces
 * or spaces for tabs (of a tab width that fits every line, preferring the one that needs no shift), or both.
 * Undefined when the lines disagree.
 */
export function solveIndentation(pairs: readonly IndentPair[]): IndentationChange | undefined {
  if (pairs.every((pair) => pair.old === pair.file)) return SAME_INDENTATION;
  const fileUsesTabs = pairs.some((pair) => pair.file.includes('\t'));
  const oldUsesTabs = pairs.some((pair) => pair.old.includes('\t'));
  const tabsInFile = fileUsesTabs || (oldUsesTabs && pairs.every((pair) => pair.file === ''));
  const fits: { tabWidth: number; shift: number }[] = [];
  for (const tabWidth of TAB_WIDTHS) {
    const shifts = new Set(pairs.map((pair) => columns(pair.file, tabWidth) - columns(pair.old, tabWidth)));
    if (shifts.size === 1) fits.push({ tabWidth, shift: [...shifts][0] as number });
  }
  const fit = fits.find((candidate) => candidate.shift === 0) ?? fits[0];
  if (!fit) return undefined;
  const { tabWidth, shift } = fit;
  return {
    description: describeChange(tabsInFile, oldUsesTabs, tabWidth, shift),
    reindent: (line) => {
      const indent = leadingWhitespace(line);
      const width = Math.max(0, columns(indent, tabWidth) + shift);
      const rendered = tabsInFile ? '\t'.repeat(Math.floor(width / tabWidth)) + ' '.repeat(width % tabWidth) : ' '.repeat(width);
      return rendered + line.slice(indent.length);
    },
  };
}

function describeChange(tabsInFile: boolean, oldUsesTabs: boolean, tabWidth: number, shift: number): string {
  const parts: string[] = [];
  if (tabsInFile && !oldUsesTabs) parts.push(`the file indents with tabs where old_str had ${tabWidth} spaces`);
  if (!tabsInFile && oldUsesTabs) parts.push(`the file indents with ${tabWidth} spaces where old_str had tabs`);
  if (shift !== 0) {
    const inTabs = tabsInFile && shift % tabWidth === 0;
    const amount = inTabs ? Math.abs(shift) / tabWidth : Math.abs(shift);
    const unit = inTabs ? 'tab' : 'space';
    parts.push(`${parts.length > 0 ? 'it is' : 'the file is'} indented ${amount} ${unit}${amount === 1 ? '' : 's'} ${shift > 0 ? 'deeper' : 'less'}`);
  }
  return parts.join(', and ');
}

/** The width of an indentation, a tab reaching the next multiple of `tabWidth`. */
function columns(indent: string, tabWidth: number): number {
  let width = 0;
  for (const character of indent) width = character === '\t' ? (Math.floor(width / tabWidth) + 1) * tabWidth : width + 1;
  return width;
}
