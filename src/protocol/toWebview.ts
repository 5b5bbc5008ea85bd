import * as z from 'zod';
import { mcpStateSchema } from './mcpServers';
import { todoItemSchema } from './todoItems';
import { mentionCandidateSchema } from './mentions';
import { slashCommandRowSchema } from './slashCommands';
import { agentChoiceSchema } from './agentChoices';
import { attachmentSchema, changedFileSchema, chatItemSchema, contextGaugeSchema, conversationListEntrySchema, costSchema, modelInfoSchema, usageSummarySchema } from './chatItems';

/**
 * Messages from the extension to the chat webview. A whole conversation is sent only when
 * one is opened (`conversation`); while it runs, only deltas follow.
 */
export const toWebviewSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('conversation'),
    id: z.string(),
    items: z.array(chatItemSchema),
    running: z.boolean(),
    usage: usageSummarySchema,
    cost: costSchema,
    /** `null` until the conversation's first request. */
    context: contextGaugeSchema.nullable(),
  }),
  z.object({ type: z.literal('itemAdded'), item: chatItemSchema }),
  /** Replaces the item with the same id (e.g. a tool card that finished). */
  z.object({ type: z.literal('itemUpdated'), item: chatItemSchema }),
  z.object({ type: z.literal('textDelta'), itemId: z.string(), text: z.string() }),
  z.object({ type: z.literal('thinkingDelta'), itemId: z.string(), text: z.string() }),
  z.object({ type: z.literal('running'), running: z.boolean() }),
  /** A visible wait before a retry, shown as e.g. `Rate limited, retrying in 4 s`; `null` clears it. */
  z.object({
    type: z.literal('retryWait'),
    wait: z.object({ reason: z.string(), delayMs: z.number(), attempt: z.number(), maxAttempts: z.number() }).nullable(),
  }),
  /** The conversation's token totals and cost so far. */
  z.object({ type: z.literal('usage'), usage: usageSummarySchema, cost: costSchema }),
  /** How full the context window is: estimated before each request, then as the provider reported. */
  z.object({ type: z.literal('context'), context: contextGaugeSchema }),
  z.object({ type: z.literal('model'), model: modelInfoSchema }),
  /** Whether an API key is available for the current provider (named as the picker shows it); without one the welcome shows. */
  z.object({ type: z.literal('apiKey'), available: z.boolean(), provider: z.string() }),
  z.object({ type: z.literal('attachments'), attachments: z.array(attachmentSchema) }),
  z.object({ type: z.literal('history'), conversations: z.array(conversationListEntrySchema) }),
  z.object({ type: z.literal('focusInput') }),
  /** The files with changes still pending review in this conversation (empty: nothing to review). */
  z.object({ type: z.literal('changes'), files: z.array(changedFileSchema) }),
  /** User messages (item ids) after which the agent changed files: each offers "Restore checkpoint". */
  z.object({ type: z.literal('checkpoints'), itemIds: z.array(z.string()) }),
  /**
   * Commands run without a sandbox on this machine, for `reason`: the chat says so once per conversation.
   * `null`: nothing to say (a sandbox runs, or the user closed the banner in this conversation).
   */
  z.object({ type: z.literal('sandboxNotice'), notice: z.object({ reason: z.string() }).nullable() }),
  /** Whether commands in this conversation run without asking (deny rules still apply). */
  z.object({ type: z.literal('autoApprove'), enabled: z.boolean() }),
  /** The MCP servers, their status and tools, and problems in their configuration. */
  z.object({ type: z.literal('mcp'), state: mcpStateSchema }),
  /** Opens the MCP panel ("Elbow: Show MCP Servers"). */
  z.object({ type: z.literal('showMcp') }),
  /** The model's task list, pinned above the input (empty: none). */
  z.object({ type: z.literal('todos'), items: z.array(todoItemSchema) }),
  /** Whether the conversation is in plan mode. */
  z.object({ type: z.literal('planMode'), enabled: z.boolean() }),
  /** The agents the header's picker offers (Agent, Plan, then the custom ones) and the one the conversation has picked. */
  z.object({ type: z.literal('agent'), picked: z.string().max(200), choices: z.array(agentChoiceSchema).max(500) }),
  /** The `@` picker's rows for `query`, best first. */
  z.object({ type: z.literal('mentionCandidates'), query: z.string(), candidates: z.array(mentionCandidateSchema) }),
  /** Every slash command the `/` picker offers, Elbow's own first. */
  z.object({ type: z.literal('slashCommands'), commands: z.array(slashCommandRowSchema) }),
  /** A `/command` that was not sent (cancelled, or refused): its text goes back into an empty input. */
  z.object({ type: z.literal('restoreDraft'), text: z.string() }),
  /**
   * Messages typed during the run: `steering` ones (Ctrl/Cmd+Enter, Send now) go into the run at its next step, the
   * others (`queued`, the default) are sent one after another when it completes.
   */
  z.object({
    type: z.literal('queuedMessages'),
    messages: z.array(z.object({ id: z.string(), text: z.string(), attachments: z.array(attachmentSchema), state: z.enum(['queued', 'steering']).optional() })),
  }),
]);
export type ToWebview = z.infer<typeof toWebviewSchema>;
