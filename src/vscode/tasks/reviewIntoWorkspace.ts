import * as path from 'node:path';
import * as vscode from 'vscode';
import type { AgentHost } from '../../core/host/host';
import type { ProtectedLookup } from '../../core/sandbox/protectedEntryOf';
import { Workspace } from '../../core/workspace/workspace';
import { checkWriteTarget } from '../../node/guardedFiles/guardedWrite';
import { showInformation, showWarning } from '../notifications';
import { currentText } from '../review/currentText';
import type { ReviewManager } from '../review/reviewManager';
import { readSandboxSettings } from '../settings';
import { proposedText } from './reviewText';
import { reviewTarget } from './reviewTarget';
import type { TaskWorktree } from './worktreeStore';
import type { WorktreeFileChange, WorktreeTaskState } from './worktreeTasks';

/** What became of a task's changes on their way into the workspace. */
export interface ReviewedChanges {
  /** Absolute paths now under review. */
  inReview: string[];
  /** Files the workspace changed since the task began. */
  changedSince: string[];
  /** Files left out, each with why. */
  skipped: Array<{ path: string; why: string }>;
}

/**
 * A task's changes put into the workspace as the agent's own: written through the editor and recorded for review,
 * so the user accepts or rejects each hunk as after a chat's edit. Every path is checked as a tool's write would be
 * (inside the folder, not `.git`, not hidden by `.elbowignore`); a protected file goes in only when the user says so.
 */
export async function reviewIntoWorkspace(
  parts: { manager: ReviewManager; host: AgentHost },
  task: WorktreeTaskState,
  changes: readonly WorktreeFileChange[],
  where: { folder: string; worktree: TaskWorktree },
): Promise<ReviewedChanges> {
  const { folder, worktree } = where;
  const workspace = new Workspace({ ...parts.host, workspaceRoots: [folder] });
  const lookup: ProtectedLookup = { files: parts.host.files, workspaceRoots: [folder], settings: readSandboxSettings().protectedPaths };
  const result: ReviewedChanges = { inReview: [], changedSince: [], skipped: [] };
  for (const change of changes) {
    try {
      const why = await reviewOne(parts.manager, { workspace, lookup, repoRoot: worktree.repoRoot }, change, result);
      if (why !== undefined) result.skipped.push({ path: change.path, why });
    } catch (error) {
      result.skipped.push({ path: change.path, why: error instanceof Error ? error.message : String(error) });
    }
  }
  parts.manager.notify();
  await tell(task, result, worktree.branch);
  return result;
}

async function reviewOne(
  manager: ReviewManager,
  /** The workspace checked as tools check it, and the main repository a change's path is relative to. */
  where: { workspace: Workspace; lookup: ProtectedLookup; repoRoot: string },
  change: WorktreeFileChange,
  result: ReviewedChanges,
): Promise<string | undefined> {
  const { workspace } = where;
  const target = await reviewTarget(workspace, where.lookup, where.repoRoot, change.path);
  if (target.kind === 'skip') return target.why;
  const { resolved, protectedEntry: entry } = target;
  const current = await currentText(resolved.absolute);
  const proposed = proposedText(change, current);
  if (proposed.kind === 'unchanged') return undefined;
  if (proposed.kind === 'notFile') return `it is a ${change.kind === 'symlink' ? 'symbolic link' : 'submodule'}, not a file's text; keep the task on its branch to have it.`;
  if (proposed.kind === 'notText') return 'it is not UTF-8 text, which review could not put back; keep the task on its branch to have it.';
  if (entry !== undefined) {
    const answer = await showWarning(`The task changed the protected file ${resolved.relative} (${entry.why}). Put its change into the workspace for review?`, 'Put In for Review', 'Leave Out');
    if (answer !== 'Put In for Review') return 'it is protected, and you left it out.';
  }
  const allowed = await workspace.openedPathCheck(resolved, proposed.after === undefined ? 'delete' : 'write');
  const realPath = await checkWriteTarget(resolved.absolute, allowed, proposed.after === undefined);
  const written = await manager.writer.change(resolved.absolute, current, proposed.after, {
    checked: (now, wanted) => {
      manager.recordAgentChange({ path: resolved.absolute, displayPath: resolved.relative, before: current ?? null, after: proposed.after ?? null, approved: false, realPath });
      return now === undefined || wanted === undefined ? undefined : manager.expectAgentText(resolved.absolute, now, wanted);
    },
    written: () => undefined,
  });
  if (written === 'stale') return 'it changed while its change was being put in; review the task again.';
  result.inReview.push(resolved.absolute);
  if (proposed.stale) result.changedSince.push(resolved.relative);
  return undefined;
}

async function tell(task: WorktreeTaskState, result: ReviewedChanges, branch: string): Promise<void> {
  const count = result.inReview.length;
  const lines = [`The task "${task.title}": ${count === 0 ? 'nothing to review' : `${count} ${count === 1 ? 'file is' : 'files are'} in review in the workspace; accept or reject each change in the editor`}.`];
  if (result.changedSince.length > 0) lines.push(`Changed in the workspace since the task began, so reviewed against their text now: ${result.changedSince.join(', ')}.`);
  if (result.skipped.length > 0) {
    lines.push(`Left out: ${result.skipped.map((skipped) => `${skipped.path} (${skipped.why})`).join('; ')}`, `The task's changes stay on the branch ${branch}.`);
  }
  const first = result.inReview.find((file) => path.isAbsolute(file));
  const show = result.skipped.length > 0 || result.changedSince.length > 0 ? showWarning : showInformation;
  if (first !== undefined && (await fileExistsNow(first))) await vscode.window.showTextDocument(vscode.Uri.file(first), { preview: false });
  void show(lines.join(' '));
}

async function fileExistsNow(file: string): Promise<boolean> {
  return (await currentText(file)) !== undefined;
}
