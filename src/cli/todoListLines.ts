import { todoProgress, type TodoItem, type TodoStatus } from '../core/todo/todoItem';

const statusMarks: Readonly<Record<TodoStatus, string>> = { pending: '○', in_progress: '▸', done: '✓' };

/** The model's task list for the terminal: a count, then one line per step. */
export function todoListLines(items: readonly TodoItem[]): string[] {
  if (items.length === 0) return ['Tasks: cleared'];
  return [`Tasks ${todoProgress(items)}`, ...items.map((item) => `  ${statusMarks[item.status]} ${item.text}`)];
}
