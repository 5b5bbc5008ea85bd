import type { BlockRequest } from './blockRequest';
import type { EditLocation, EditTarget } from './editTypes';
import { lineSpan, type TextLines } from './textLines';

/** What each step of the matching ladder works on. */
export interface StepInput {
  target: EditTarget;
  lines: TextLines;
  block: BlockRequest;
}

/**
 * A step found one region (found), several or a doubtful one (refused), or nothing, and the next step tries. `matched`:
 * old_str as the step read it, when that differs from the request (a typo read as the file's line).
 */
export type StepOutcome = (EditLocation & { matched?: BlockRequest }) | { kind: 'none' };

export type LadderStep = (input: StepInput) => StepOutcome;

/** Refusal when a step finds several regions: every one is named, none is tried. */
export function ambiguousAt(input: StepInput, firstLines: readonly number[], how: string): { kind: 'refused'; reason: string } {
  const spans = firstLines.map((first) => lineSpan(first, input.block.oldLines.length).replace(/^lines? /, ''));
  return {
    kind: 'refused',
    reason: `old_str matches ${firstLines.length} places in ${input.target.shownPath} ${how} (lines ${spans.join(', ')}), so none was edited. Copy the text exactly and include more surrounding lines so that it matches one.`,
  };
}
