/** A git worktree Elbow made for a task (as `node/worktrees/worktreeManager.ts` describes it). */
export interface TaskWorktree {
  id: string;
  repoRoot: string;
  path: string;
  branch: string;
  baseCommit: string;
  createdAt: string;
}

/** One file a task changed, against the commit its worktree began from. */
export interface WorktreeFileChange {
  /** Relative to the repository, `/`-separated. */
  path: string;
  status: 'added' | 'modified' | 'deleted';
  before?: Uint8Array;
  after?: Uint8Array;
}

/** What the tasks need of the worktree manager. */
export interface WorktreeStore {
  create(repoRoot: string, options?: { label?: string }): Promise<TaskWorktree>;
  changes(worktree: TaskWorktree): Promise<WorktreeFileChange[]>;
  keepOnBranch(worktree: TaskWorktree, message: string): Promise<{ branch: string; commit?: string }>;
  remove(worktree: TaskWorktree, options?: { deleteBranch?: boolean }): Promise<void>;
  cleanUpStale(): Promise<TaskWorktree[]>;
}
