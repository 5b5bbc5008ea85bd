import * as z from 'zod';

/** Messages from the chat webview to the extension. Validated on receipt: the webview renders untrusted text. */
export const fromWebviewSchema = z.discriminatedUnion('type', [
  /** The webview has loaded and wants the current state. */
  z.object({ type: z.literal('ready') }),
  z.object({ type: z.literal('send'), text: z.string().min(1).max(200_000) }),
  z.object({ type: z.literal('stop') }),
  z.object({ type: z.literal('retry') }),
  z.object({ type: z.literal('newChat') }),
  z.object({ type: z.literal('showHistory') }),
  z.object({ type: z.literal('openConversation'), id: z.string() }),
  z.object({ type: z.literal('deleteConversation'), id: z.string() }),
  z.object({ type: z.literal('removeAttachment'), id: z.string() }),
  /** A link in rendered markdown; the extension asks the user before opening it. */
  z.object({ type: z.literal('openLink'), href: z.string().max(8_192) }),
  z.object({ type: z.literal('copy'), text: z.string() }),
  z.object({ type: z.literal('changeModel') }),
  z.object({ type: z.literal('setApiKey') }),
]);
export type FromWebview = z.infer<typeof fromWebviewSchema>;
