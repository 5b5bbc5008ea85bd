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

type Style = 'none' | 'spaces' | 'tabs' | 'mixed';

const TAB_WIDTHS = [4, 2, 8, 3];

export const SAME_INDENTATION: IndentationChange = { description: '', reindent: (line) => line };

export function leadingWhitespace(line: string): string {
  return /^[ \t]*/.exec(line)?.[0] ?? '';
}

/**
 * The one consistent change from old_str's indentation to the file's: a constant shift, or tabs for spaces (or
 * spaces for tabs) of a width that fits every line. Undefined when the lines disagree.
 */
export function solveIndentation(pairs: readonly IndentPair[]): IndentationChange | undefined {
  if (pairs.every((pair) => pair.old === pair.file)) return SAME_INDENTATION;
  const oldStyle = styleOf(pairs.map((pair) => pair.old));
  const fileStyle = styleOf(pairs.map((pair) => pair.file));
  if (oldStyle === 'mixed' || fileStyle === 'mixed') return undefined;
  if (oldStyle === 'none' || fileStyle === 'none' || oldStyle === fileStyle) {
    const character = fileStyle === 'tabs' || (fileStyle === 'none' && oldStyle === 'tabs') ? '\t' : ' ';
    return shift(pairs, character);
  }
  return oldStyle === 'spaces' ? spacesToTabs(pairs) : tabsToSpaces(pairs);
}

function styleOf(indents: readonly string[]): Style {
  const joined = indents.join('');
  if (joined === '') return 'none';
  if (/^ +$/.test(joined)) return 'spaces';
  if (/^\t+$/.test(joined)) return 'tabs';
  return 'mixed';
}

function shift(pairs: readonly IndentPair[], character: string): IndentationChange | undefined {
  const offsets = new Set(pairs.map((pair) => pair.file.length - pair.old.length));
  if (offsets.size !== 1) return undefined;
  const offset = [...offsets][0] as number;
  const unit = character === '\t' ? 'tab' : 'space';
  const amount = `${Math.abs(offset)} ${unit}${Math.abs(offset) === 1 ? '' : 's'}`;
  return {
    description: `the file is indented ${amount} ${offset > 0 ? 'deeper' : 'less'}`,
    reindent: (line) => {
      const indent = leadingWhitespace(line);
      return character.repeat(Math.max(0, indent.length + offset)) + line.slice(indent.length);
    },
  };
}

function spacesToTabs(pairs: readonly IndentPair[]): IndentationChange | undefined {
  const width = fittingWidth(pairs, (pair, tabWidth) => (pair.old.length % tabWidth === 0 ? pair.file.length - pair.old.length / tabWidth : undefined));
  if (!width) return undefined;
  return {
    description: `the file indents with tabs where old_str had ${width.tabWidth} spaces`,
    reindent: (line) => {
      const indent = leadingWhitespace(line);
      const spaces = indent.replace(/\t/g, ' '.repeat(width.tabWidth)).length;
      const tabs = Math.max(0, Math.floor(spaces / width.tabWidth) + width.offset);
      return '\t'.repeat(tabs) + ' '.repeat(spaces % width.tabWidth) + line.slice(indent.length);
    },
  };
}

function tabsToSpaces(pairs: readonly IndentPair[]): IndentationChange | undefined {
  const width = fittingWidth(pairs, (pair, tabWidth) => pair.file.length - pair.old.length * tabWidth);
  if (!width) return undefined;
  return {
    description: `the file indents with ${width.tabWidth} spaces where old_str had tabs`,
    reindent: (line) => {
      const indent = leadingWhitespace(line);
      const tabs = indent.match(/\t/g)?.length ?? 0;
      const spaces = Math.max(0, tabs * width.tabWidth + (indent.length - tabs) + width.offset);
      return ' '.repeat(spaces) + line.slice(indent.length);
    },
  };
}

/** The tab width for which every line gives the same offset, preferring an offset of 0 (same depth, other style). */
function fittingWidth(
  pairs: readonly IndentPair[],
  offsetOf: (pair: IndentPair, tabWidth: number) => number | undefined,
): { tabWidth: number; offset: number } | undefined {
  const fits: { tabWidth: number; offset: number }[] = [];
  for (const tabWidth of TAB_WIDTHS) {
    const offsets = new Set(pairs.map((pair) => offsetOf(pair, tabWidth)));
    const offset = [...offsets][0];
    if (offsets.size === 1 && offset !== undefined) fits.push({ tabWidth, offset });
  }
  return fits.find((fit) => fit.offset === 0) ?? fits[0];
}
