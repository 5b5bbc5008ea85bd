import { SAME_INDENTATION } from './indentation';
import { ambiguousAt, type StepInput, type StepOutcome } from './ladderStep';
import { matchingWindows } from './matchingWindows';
import { replaceBlock } from './replaceBlock';
import { lineSpan } from './textLines';

/** Ladder step: old_str matches once its lines and the file's are compared without trailing whitespace. */
export function trailingWhitespaceStep(input: StepInput): StepOutcome {
  const trimmed = (line: string) => line.trimEnd();
  const windows = matchingWindows(input.lines.lines.map(trimmed), input.block.oldLines.map(trimmed));
  if (windows.length === 0) return { kind: 'none' };
  if (windows.length > 1) return ambiguousAt(input, windows, 'after ignoring trailing whitespace');
  const first = windows[0] as number;
  const tolerance = `matched after ignoring trailing whitespace at ${lineSpan(first, input.block.oldLines.length)}`;
  return { kind: 'found', edit: replaceBlock(input.target, input.lines, input.block, first, SAME_INDENTATION, tolerance) };
}
