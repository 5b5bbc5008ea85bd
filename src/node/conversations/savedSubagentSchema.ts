import * as z from 'zod';
import { maxSubagentDepth } from '../../core/agent/subagentProfiles';

/** A card lists at most this many of a child's latest steps: a long run stays cheap to post and to save. */
export const MAX_SUBAGENT_STEPS = 40;
/** A text step keeps at most this many of its latest characters; the child's answer is the task's result. */
export const MAX_SUBAGENT_TEXT_CHARS = 2_000;

/*
 * The child agent a `task` card shows, as saved conversations store it (an optional field of format
 * version 1: a file without it is one saved before cards showed children; an Elbow that does not
 * know it reads the card without its child). States and kinds are any string, so that one added
 * later does not make the whole file unreadable to this version.
 *
 * A saved file may come from another machine or be edited, so what it holds is bounded as the live
 * card is: children nest no deeper than a session can start them (a deeper child is not read, so
 * parsing never recurses further), a child keeps its latest steps and a text step its latest
 * characters. A question the child was waiting on is not read: nothing answers it after a reload.
 */

export type SavedSubagentStep =
  | { kind: 'tool'; id: string; name: string; toolKind: string; title: string; status: string; refusal?: string; subagent?: SavedSubagent }
  | { kind: 'text'; id: string; text: string };

export interface SavedSubagent {
  taskId: string;
  agent: string;
  description: string;
  /** `running`, `done`, `failed` or `cancelled`. */
  status: string;
  steps: SavedSubagentStep[];
  droppedSteps?: number;
  usage: { inputTokens: number; outputTokens: number; cacheReadTokens: number; cacheWriteTokens: number };
  cost: number | null;
}

const toolStepFields = {
  kind: z.literal('tool'),
  id: z.string(),
  name: z.string(),
  toolKind: z.string(),
  title: z.string(),
  status: z.string(),
  refusal: z.string().optional(),
};

const textStepSchema = z.object({
  kind: z.literal('text'),
  id: z.string(),
  text: z.string().transform(latestText),
});

/** A child whose `task` steps may hold children `levels - 1` deeper. */
function subagentSchemaOf(levels: number): z.ZodType<SavedSubagent> {
  const toolStepSchema = levels > 1 ? z.object({ ...toolStepFields, subagent: subagentSchemaOf(levels - 1).optional() }) : z.object(toolStepFields);
  return z
    .object({
      taskId: z.string(),
      agent: z.string(),
      description: z.string(),
      status: z.string(),
      steps: z.array(z.discriminatedUnion('kind', [toolStepSchema, textStepSchema])),
      droppedSteps: z.number().int().nonnegative().optional(),
      usage: z.object({
        inputTokens: z.number(),
        outputTokens: z.number(),
        cacheReadTokens: z.number(),
        cacheWriteTokens: z.number(),
      }),
      cost: z.number().nullable(),
    })
    .transform(withLatestSteps);
}

function withLatestSteps(subagent: SavedSubagent): SavedSubagent {
  const extra = subagent.steps.length - MAX_SUBAGENT_STEPS;
  if (extra <= 0) return subagent;
  return { ...subagent, steps: subagent.steps.slice(extra), droppedSteps: (subagent.droppedSteps ?? 0) + extra };
}

/** The card keeps `…` and the latest characters of a long text. */
function latestText(text: string): string {
  return text.length <= MAX_SUBAGENT_TEXT_CHARS + 1 ? text : `…${text.slice(-MAX_SUBAGENT_TEXT_CHARS)}`;
}

/** A `task` card's child: the first of the `maxSubagentDepth` levels a session can start. */
export const savedSubagentSchema = subagentSchemaOf(maxSubagentDepth);
