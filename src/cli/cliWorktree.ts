import { folderInWorktree } from '../node/worktrees/worktreeHost';
import type { Worktree, WorktreeFileChange, WorktreeManager } from '../node/worktrees/worktreeManager';

/** A `--worktree` run: the worktree it works in and the folder in it that stands for the folder it was started from. */
export interface WorktreeTask {
  worktree: Worktree;
  root: string;
  /** Keeps what the run changed on the worktree's branch (or removes worktree and branch when nothing changed) and says how to bring it in. */
  finish(): Promise<void>;
}

export interface WorktreeTaskIo {
  /** `--json`: the outcome as one `worktree` event line on stdout. */
  json: boolean;
  writeOut(text: string): void;
  writeErr(text: string): void;
}

/** What `--json` prints once the worktree is kept or removed. */
export interface WorktreeEvent {
  type: 'worktree';
  branch: string;
  /** Where the worktree was, now removed. */
  path: string;
  /** The commit on the branch holding the run's changes; none when nothing changed (then the branch is deleted too). */
  commit?: string;
  baseCommit: string;
  files: Array<Pick<WorktreeFileChange, 'path' | 'status'>>;
}

/** Removes the worktrees of earlier runs that ended without cleaning up (a crash, a kill); says which. */
export async function cleanUpStaleWorktrees(manager: WorktreeManager, writeErr: (text: string) => void): Promise<void> {
  try {
    const removed = await manager.cleanUpStale();
    const left = removed.filter((worktree) => worktree.leftForUser === true);
    const gone = removed.filter((worktree) => worktree.leftForUser !== true);
    if (gone.length > 0) writeErr(`elbow: removed ${gone.length === 1 ? 'the worktree' : `${gone.length} worktrees`} of a run that ended abruptly (${gone.map((worktree) => worktree.branch).join(', ')}).\n`);
    for (const worktree of left) writeErr(`elbow: the changes of a run that ended abruptly could not be committed on ${worktree.branch}; its worktree is left as it is in ${worktree.path}.\n`);
    for (const worktree of gone) if (worktree.keptCommit !== undefined) writeErr(`elbow: what that run had changed is kept on the branch ${worktree.branch} (commit ${worktree.keptCommit.slice(0, 12)}).\n`);
  } catch (error) {
    writeErr(`elbow: worktrees of earlier runs could not be cleaned up: ${error instanceof Error ? error.message : String(error)}\n`);
  }
}

/** Makes the worktree a `-p --worktree` run works in, from the repository holding `root`. */
export async function startWorktreeTask(manager: WorktreeManager, root: string, prompt: string, io: WorktreeTaskIo): Promise<WorktreeTask> {
  const worktree = await manager.create(root, { label: label(prompt) });
  io.writeErr(`elbow: working in a new worktree on the branch ${worktree.branch} (${worktree.path}).\n`);
  return {
    worktree,
    root: folderInWorktree(worktree, root) ?? worktree.path,
    finish: () => finishWorktreeTask(manager, worktree, prompt, io),
  };
}

async function finishWorktreeTask(manager: WorktreeManager, worktree: Worktree, prompt: string, io: WorktreeTaskIo): Promise<void> {
  try {
    const files = (await manager.changes(worktree)).map((change) => ({ path: change.path, status: change.status }));
    let commit: string | undefined;
    if (files.length === 0) {
      await manager.remove(worktree, { deleteBranch: true });
      io.writeErr(`elbow: nothing changed in the worktree; it and its branch ${worktree.branch} are removed.\n`);
    } else {
      commit = (await manager.keepOnBranch(worktree, commitMessage(prompt))).commit;
      io.writeErr(keptLines(worktree, files.length, commit));
    }
    if (io.json) {
      const event: WorktreeEvent = { type: 'worktree', branch: worktree.branch, path: worktree.path, ...(commit === undefined ? {} : { commit }), baseCommit: worktree.baseCommit, files };
      io.writeOut(`${JSON.stringify(event)}\n`);
    }
  } catch (error) {
    await manager.leaveForUser(worktree).catch(() => undefined);
    io.writeErr(`elbow: the worktree's changes could not be kept: ${error instanceof Error ? error.message : String(error)} They are still in ${worktree.path}, which Elbow will not remove.\n`);
  }
}

function keptLines(worktree: Worktree, count: number, commit: string | undefined): string {
  const short = (sha: string): string => sha.slice(0, 12);
  const lines = [
    `elbow: ${count === 1 ? '1 changed file is' : `${count} changed files are`} kept on the branch ${worktree.branch}${commit === undefined ? '' : ` (commit ${short(commit)})`}; the worktree folder is removed.`,
    `  review:     git diff ${short(worktree.baseCommit)} ${worktree.branch}`,
  ];
  if (worktree.baseCommit === worktree.headCommit) {
    lines.push(`  bring in:   git merge ${worktree.branch}`);
  } else {
    // The branch starts with a commit of the changes that were uncommitted when the run began, which the working tree still holds.
    lines.push(`  bring in:   git diff ${short(worktree.baseCommit)} ${worktree.branch} | git apply`, `  (the branch starts from your uncommitted changes of then, commit ${short(worktree.baseCommit)})`);
  }
  lines.push(`  delete it:  git branch -D ${worktree.branch}`);
  return `${lines.join('\n')}\n`;
}

function label(prompt: string): string {
  return prompt.trim().split(/\s+/).slice(0, 4).join(' ');
}

function commitMessage(prompt: string): string {
  const first = (prompt.trim().split('\n')[0] ?? '').trim();
  const subject = first.length > 72 ? `${first.slice(0, 71)}…` : first;
  return `${subject === '' ? 'Changes of an elbow run' : subject}\n\nelbow -p run in a worktree. The prompt:\n\n${prompt.trim()}\n`;
}
