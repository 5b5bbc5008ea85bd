import { ambiguousAt, type StepInput, type StepOutcome } from './ladderStep';
import { matchingWindows } from './matchingWindows';
import { placeReindented } from './placeReindented';

/** Ladder step: old_str matches once indentation is ignored; new_str is re-indented the way old_str's differs. */
export function indentationStep(input: StepInput): StepOutcome {
  const trimmed = (line: string) => line.trim();
  const windows = matchingWindows(input.lines.lines.map(trimmed), input.block.oldLines.map(trimmed));
  if (windows.length === 0) return { kind: 'none' };
  if (windows.length > 1) return ambiguousAt(input, windows, 'after ignoring indentation');
  return placeReindented(input, windows[0] as number, (line) => line, 'ignoring indentation');
}
