import type { FromWebview } from '../../protocol/fromWebview';

type WebviewMessageType = FromWebview['type'];

/**
 * A handler for every message the chat webview sends: a new message type without one does not compile.
 * What a handler returns is awaited, so a failure reaches the view's error report.
 */
export type WebviewMessageHandlers = { [Type in WebviewMessageType]: (message: Extract<FromWebview, { type: Type }>) => unknown };

/** The handlers of some of the webview's messages, those of one concern. */
export type WebviewMessageHandlersFor<Type extends WebviewMessageType> = Pick<WebviewMessageHandlers, Type>;

/** Hands a message from the webview to the handler of its type. */
export async function routeWebviewMessage(handlers: WebviewMessageHandlers, message: FromWebview): Promise<void> {
  // The map's type pairs each handler with its own message type, which TypeScript cannot follow through the lookup.
  const handler = handlers[message.type] as (message: FromWebview) => unknown;
  await handler(message);
}
