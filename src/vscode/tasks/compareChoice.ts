import type { WorktreeTaskState } from './worktreeTasks';
import type { ComparedTasks } from './comparedTasks';
import { groupTasks } from './compareGroup';

/** What becomes of the other results when one is taken into review. */
export type OthersChoice = 'discard' | 'keep';

/** The group's other results that still hold a worktree or run: what "discard the others" removes. */
export function resultsToDiscard(tasks: readonly WorktreeTaskState[], chosen: WorktreeTaskState): WorktreeTaskState[] {
  if (chosen.group === undefined) return [];
  return groupTasks(tasks, chosen.group).filter((task) => task.id !== chosen.id && !['reviewed', 'reviewing', 'kept', 'discarded'].includes(task.status) && task.changesUnreadable === undefined);
}

/**
 * Hands one result to the normal per-hunk review, then (as the user chose) discards the others: a running one is
 * cancelled first. The others are left as they are when review could not start.
 */
export async function reviewChosen(tasks: ComparedTasks, taskId: string, others: OthersChoice): Promise<void> {
  const chosen = tasks.get(taskId);
  if (chosen === undefined) return;
  const toDiscard = resultsToDiscard(tasks.list(), chosen);
  await tasks.review(taskId);
  if (others === 'keep') return;
  for (const task of toDiscard) {
    if (task.status === 'starting' || task.status === 'running') tasks.cancel(task.id);
    await tasks.discard(task.id);
  }
}
