import { ambiguousAt, type StepInput, type StepOutcome } from './ladderStep';
import { hasLookAlikes, lookAlikeNames, plainLookAlikes } from './lookAlikes';
import { matchingWindows } from './matchingWindows';
import { placeReindented } from './placeReindented';

/**
 * Ladder step: old_str matches once typographic look-alikes (curly quotes, Unicode and zero-width spaces, dashes)
 * are read as the plain characters on both sides, indentation aside.
 */
export function lookAlikeStep(input: StepInput): StepOutcome {
  const { block, lines } = input;
  if (!hasLookAlikes(input.target.text) && !block.oldLines.some(hasLookAlikes)) return { kind: 'none' };
  const plain = (line: string) => plainLookAlikes(line).trim();
  const windows = matchingWindows(lines.lines.map(plain), block.oldLines.map(plain));
  if (windows.length === 0) return { kind: 'none' };
  const names = lookAlikeNames([...windows.flatMap((first) => lines.lines.slice(first, first + block.oldLines.length)), ...block.oldLines]);
  if (windows.length > 1) return ambiguousAt(input, windows, `after treating ${names}`);
  return placeReindented(input, windows[0] as number, plainLookAlikes, `treating ${names}`);
}
