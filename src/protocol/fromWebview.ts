import * as z from 'zod';
import { elicitationActionSchema, elicitationInputSchema } from './elicitation';
import { mentionSchema } from './mentions';

/** What the user chose in a permission card (see `resolveApproval`). */
export const approvalChoiceSchema = z.enum(['allow', 'alwaysAllow', 'allowOutsideSandbox', 'allowInSandbox', 'deny']);
export type ApprovalChoice = z.infer<typeof approvalChoiceSchema>;

/** Messages from the chat webview to the extension. Validated on receipt: the webview renders untrusted text. */
export const fromWebviewSchema = z.discriminatedUnion('type', [
  /** The webview has loaded and wants the current state. */
  z.object({ type: z.literal('ready') }),
  z.object({ type: z.literal('send'), text: z.string().min(1).max(200_000) }),
  z.object({ type: z.literal('stop') }),
  z.object({ type: z.literal('retry') }),
  z.object({ type: z.literal('newChat') }),
  /** "Compact now": summarise the conversation so far (only while no request runs). */
  z.object({ type: z.literal('compact') }),
  z.object({ type: z.literal('showHistory') }),
  z.object({ type: z.literal('openConversation'), id: z.string() }),
  z.object({ type: z.literal('deleteConversation'), id: z.string() }),
  z.object({ type: z.literal('removeAttachment'), id: z.string() }),
  /** A link in rendered markdown; the extension asks the user before opening it. */
  z.object({ type: z.literal('openLink'), href: z.string().max(8_192) }),
  z.object({ type: z.literal('copy'), text: z.string() }),
  z.object({ type: z.literal('changeModel') }),
  z.object({ type: z.literal('setApiKey') }),
  /** Review of the agent's changes; `uri` as in the Changes list. */
  z.object({ type: z.literal('openChangedFile'), uri: z.string() }),
  z.object({ type: z.literal('openDiff'), uri: z.string() }),
  z.object({ type: z.literal('acceptFile'), uri: z.string() }),
  z.object({ type: z.literal('rejectFile'), uri: z.string() }),
  z.object({ type: z.literal('acceptAll') }),
  z.object({ type: z.literal('rejectAll') }),
  /** Roll files back to their state at this user message (the extension confirms first). */
  z.object({ type: z.literal('restoreCheckpoint'), itemId: z.string() }),
  /** The user's decision on a proposed edit (tool card id). */
  z.object({
    type: z.literal('resolveProposal'),
    itemId: z.string(),
    decision: z.enum(['apply', 'reject']),
    /** The proposal's `question`: the answer applies to it only. */
    question: z.string().max(100).optional(),
    feedback: z.string().max(10_000).optional(),
  }),
  /**
   * The user's answer to a permission request in a tool card. `allow` runs a command where it was asked for;
   * `allowOutsideSandbox` runs a sandboxed request outside the sandbox, `allowInSandbox` an outside request in it.
   */
  z.object({
    type: z.literal('resolveApproval'),
    itemId: z.string(),
    decision: approvalChoiceSchema,
    /** The approval's `question`: the answer applies to it only. */
    question: z.string().max(100).optional(),
    reason: z.string().max(10_000).optional(),
  }),
  /** The user's answer to an MCP server's question on a tool card; an Accept whose values do not pass comes back with what is wrong. */
  z.object({
    type: z.literal('answerElicitation'),
    itemId: z.string(),
    question: z.string().max(100),
    action: elicitationActionSchema,
    values: z.record(z.string(), elicitationInputSchema).optional(),
  }),
  /** The banner saying that commands run without a sandbox here was closed: not again in this conversation. */
  z.object({ type: z.literal('dismissSandboxNotice') }),
  /** The header switch: run this conversation's commands without asking. */
  z.object({ type: z.literal('setAutoApprove'), enabled: z.boolean() }),
  /** The MCP panel: stop and start a server again (also one that failed for good). */
  z.object({ type: z.literal('mcpRestart'), server: z.string() }),
  /** Turns a server on or off; written to its configuration file (`disabled`). */
  z.object({ type: z.literal('mcpSetServerEnabled'), server: z.string(), enabled: z.boolean() }),
  /** Gives the model a tool or takes it away; written to the server's configuration (`disabledTools`). */
  z.object({ type: z.literal('mcpSetToolEnabled'), server: z.string(), tool: z.string(), enabled: z.boolean() }),
  z.object({ type: z.literal('mcpOpenConfig') }),
  /** Signs in to a remote server with OAuth in the browser, or out of it (its tokens revoked and forgotten). */
  z.object({ type: z.literal('mcpSignIn'), server: z.string() }),
  z.object({ type: z.literal('mcpSignOut'), server: z.string() }),
  z.object({ type: z.literal('mcpAddServer') }),
  /** The header switch: plan mode, where the agent reads and plans and the tools change nothing. */
  z.object({ type: z.literal('setPlanMode'), enabled: z.boolean() }),
  /** The header's agent picker: the extension asks which agent (a quick pick) and picks it for the open conversation. */
  z.object({ type: z.literal('pickAgent') }),
  /** "Act on this plan": back to act mode, and the plan (as the user edited it) goes to the agent. */
  z.object({ type: z.literal('actOnPlan'), plan: z.string().max(200_000) }),
  /**
   * An image pasted or dropped into the input: its bytes in base64, left out (`data` absent) when
   * it is over the size limit anyway; `bytes` is its size. The extension checks it and adds a chip.
   */
  z.object({
    type: z.literal('attachImage'),
    name: z.string().max(1_000),
    mediaType: z.string().max(200),
    bytes: z.number().int().nonnegative(),
    data: z.string().max(8_000_000).optional(),
    thumbnail: z.string().max(200_000).optional(),
  }),
  /** Image files dragged from VS Code's explorer (their URIs); the extension reads those inside the workspace. */
  z.object({ type: z.literal('attachImageFiles'), uris: z.array(z.string().max(8_192)).max(20) }),
  /** The `@` picker is open: what the user typed after `@`. */
  z.object({ type: z.literal('mentionSearch'), query: z.string().max(1_000) }),
  /** The user chose an `@` mention: it becomes an attachment chip. */
  z.object({ type: z.literal('addMention'), mention: mentionSchema }),
  /** Ctrl/Cmd+Enter while a run goes on: this message (with the pending attachments) joins the run at its next turn. */
  z.object({ type: z.literal('steer'), text: z.string().min(1).max(200_000) }),
  /** A message queued to send when the run ends: changed, removed, or steered into the run now ("Send now"). */
  z.object({ type: z.literal('editQueued'), id: z.string(), text: z.string().min(1).max(200_000) }),
  z.object({ type: z.literal('removeQueued'), id: z.string() }),
  z.object({ type: z.literal('steerQueued'), id: z.string() }),
]);
export type FromWebview = z.infer<typeof fromWebviewSchema>;
