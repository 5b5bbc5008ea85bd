import * as z from 'zod';
import { elicitationSchema } from './elicitation';

/** Context the user attached to the next message (shown as a removable chip). */
export const attachmentSchema = z.object({
  id: z.string(),
  kind: z.enum(['file', 'selection', 'folder', 'problems', 'terminal', 'gitChanges', 'image', 'mcpResource']),
  /** Workspace-relative path, `/`-separated, as shown. */
  path: z.string(),
  /** The document's URI, for the extension to read it; an MCP resource's URI. */
  uri: z.string().optional(),
  /** The MCP server an `mcpResource` comes from. */
  server: z.string().optional(),
  /** 1-based, inclusive; only for selections. */
  startLine: z.number().int().optional(),
  endLine: z.number().int().optional(),
  /** What it adds to the request, in tokens (estimated when attached; an image: by its pixels). */
  tokens: z.number().optional(),
  /** A count worth showing beside the name, e.g. `12` problems. */
  detail: z.string().optional(),
  /** An image's small preview, a `data:image/png;base64,…` URL; the full image stays with the extension. */
  thumbnail: z.string().max(200_000).optional(),
  /** Why it cannot be sent (a missing or hidden file, an image over the size limit or in a format the models do not take): shown on the chip, which stays until removed, and nothing is sent for it. */
  problem: z.string().optional(),
});
export type Attachment = z.infer<typeof attachmentSchema>;

/** A file the agent changed in this conversation, as the Changes list shows it. */
export const changedFileSchema = z.object({
  /** The file's URI: the key the webview sends back. */
  uri: z.string(),
  /** As shown, e.g. `src/app.ts`. */
  path: z.string(),
  status: z.enum(['created', 'modified', 'deleted']),
  /** Lines added and removed against the file's text before the agent's first change (still pending review). */
  added: z.number().int(),
  removed: z.number().int(),
});
export type ChangedFile = z.infer<typeof changedFileSchema>;

/** An edit waiting for the user's decision before it is applied (`elbow.edits.review`: `beforeApply`). */
export const proposalSchema = z.object({
  /** Unified diff of the proposed change, headers included. */
  diff: z.string(),
  state: z.enum(['pending', 'applied', 'rejected']),
  /** The pending question's own id: the answer names it, so it answers this proposal and no later one on the card. */
  question: z.string().max(100).optional(),
  /** What the user told the model when rejecting. */
  feedback: z.string().optional(),
});
export type Proposal = z.infer<typeof proposalSchema>;

/** Where a command ran: in the OS sandbox, or outside it with the user's full rights. */
export const commandRunPlacementSchema = z.enum(['sandboxed', 'outsideSandbox']);
export type CommandRunPlacement = z.infer<typeof commandRunPlacementSchema>;

/**
 * Where an asked-about command would run: in the sandbox; outside it because the model asks
 * (`reason`: the model's words, plain text); or outside because no sandbox can run here (`reason`: why not).
 */
export const commandPlacementSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('sandbox') }),
  z.object({ kind: z.literal('outsideRequested'), reason: z.string() }),
  z.object({ kind: z.literal('noSandbox'), reason: z.string() }),
]);
export type CommandPlacement = z.infer<typeof commandPlacementSchema>;

/**
 * A tool call waiting for the user's permission (a command, a path outside the workspace, an
 * MCP server's tool, a change to a protected file, a web page, or going on past a guard rail), shown in the tool card.
 */
export const approvalSchema = z.object({
  kind: z.enum(['command', 'outsideWorkspace', 'mcpTool', 'protectedFile', 'webPage', 'continue']),
  /** The question, e.g. `Run this command in the sandbox?`. */
  title: z.string(),
  /** The exact command line, for commands. */
  command: z.string().optional(),
  /** Where it runs, as shown (e.g. `.` or `packages/app`). */
  cwd: z.string().optional(),
  /** For commands: where it would run if allowed, which decides the choices offered. */
  placement: commandPlacementSchema.optional(),
  /** More context, e.g. the path outside the workspace or of the protected file, or `server › tool` for an MCP tool. */
  detail: z.string().optional(),
  /** An MCP tool's arguments, as indented JSON. */
  arguments: z.string().optional(),
  /** A protected file's change as a unified diff. */
  diff: z.string().optional(),
  /** Why Elbow asks, one line each (e.g. `rm is not on the allow list`). */
  reasons: z.array(z.string()),
  /** Command prefixes "Always allow" would add to the allow list (for an MCP tool: the tool's name; for a web page: its domain); empty when it is not offered. */
  alwaysAllow: z.array(z.string()),
  state: z.enum(['pending', 'allowed', 'denied']),
  /** The pending question's own id: the answer names it, so it answers this question and no later one on the card. */
  question: z.string().max(100).optional(),
  /** What the user told the model when denying. */
  reason: z.string().optional(),
  /** For an allowed command: where the user let it run. */
  allowedPlacement: commandRunPlacementSchema.optional(),
});
export type Approval = z.infer<typeof approvalSchema>;

