import { numberLines } from '../numberedLines';
import { leadingWhitespace, SAME_INDENTATION, solveIndentation } from './indentation';
import { keptLines } from './keptLines';
import type { StepInput, StepOutcome } from './ladderStep';
import { replaceBlock } from './replaceBlock';
import { lineSpan } from './textLines';

/**
 * Places old_str at `first`, where its lines equal the file's once `plain` is applied and indentation ignored:
 * new_str's changed lines get the file's indentation by the one consistent change found. When old_str's indentation
 * differs unevenly, only an edit that adds no line can go ahead (nothing to indent); any other is refused.
 */
export function placeReindented(input: StepInput, first: number, plain: (line: string) => string, matchedAfter: string): StepOutcome {
  const { block, lines } = input;
  const pairs = block.oldLines.flatMap((line, offset) => {
    const fileLine = lines.lines[first + offset] as string;
    return line.trim() === '' || (offset === 0 && block.firstLineFromFile) ? [] : [{ old: leadingWhitespace(plain(line)), file: leadingWhitespace(plain(fileLine)) }];
  });
  const span = lineSpan(first, block.oldLines.length);
  const change = solveIndentation(pairs);
  if (change) {
    const how = change.description === '' ? '' : ` (${change.description}; new_str was re-indented to match)`;
    return { kind: 'found', edit: replaceBlock(input.target, lines, block, first, change, `matched after ${matchedAfter} at ${span}${how}`) };
  }
  const kept = keptLines(block.oldLines, block.newLines);
  if (block.newLines.every((line, index) => kept[index] !== undefined || line.trim() === '')) {
    return { kind: 'found', edit: replaceBlock(input.target, lines, block, first, SAME_INDENTATION, `matched after ${matchedAfter} at ${span}`) };
  }
  const shown = numberLines(lines.lines.slice(first, first + block.oldLines.length), first + 1);
  return {
    kind: 'refused',
    reason: `old_str matches ${span} of ${input.target.shownPath} only after ${matchedAfter}, and its indentation differs from the file's unevenly, so new_str could not be re-indented to match. The file has:\n${shown}\nCopy old_str with the file's exact indentation and indent new_str the same way.`,
  };
}
