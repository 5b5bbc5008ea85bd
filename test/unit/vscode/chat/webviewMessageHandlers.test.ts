import assert from 'node:assert/strict';
import type { FromWebview } from '../../../../src/protocol/fromWebview';
import { fromWebviewSchema } from '../../../../src/protocol/fromWebview';
import { routeWebviewMessage, type WebviewMessageHandlers } from '../../../../src/vscode/chat/webviewMessageHandlers';

describe('routeWebviewMessage', () => {
  it('hands each message to the handler of its type, and waits for it', async () => {
    const handled: FromWebview[] = [];
    const types = fromWebviewSchema.options.map((option) => option.shape.type.value);
    const handlers = Object.fromEntries(types.map((type) => [type, async (message: FromWebview) => {
      await Promise.resolve();
      handled.push(message);
    }])) as unknown as WebviewMessageHandlers;
    await routeWebviewMessage(handlers, { type: 'send', text: 'hi' });
    await routeWebviewMessage(handlers, { type: 'mcpRestart', server: 'files' });
    assert.deepEqual(handled, [{ type: 'send', text: 'hi' }, { type: 'mcpRestart', server: 'files' }]);
  });

  it('passes a handler’s failure on', async () => {
    const handlers = { stop: () => Promise.reject(new Error('no')) } as unknown as WebviewMessageHandlers;
    await assert.rejects(routeWebviewMessage(handlers, { type: 'stop' }), /no/);
  });
});