/** Where the user's review of an edit stands: still pending, or what they decided about all of it. */
export const editReviewSchema = z.enum(['pending', 'accepted', 'rejected', 'partlyRejected']);
export type EditReview = z.infer<typeof editReviewSchema>;

/** How a tool call changed one file; a move is one entry, at the file's new place. */
export const toolFileChangeSchema = z.enum(['created', 'modified', 'moved', 'deleted']);
export type ToolFileChange = z.infer<typeof toolFileChangeSchema>;

/** A file a tool call changed, as its card lists it. Conversations saved before cards listed files have only `uri` and `path`. */
export const toolChangedFileSchema = z.object({
  /** The file's URI: the key the webview sends back to open its diff. */
  uri: z.string(),
  /** As shown, e.g. `src/app.ts`. */
  path: z.string(),
  change: toolFileChangeSchema.optional(),
  /** For a move: where the file was, and the user's review of its removal from there. */
  from: z.object({ uri: z.string(), path: z.string(), review: editReviewSchema.optional() }).optional(),
  /** Lines this call added and removed in the file (for a move: against the file where it was). */
  added: z.number().int().optional(),
  removed: z.number().int().optional(),
  /** The user's review of this file's change. */
  review: editReviewSchema.optional(),
});
export type ToolChangedFile = z.infer<typeof toolChangedFileSchema>;

export const toolStatusSchema = z.enum(['running', 'done', 'error']);
export type ToolStatus = z.infer<typeof toolStatusSchema>;

/** Why a call was not run when that is the conversation's mode working (plan mode), not a failure; the agent's ToolRefusal. */
export const toolRefusalSchema = z.enum(['planMode', 'agent']);
export type ToolRefusal = z.infer<typeof toolRefusalSchema>;

/** What sort of tool a call is of; the kinds of the agent's tools (see its ToolKind), which the chat shows as icons. */
export const toolKindSchema = z.enum(['read', 'list', 'search', 'edit', 'write', 'delete', 'command', 'commandFollowUp', 'web', 'mcp', 'task', 'conversation', 'unknown']);
export type ToolKind = z.infer<typeof toolKindSchema>;

/** How a subagent's run stands: under way, finished with its answer, failed, or stopped. */
export const subagentStatusSchema = z.enum(['running', 'done', 'failed', 'cancelled']);
export type SubagentStatus = z.infer<typeof subagentStatusSchema>;

/** A step a subagent took, as its card lists it: a tool call (a task it handed on nests the same way) or text it wrote (plain, untrusted, bounded). */
export const subagentStepSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('tool'),
    /** The child's tool call id. */
    id: z.string(),
    name: z.string(),
    toolKind: toolKindSchema,
    /** What the call does; when finished, its result summary. */
    title: z.string(),
    status: toolStatusSchema,
    refusal: toolRefusalSchema.optional(),
    /** The call waits for the user's permission (asked on the card of the task it belongs to). */
    asking: z.boolean().optional(),
    /** For a `task` call of the child: the grandchild. */
    get subagent() {
      return subagentSchema.optional();
    },
  }),
  z.object({
    kind: z.literal('text'),
    id: z.string(),
    text: z.string(),
  }),
]);
export type SubagentStep = z.infer<typeof subagentStepSchema>;

/** The child agent a `task` call runs, shown inside the call's card. */
export const subagentSchema = z.object({
  /** The child's id, which continues it (`task_id`). */
  taskId: z.string(),
  /** The agent it runs as, e.g. `explore`. */
  agent: z.string(),
  /** What it was asked to do, in a few words. */
  description: z.string(),
  status: subagentStatusSchema,
  /** Its latest steps, oldest first; earlier ones are dropped (`droppedSteps` counts them). */
  steps: z.array(subagentStepSchema),
  droppedSteps: z.number().int().optional(),
  /** What its requests used, its own subagents included. */
  usage: z.object({
    inputTokens: z.number(),
    outputTokens: z.number(),
    cacheReadTokens: z.number(),
    cacheWriteTokens: z.number(),
  }),
  /** Their cost in US dollars; `null` when a price is unknown. */
  cost: z.number().nullable(),
});
export type Subagent = z.infer<typeof subagentSchema>;

