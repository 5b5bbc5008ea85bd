import { proposeChange, type FileChange, type ProposedOutcome } from './proposeChange';
import type { ToolContext } from '../tool';
import type { ResolvedPath } from '../../workspace/workspace';

export interface LandedChange {
  change: FileChange;
  outcome: Extract<ProposedOutcome, { status: 'applied' }>;
}

export type AllOrNothingOutcome =
  | { status: 'applied'; landed: LandedChange[] }
  /**
   * `at`: the change that did not land; `putBack`: the files changed earlier and put back; `notPutBack`: those that
   * could not be (changed meanwhile); `notes`: what the host said about a file it put back (a permission it could not set).
   */
  | ({ status: 'rejected'; at: FileChange; feedback?: string } & PutBack)
  | ({ status: 'stale'; at: FileChange } & PutBack)
  | ({ status: 'failed'; at: FileChange; error: unknown } & PutBack)
  /** The user cancelled the call before `at` was changed. */
  | ({ status: 'cancelled'; at: FileChange } & PutBack);

interface PutBack {
  putBack: string[];
  notPutBack: string[];
  notes: string[];
}

/**
 * Hands the changes to the host one file at a time (so each is its own reviewable change); when
 * one is rejected, stale or fails, or the user cancels the call, the files already changed are put back to the bytes they held.
 */
export async function applyAllOrNothing(context: ToolContext, changes: readonly FileChange[]): Promise<AllOrNothingOutcome> {
  const landed: LandedChange[] = [];
  for (const change of changes) {
    if (context.signal.aborted) return { status: 'cancelled', at: change, ...(await putBack(context, landed)) };
    let outcome: ProposedOutcome;
    try {
      outcome = await proposeChange(context, change);
    } catch (error) {
      const undone = await putBack(context, landed);
      return context.signal.aborted ? { status: 'cancelled', at: change, ...undone } : { status: 'failed', at: change, error, ...undone };
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
async function putBack(context: ToolContext, landed: readonly LandedChange[]): Promise<PutBack> {
  const restored: string[] = [];
  const notRestored: string[] = [];
  const notes: string[] = [];
  for (const { change, outcome } of [...landed].reverse()) {
    outcome.watch?.dispose();
    let back: ProposedOutcome | undefined;
    try {
      back = await proposeChange(context, { file: change.file, shown: change.shown, before: change.after, after: change.before, ...(change.mode === undefined ? {} : { mode: change.mode }), putBack: true });
    } catch {
      back = undefined;
    }
    if (back?.status === 'applied' && change.after !== undefined && change.before === undefined) await removeMadeFolders(context, change.madeFolders ?? []);
    (back?.status === 'applied' ? restored : notRestored).push(change.shown);
    if (back?.status === 'applied' && back.note !== undefined) notes.push(back.note);
  }
  return { putBack: unique(restored.reverse()), notPutBack: unique(notRestored.reverse()), notes };
}

/** The folders a created file needed, innermost first, while they are empty; each held to the place resolved for it. */
async function removeMadeFolders(context: ToolContext, folders: readonly ResolvedPath[]): Promise<void> {
  for (const folder of folders) {
    const removed = await context.host.files.removeEmptyFolder(folder.absolute, await context.workspace.openedPathCheck(folder, 'delete')).catch(() => false);
    if (!removed) return;
  }
}

function unique(paths: readonly string[]): string[] {
  return [...new Set(paths)];
}
