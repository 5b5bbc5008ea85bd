import { z } from 'zod';
import { MAX_TODO_ITEMS, MAX_TODO_TEXT_LENGTH, todoProgress, type TodoItem } from '../../todo/todoItem';
import { defineTool } from '../tool';
import { ToolError } from '../../toolContract/toolError';

/** Limits are checked in `execute`, not the schema: each would cost tokens in every request, and the errors say more. */
const inputSchema = z.object({
  items: z.array(z.object({ text: z.string(), status: z.enum(['pending', 'in_progress', 'done']) })),
});

export const todoTool = defineTool({
  name: 'todo',
  description: 'A task list the user sees. For work of 3+ steps: list them, then update the list as each starts and ends (one in_progress at a time). Each call replaces the list. Not for one-step answers or questions.',
  inputSchema,
  // It changes no file, so plan mode and parallel reads leave it alone; calls in one turn still apply in order.
  readOnly: true,
  kind: 'conversation',
  title: () => 'Updating the task list',
  execute(input) {
    const items = input.items.map((item) => ({ text: item.text.trim(), status: item.status }));
    checkTodoItems(items);
    const done = items.filter((item) => item.status === 'done').length;
    return Promise.resolve({
      content: items.length === 0 ? 'List cleared.' : `List updated: ${done} of ${items.length} done.`,
      summary: items.length === 0 ? 'Cleared the task list' : `Updated the task list · ${todoProgress(items)}`,
    });
  },
});

/** The input the model sent, as a list; undefined when it is none (malformed arguments). */
export function todoItemsOf(value: unknown): TodoItem[] | undefined {
  const input = inputSchema.safeParse(value);
  return input.success ? input.data.items.map((item) => ({ text: item.text.trim(), status: item.status })) : undefined;
}

function checkTodoItems(items: readonly TodoItem[]): void {
  if (items.length > MAX_TODO_ITEMS) throw new ToolError(`The list has ${items.length} items; at most ${MAX_TODO_ITEMS} are allowed. Group small steps into larger ones and call todo again.`);
  items.forEach((item, index) => {
    const where = `Item ${index + 1}`;
    if (item.text === '') throw new ToolError(`${where} has no text. Give every step a short description and call todo again.`);
    if (/[\r\n]/.test(item.text)) throw new ToolError(`${where} spans several lines. Write each step on one line and call todo again.`);
    if (item.text.length > MAX_TODO_TEXT_LENGTH) throw new ToolError(`${where} is ${item.text.length} characters long; at most ${MAX_TODO_TEXT_LENGTH} are allowed. Shorten it and call todo again.`);
  });
  const inProgress = items.filter((item) => item.status === 'in_progress').length;
  if (inProgress > 1) throw new ToolError(`${inProgress} items are in_progress; at most one may be. Mark the others pending or done and call todo again.`);
}