/** One entry of the conversation as the user sees it. */
export const chatItemSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('user'),
    id: z.string(),
    text: z.string(),
    attachments: z.array(attachmentSchema),
  }),
  z.object({
    kind: z.literal('assistant'),
    id: z.string(),
    /** Markdown, untrusted: render then sanitise. */
    text: z.string(),
    thinking: z.string(),
    /** The reply broke off and was dropped (the model never got it); the request was sent again. */
    interrupted: z.boolean().optional(),
  }),
  z.object({
    kind: z.literal('tool'),
    /** The tool call id. */
    id: z.string(),
    name: z.string(),
    /** Absent in conversations saved before tool cards carried it: shown as an unknown tool. */
    toolKind: toolKindSchema.optional(),
    /** What the call does, e.g. `Read src/app.ts (lines 1–200)`; when finished, the result summary, e.g. `Edited fizzbuzz.js:8–9 +2 −1`. */
    title: z.string(),
    status: toolStatusSchema,
    /** Raw JSON arguments as the model sent them. */
    arguments: z.string(),
    /** What the tool returned to the model (may be shortened for display). */
    result: z.string(),
    /** The files this call changed, in the order it changed them, each with an "Open diff" link (most calls change one). */
    changedFiles: z.array(toolChangedFileSchema).optional(),
    /** For a call that changed files: the user's review of its changes, all files together. */
    review: editReviewSchema.optional(),
    proposal: proposalSchema.optional(),
    approval: approvalSchema.optional(),
    /** For an MCP call: the server's question to the user while the call runs. */
    elicitation: elicitationSchema.optional(),
    /** For a command that ran: in the sandbox or outside it (absent where no sandbox can run). */
    placement: commandRunPlacementSchema.optional(),
    /** The call failed for the model because the mode does not allow it; shown calmly, with the way out. */
    refusal: toolRefusalSchema.optional(),
    /** For a `task` call: the child agent it runs. */
    subagent: subagentSchema.optional(),
  }),
  z.object({
    kind: z.literal('error'),
    id: z.string(),
    message: z.string(),
    /** Offer a Retry button. */
    retryable: z.boolean(),
  }),
  z.object({
    kind: z.literal('notice'),
    id: z.string(),
    text: z.string(),
  }),
  /**
   * The model-facing history was compacted here; the user's view keeps every earlier item.
   * Layer 1 shortened older tool results; layer 2 replaced earlier messages by a summary.
   */
  z.object({
    kind: z.literal('compaction'),
    id: z.string(),
    layer: z.union([z.literal(1), z.literal(2)]),
    /** `running`: the summary is being written; `failed`: it could not be, and the history was kept. */
    state: z.enum(['running', 'done', 'failed']),
    /** The estimated size of the model-facing history before and after, in tokens. */
    beforeTokens: z.number(),
    afterTokens: z.number().optional(),
    /** Layer 2: the model's summary, Markdown, untrusted: render then sanitise. */
    summary: z.string().optional(),
    /** Layer 1: how many tool results were shortened. */
    shortenedResults: z.number().int().optional(),
    /** Layer 1: the results cut were the newest ones, which alone did not fit the window. */
    newest: z.boolean().optional(),
    /** Where the full transcript before the summary was archived (a file path). */
    archive: z.string().optional(),
    /** Why it failed, for `failed`. */
    message: z.string().optional(),
  }),
]);
export type ChatItem = z.infer<typeof chatItemSchema>;
export type ChatItemOf<K extends ChatItem['kind']> = Extract<ChatItem, { kind: K }>;

export const usageSummarySchema = z.object({
  inputTokens: z.number(),
  outputTokens: z.number(),
  cacheReadTokens: z.number(),
  cacheWriteTokens: z.number(),
});
export type UsageSummary = z.infer<typeof usageSummarySchema>;

/** What the conversation's requests cost in US dollars; `null` when a price is unknown. */
export const costSchema = z.number().nullable();

/** How full the model's context window is: the size of the latest request against the window. */
export const contextGaugeSchema = z.object({
  usedTokens: z.number(),
  windowTokens: z.number(),
  /** Where the window's size came from, e.g. `Ollama (loaded with 8,192 tokens)`. */
  windowSource: z.string().optional(),
});
export type ContextGauge = z.infer<typeof contextGaugeSchema>;

export const conversationListEntrySchema = z.object({
  id: z.string(),
  title: z.string(),
  /** Milliseconds since the epoch. */
  updatedAt: z.number(),
});
export type ConversationListEntry = z.infer<typeof conversationListEntrySchema>;

export const modelInfoSchema = z.object({
  /** As the provider picker names it, e.g. `Anthropic`. */
  provider: z.string(),
  model: z.string(),
});
export type ModelInfo = z.infer<typeof modelInfoSchema>;
