import type { ToWebview } from '../../protocol/toWebview';

/** Posts the webview the messages a change of the chat's state produced (e.g. the transcript's deltas), in order. */
export function postAll(post: (message: ToWebview) => void, messages: readonly ToWebview[]): void {
  for (const message of messages) post(message);
}
