import * as z from 'zod';
import { savedChatItemSchema } from './savedChatItemSchema';

/*
 * What a saved conversation's file and the folder's index.json hold, in the format's own schemas
 * (copied from the protocol's on purpose, see savedChatItemSchema.ts). Both files start with the
 * format's `version`, written first so that a writer can check a file's version from its head.
 */

/** The format version this code writes; a file of a higher one comes from a newer Elbow and is left alone. */
export const SAVED_CONVERSATION_FORMAT_VERSION = 1;

/** Messages are checked only as far as repairHistory relies on; the providers' own shapes evolve. */
const savedMessageSchema = z.discriminatedUnion('role', [
  z.looseObject({ role: z.literal('user'), content: z.array(z.looseObject({ type: z.string() })) }),
  z.looseObject({ role: z.literal('assistant'), content: z.array(z.looseObject({ type: z.string() })) }),
  z.looseObject({ role: z.literal('tool'), results: z.array(z.looseObject({ toolCallId: z.string() })) }),
]);

const savedUsageSchema = z.object({
  inputTokens: z.number(),
  outputTokens: z.number(),
  cacheReadTokens: z.number(),
  cacheWriteTokens: z.number(),
});

const savedContextGaugeSchema = z.object({
  usedTokens: z.number(),
  windowTokens: z.number(),
  windowSource: z.string().optional(),
});

export const savedConversationSchema = z.object({
  version: z.literal(SAVED_CONVERSATION_FORMAT_VERSION),
  id: z.string(),
  title: z.string(),
  /** Milliseconds since the epoch. */
  createdAt: z.number(),
  updatedAt: z.number(),
  /** The model-facing history. */
  messages: z.array(savedMessageSchema),
  /** The conversation as the user sees it. */
  items: z.array(savedChatItemSchema),
  usage: savedUsageSchema,
  /** What the conversation cost in US dollars; `null` when a price was unknown, absent in files from before costs were kept. */
  cost: z.number().nullable().optional(),
  /** How full the model's window was at the last request. */
  context: savedContextGaugeSchema.optional(),
  model: z.object({ provider: z.string(), model: z.string() }).optional(),
  /** Pending review and checkpoints of the files the agent changed; ConversationReview checks it. */
  review: z.unknown().optional(),
  /** Plan mode or act mode; absent: act. */
  mode: z.enum(['plan', 'act']).optional(),
  /** The custom agent picked, by name; absent: Agent (or Plan in plan mode). */
  agent: z.string().max(200).optional(),
});
export type SavedConversation = z.infer<typeof savedConversationSchema>;
export type SavedMessage = SavedConversation['messages'][number];

/** A row of the history list, kept in the index so the list opens without reading every file. */
const savedListEntrySchema = z.object({
  id: z.string(),
  title: z.string(),
  /** Milliseconds since the epoch. */
  updatedAt: z.number(),
});
export type SavedListEntry = z.infer<typeof savedListEntrySchema>;

export const savedConversationIndexSchema = z.object({
  version: z.literal(SAVED_CONVERSATION_FORMAT_VERSION),
  conversations: z.array(savedListEntrySchema),
});
export type SavedConversationIndex = z.infer<typeof savedConversationIndexSchema>;
