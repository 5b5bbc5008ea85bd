/** Where one step of the model's task list stands. */
export type TodoStatus = 'pending' | 'in_progress' | 'done';

export const todoStatuses: readonly TodoStatus[] = ['pending', 'in_progress', 'done'];

/** One step of the task list the model keeps with the `todo` tool. */
export interface TodoItem {
  text: string;
  status: TodoStatus;
}

/** A list longer than this is a plan, not a checklist: the model is asked to group steps. */
export const MAX_TODO_ITEMS = 20;
export const MAX_TODO_TEXT_LENGTH = 200;

/** `2/5`: how many of the steps are done. */
export function todoProgress(items: readonly TodoItem[]): string {
  return `${items.filter((item) => item.status === 'done').length}/${items.length}`;
}
