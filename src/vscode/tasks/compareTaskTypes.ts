import type * as vscode from 'vscode';

// The worktree task runner's shapes as Compare uses them; WorktreeTasks (worktreeTasks.ts) fits `ComparedTasks`.

export interface ComparedFileChange { path: string; status: 'added' | 'modified' | 'deleted'; before?: Uint8Array; after?: Uint8Array }

export interface ComparedTaskStart { prompt: string; title?: string; provider?: string; model?: string; group?: string }

export type ComparedTaskStatus = 'starting' | 'running' | 'done' | 'failed' | 'cancelled' | 'reviewing' | 'reviewed' | 'kept' | 'discarded';

export interface ComparedTaskState {
  id: string;
  title: string;
  prompt: string;
  provider: string;
  model: string;
  status: ComparedTaskStatus;
  startedAt: number;
  endedAt?: number;
  tokens: number;
  cost: number | null;
  answer?: string;
  error?: string;
  branch?: string;
  changes?: ComparedFileChange[];
  group?: string;
}

/** What Compare needs of the worktree task runner. */
export interface ComparedTasks {
  start(start: ComparedTaskStart): Promise<string>;
  list(): readonly ComparedTaskState[];
  get(id: string): ComparedTaskState | undefined;
  readonly onDidChange: vscode.Event<void>;
  review(id: string): Promise<void>;
  discard(id: string): Promise<void>;
  cancel(id: string): void;
}
