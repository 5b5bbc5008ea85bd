import * as z from 'zod';

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
    reason: z.string().max(10_000).optional(),
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
  z.object({ type: z.literal('mcpAddServer') }),
  /** Ctrl/Cmd+Enter while a run goes on: this message (with the pending attachments) joins the run at its next turn. */
  z.object({ type: z.literal('steer'), text: z.string().min(1).max(200_000) }),
  /** A message queued to send when the run ends: changed, removed, or steered into the run now ("Send now"). */
  z.object({ type: z.literal('editQueued'), id: z.string(), text: z.string().min(1).max(200_000) }),
  z.object({ type: z.literal('removeQueued'), id: z.string() }),
  z.object({ type: z.literal('steerQueued'), id: z.string() }),
]);
export type FromWebview = z.infer<typeof fromWebviewSchema>;
