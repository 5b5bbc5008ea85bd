import { todoStatuses, type TodoItem, type TodoStatus } from './todoItem';

/** The heading of the task list a compaction writes into its summary; found again to restore the list. */
export const TODO_LIST_HEADING = '## Task list (kept verbatim; update it with the todo tool)';

const statusMarks: Readonly<Record<TodoStatus, string>> = { pending: '[ ]', in_progress: '[~]', done: '[x]' };
const itemLine = /^- (\[[ ~x]\]) (.*)$/;

/** The list as Markdown lines, `- [x] Read the parser`, for the summary of a compacted conversation. */
export function todoListText(items: readonly TodoItem[]): string {
  return [TODO_LIST_HEADING, ...items.map((item) => `- ${statusMarks[item.status]} ${item.text}`)].join('\n');
}

/** The list a summary holds (see `todoListText`); undefined when the text has none. */
export function parseTodoListText(text: string): TodoItem[] | undefined {
  const start = text.indexOf(`${TODO_LIST_HEADING}\n`);
  if (start < 0) return undefined;
  const items: TodoItem[] = [];
  for (const line of text.slice(start + TODO_LIST_HEADING.length + 1).split('\n')) {
    const match = itemLine.exec(line);
    const status = todoStatuses.find((candidate) => statusMarks[candidate] === match?.[1]);
    if (match === null || status === undefined) break;
    items.push({ text: match[2] ?? '', status });
  }
  return items;
}
