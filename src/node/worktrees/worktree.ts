/** A git worktree Elbow made for a task: its own folder, on its own branch `elbow/<id>`. */
export interface Worktree {
  id: string;
  /** The main repository's top folder. */
  repoRoot: string;
  /** The worktree's folder, in Elbow's data folder. */
  path: string;
  /** The worktree's own git folder, in the main repository's (`.git/worktrees/<name>`): git is pointed at it, never led there by the folder's `.git` file. */
  gitDir: string;
  branch: string;
  /** What the task started from: HEAD, or a commit on top of it holding the uncommitted changes of tracked files. */
  baseCommit: string;
  /** The main repository's HEAD when the worktree was made. */
  headCommit: string;
  createdAt: string;
  label?: string;
}

/** One file that differs from the worktree's base commit. */
export interface WorktreeFileChange {
  /** Relative to the worktree's top folder, with '/' separators. */
  path: string;
  status: 'added' | 'modified' | 'deleted';
  /** What a symbolic link holds is its target's text; a submodule has no content here. */
  kind: 'file' | 'symlink' | 'submodule';
  before?: Uint8Array;
  after?: Uint8Array;
}

/** A worktree could not be made, read or removed; the message says what happened and what to do. */
export class WorktreeError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'WorktreeError';
  }
}
