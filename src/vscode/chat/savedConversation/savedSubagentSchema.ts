import * as z from 'zod';

/*
 * The child agent a `task` card shows, as saved conversations store it (an optional field of format
 * version 1: a file without it is one saved before cards showed children; an Elbow that does not
 * know it reads the card without its child). States and kinds are any string, so that one added
 * later does not make the whole file unreadable to this version.
 */

const savedSubagentStepSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('tool'),
    id: z.string(),
    name: z.string(),
    toolKind: z.string(),
    title: z.string(),
    status: z.string(),
    refusal: z.string().optional(),
    asking: z.boolean().optional(),
    get subagent() {
      return savedSubagentSchema.optional();
    },
  }),
  z.object({
    kind: z.literal('text'),
    id: z.string(),
    text: z.string(),
  }),
]);

export const savedSubagentSchema = z.object({
  taskId: z.string(),
  agent: z.string(),
  description: z.string(),
  /** `running`, `done`, `failed` or `cancelled`. */
  status: z.string(),
  steps: z.array(savedSubagentStepSchema),
  droppedSteps: z.number().int().optional(),
  usage: z.object({
    inputTokens: z.number(),
    outputTokens: z.number(),
    cacheReadTokens: z.number(),
    cacheWriteTokens: z.number(),
  }),
  cost: z.number().nullable(),
});
export type SavedSubagent = z.infer<typeof savedSubagentSchema>;
export type SavedSubagentStep = z.infer<typeof savedSubagentStepSchema>;
