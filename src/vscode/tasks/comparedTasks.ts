import type { WorktreeTasks } from './worktreeTasks';

/** What Compare asks of the worktree task runner: a narrow view, so its tests can hand it a runner of their own. */
export type ComparedTasks = Pick<WorktreeTasks, 'start' | 'list' | 'get' | 'onDidChange' | 'review' | 'discard' | 'cancel'>;
