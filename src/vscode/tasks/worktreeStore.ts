import type { Worktree, WorktreeFileChange } from '../../node/worktrees/worktree';

export type { Worktree as TaskWorktree, WorktreeFileChange } from '../../node/worktrees/worktree';

/** What the tasks need of the worktree manager (`node/worktrees/worktreeManager.ts`). */
export interface WorktreeStore {
  create(repoRoot: string, options?: { label?: string }): Promise<Worktree>;
  changes(worktree: Worktree): Promise<WorktreeFileChange[]>;
  keepOnBranch(worktree: Worktree, message: string): Promise<{ branch: string; commit?: string }>;
  remove(worktree: Worktree, options?: { deleteBranch?: boolean }): Promise<void>;
  cleanUpStale(): Promise<Worktree[]>;
}
