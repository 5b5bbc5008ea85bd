import { proposeChange, type FileChange, type ProposedOutcome } from './proposeChange';
import type { ToolContext } from '../tool';

export interface LandedChange {
  change: FileChange;
  outcome: Extract<ProposedOutcome, { status: 'applied' }>;
}

export type AllOrNothingOutcome =
  | { status: 'applied'; landed: LandedChange[] }
  /** `at`: the change that did not land; `putBack`: the files changed earlier and put back; `notPutBack`: those that could not be (changed meanwhile). */
  | { status: 'rejected'; at: FileChange; feedback?: string; putBack: string[]; notPutBack: string[] }
  | { status: 'stale'; at: FileChange; putBack: string[]; notPutBack: string[] }
  | { status: 'failed'; at: FileChange; error: unknown; putBack: string[]; notPutBack: string[] };

/**
 * Hands the changes to the host one file at a time (so each is its own reviewable change); when
 * one is rejected, stale or fails, the files already changed are put back to the bytes they held.
 */
export async function applyAllOrNothing(context: ToolContext, changes: readonly FileChange[]): Promise<AllOrNothingOutcome> {
  const landed: LandedChange[] = [];
  for (const change of changes) {
    let outcome: ProposedOutcome;
    try {
      outcome = await proposeChange(context, change);
    } catch (error) {
      return { status: 'failed', at: change, error, ...(await putBack(context, landed)) };
    }
    if (outcome.status === 'applied') {
      landed.push({ change, outcome });
      continue;
    }
    const undone = await putBack(context, landed);
    return outcome.status === 'rejected'
      ? { status: 'rejected', at: change, ...(outcome.feedback === undefined ? {} : { feedback: outcome.feedback }), ...undone }
      : { status: 'stale', at: change, ...undone };
  }
  return { status: 'applied', landed };
}

/** Last changed first, so a file changed twice (moved onto, then edited) ends as it began. */
async function putBack(context: ToolContext, landed: readonly LandedChange[]): Promise<{ putBack: string[]; notPutBack: string[] }> {
  const restored: string[] = [];
  const notRestored: string[] = [];
  for (const { change, outcome } of [...landed].reverse()) {
    outcome.watch?.dispose();
    let back: ProposedOutcome | undefined;
    try {
      back = await proposeChange(context, { file: change.file, shown: change.shown, before: change.after, after: change.before, putBack: true });
    } catch {
      back = undefined;
    }
    (back?.status === 'applied' ? restored : notRestored).push(change.shown);
  }
  return { putBack: unique(restored.reverse()), notPutBack: unique(notRestored.reverse()) };
}

function unique(paths: readonly string[]): string[] {
  return [...new Set(paths)];
}
