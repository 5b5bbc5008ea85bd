import * as z from 'zod';

/** One step of the task list the model keeps, as the chat's pinned list shows it. */
export const todoItemSchema = z.object({ text: z.string(), status: z.enum(['pending', 'in_progress', 'done']) });
export type TodoItem = z.infer<typeof todoItemSchema>;
