import { randomUUID } from 'node:crypto';
import type { WorktreeTaskState } from './worktreeTasks';
import type { ComparedTasks } from './comparedTasks';
import { pairCountProblem, sameModelPair, type ModelPair } from './comparePairs';

/** A comparison that started: its group, and the tasks that could not start with why. */
export interface StartedComparison {
  group: string;
  taskIds: string[];
  failures: { pair: ModelPair; message: string }[];
}

/** The group's tasks, in the order they started. */
export function groupTasks(tasks: readonly WorktreeTaskState[], group: string): WorktreeTaskState[] {
  return tasks.filter((task) => task.group === group).sort((one, other) => one.startedAt - other.startedAt);
}

/** A task's title in the Tasks view: the prompt's first line, short. */
export function comparedTaskTitle(prompt: string): string {
  const firstLine = prompt.trim().split('\n')[0]?.trim() ?? '';
  return firstLine.length > 60 ? `${firstLine.slice(0, 59)}…` : firstLine;
}

/**
 * Starts one worktree task per pair, all with one new group, at once. Refuses fewer than 2 or more than 4 pairs, the
 * same pair twice and an empty prompt before starting anything.
 */
export async function startComparison(tasks: ComparedTasks, prompt: string, pairs: readonly ModelPair[], newGroup: () => string = randomUUID): Promise<StartedComparison> {
  const countProblem = pairCountProblem(pairs.length);
  if (countProblem !== undefined) throw new Error(countProblem);
  if (prompt.trim() === '') throw new Error('Give the prompt to compare the models on.');
  const twice = pairs.find((pair, index) => pairs.findIndex((other) => sameModelPair(pair, other)) !== index);
  if (twice !== undefined) throw new Error(`${twice.model} on ${twice.provider} is picked twice: pick different models.`);
  const group = `compare-${newGroup()}`;
  const title = comparedTaskTitle(prompt);
  const started = await Promise.allSettled(pairs.map((pair) => tasks.start({ prompt, title, provider: pair.provider, model: pair.model, group })));
  const taskIds: string[] = [];
  const failures: StartedComparison['failures'] = [];
  started.forEach((outcome, index) => {
    const pair = pairs[index];
    if (pair === undefined) return;
    if (outcome.status === 'fulfilled') taskIds.push(outcome.value);
    else failures.push({ pair, message: outcome.reason instanceof Error ? outcome.reason.message : String(outcome.reason) });
  });
  return { group, taskIds, failures };
}

/** The comparisons among the tasks, newest first, each with its prompt and models. */
export function comparisonGroups(tasks: readonly WorktreeTaskState[]): { group: string; prompt: string; models: string[]; startedAt: number }[] {
  const groups = new Map<string, WorktreeTaskState[]>();
  for (const task of tasks) {
    if (task.group === undefined || !task.group.startsWith('compare-')) continue;
    groups.set(task.group, [...(groups.get(task.group) ?? []), task]);
  }
  return [...groups].map(([group, members]) => ({
    group,
    prompt: members[0]?.prompt ?? '',
    models: members.map((task) => task.model),
    startedAt: Math.min(...members.map((task) => task.startedAt)),
  })).sort((one, other) => other.startedAt - one.startedAt);
}
