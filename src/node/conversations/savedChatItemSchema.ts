import * as z from 'zod';
import { savedSubagentSchema } from './savedSubagentSchema';

/*
 * The chat items as saved conversations store them (format version 1). These are copies of the
 * protocol's schemas as they were when the format got its own, on purpose: the protocol follows the
 * webview and may change, while what a saved file holds must not change with it. A protocol change
 * shows up as a compile error in savedConversationMapping.ts, not as old chats that no longer load.
 */

/** Context the user attached to the next message (shown as a removable chip). */
const savedAttachmentSchema = z.object({
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

/** A file a tool call changed, as its card lists it. */
const savedToolChangedFileSchema = z.object({
  uri: z.string(),
  path: z.string(),
  change: z.string().optional(),
  from: z.object({ uri: z.string(), path: z.string(), review: z.string().optional() }).optional(),
  added: z.number().int().optional(),
  removed: z.number().int().optional(),
  review: z.string().optional(),
});

/** An edit waiting for the user's decision before it is applied (`elbow.edits.review`: `beforeApply`). */
const savedProposalSchema = z.object({
  /** Unified diff of the proposed change, headers included. */
  diff: z.string(),
  state: z.enum(['pending', 'applied', 'rejected']),
  /** What the user told the model when rejecting. */
  feedback: z.string().optional(),
});

/** Where a command ran: in the OS sandbox, or outside it with the user's full rights. */
const savedCommandRunPlacementSchema = z.enum(['sandboxed', 'outsideSandbox']);

/**
 * Where an asked-about command would run: in the sandbox; outside it because the model asks
 * (`reason`: the model's words, plain text); or outside because no sandbox can run here (`reason`: why not).
 */
const savedCommandPlacementSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('sandbox') }),
  z.object({ kind: z.literal('outsideRequested'), reason: z.string() }),
  z.object({ kind: z.literal('noSandbox'), reason: z.string() }),
]);

/**
 * A tool call waiting for the user's permission (a command, a path outside the workspace, an
 * MCP server's tool, a change to a protected file, a web page, or going on past a guard rail), shown in the tool card.
 */
const savedApprovalSchema = z.object({
  kind: z.enum(['command', 'outsideWorkspace', 'mcpTool', 'protectedFile', 'webPage', 'continue']),
  /** The question, e.g. `Run this command in the sandbox?`. */
  title: z.string(),
  /** The exact command line, for commands. */
  command: z.string().optional(),
  /** Where it runs, as shown (e.g. `.` or `packages/app`). */
  cwd: z.string().optional(),
  /** For commands: where it would run if allowed, which decides the choices offered. */
  placement: savedCommandPlacementSchema.optional(),
  /** More context, e.g. the path outside the workspace or of the protected file, or `server › tool` for an MCP tool. */
  detail: z.string().optional(),
  /** An MCP tool's arguments, as indented JSON. */
  arguments: z.string().optional(),
  /** A protected file's change as a unified diff. */
  diff: z.string().optional(),
  /** Why Elbow asks, one line each (e.g. `rm is not on the allow list`). */
  reasons: z.array(z.string()),
  /** Command prefixes "Always allow" would add to the allow list (for an MCP tool: the tool's name); empty when it is not offered. */
  alwaysAllow: z.array(z.string()),
  state: z.enum(['pending', 'allowed', 'denied']),
  /** What the user told the model when denying. */
  reason: z.string().optional(),
  /** For an allowed command: where the user let it run. */
  allowedPlacement: savedCommandRunPlacementSchema.optional(),
});

const savedToolStatusSchema = z.enum(['running', 'done', 'error']);

/** One entry of the conversation as the user sees it. */
export const savedChatItemSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('user'),
    id: z.string(),
    text: z.string(),
    attachments: z.array(savedAttachmentSchema),
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
    /**
     * How the tool is shown (read, edit, command…); absent in files from before cards carried it. Any
     * string, so that a kind added later does not make the whole file unreadable to this version.
     */
    toolKind: z.string().optional(),
    /** What the call does, e.g. `Read src/app.ts (lines 1–200)`; when finished, the result summary, e.g. `Edited fizzbuzz.js:8–9 +2 −1`. */
    title: z.string(),
    status: savedToolStatusSchema,
    /** Raw JSON arguments as the model sent them. */
    arguments: z.string(),
    /** What the tool returned to the model (may be shortened for display). */
    result: z.string(),
    /** The one file this call changed, for an "Open diff" link: how files from before cards listed their files (and a card whose entry says no more) keep it. */
    changedFile: z.object({ uri: z.string(), path: z.string() }).optional(),
    /** The files this call changed, in order. `change` and the reviews: any string, so that one added later does not make the file unreadable. */
    changedFiles: z.array(savedToolChangedFileSchema).optional(),
    /** The user's review of the change (`pending`, `accepted`, `rejected`, `partlyRejected`); any string, so that a state added later does not make the file unreadable. */
    review: z.string().optional(),
    proposal: savedProposalSchema.optional(),
    approval: savedApprovalSchema.optional(),
    /** For a command that ran: in the sandbox or outside it (absent where no sandbox can run). */
    placement: savedCommandRunPlacementSchema.optional(),
    /** Why the mode kept the call from running (`planMode`); any string, so that a reason added later does not make the file unreadable. */
    refusal: z.string().optional(),
    /** For a `task` call: the child agent it ran. */
    subagent: savedSubagentSchema.optional(),
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
export type SavedChatItem = z.infer<typeof savedChatItemSchema>;
