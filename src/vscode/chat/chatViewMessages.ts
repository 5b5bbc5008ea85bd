import type * as vscode from 'vscode';
import { fromWebviewSchema, type FromWebview } from '../../protocol/fromWebview';
import type { ChatViewProvider } from './chatViewProvider';
import { showError } from '../notifications';

/** Hands each valid message from the chat view to `handle`; an invalid one is logged and dropped, a failure logged and shown to the user. */
export function receiveChatViewMessages(view: ChatViewProvider, log: vscode.LogOutputChannel, handle: (message: FromWebview) => Promise<void>): vscode.Disposable {
  return view.connect((raw) => {
    const parsed = fromWebviewSchema.safeParse(raw);
    if (!parsed.success) {
      log.warn(`Ignored an invalid message from the chat view: ${parsed.error.issues[0]?.message ?? 'unknown shape'}`);
      return;
    }
    const message = parsed.data;
    handle(message).catch((error: unknown) => {
      const text = error instanceof Error ? error.message : String(error);
      log.error(`Handling "${message.type}" from the chat view failed: ${text}`);
      void showError(`Elbow: ${text}`);
    });
  });
}
