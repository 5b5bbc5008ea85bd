import assert from 'node:assert/strict';
import type { FakeLlmServer } from '../../support/fakeLlmServer';
import { text } from '../../support/fakeLlmServer';
import { lastAssistantText, openChat, sendPrompt, textsOf, waitUntilIdle } from '../support/chat';
import { webview } from '../support/driver';

export function chatTurnTests(server: () => FakeLlmServer): void {
  describe('a chat turn through the webview', () => {
    it('sends what the user typed and renders the streamed markdown answer', async () => {
      await openChat();
      server().enqueue({
        kind: 'reply',
        chunkDelayMs: 5,
        content: [text('Hello! Here is a table:\n\n| a | b |\n|---|---|\n| 1 | 2 |\n\n```ts\nconst x: number = 1;\n```\n')],
      });
      await sendPrompt('Hi there');
      await webview.waitFor('.item-user', { text: 'Hi there' });
      await webview.waitFor('.item-assistant .markdown table');
      await waitUntilIdle();
      assert.match(await lastAssistantText(), /Hello! Here is a table/);
      assert.equal(await webview.evaluate<number>(`document.querySelectorAll('.item-assistant pre code .hljs-keyword, .item-assistant pre code.hljs').length > 0 ? 1 : 0`), 1, 'code is highlighted');
      assert.ok((await webview.evaluate<number>(`document.querySelectorAll('.item-assistant pre .copy-button').length`)) >= 1, 'code blocks have a copy button');
      const body = JSON.stringify(server().requests.at(-1)?.body);
      assert.ok(body.includes('Hi there'), 'the prompt reached the model');
      assert.ok(body.includes('Keep answers short.'), 'AGENTS.md reached the model');
      assert.deepEqual(server().violations, []);
      assert.ok((await textsOf('#usage')).join('').length > 0, 'usage is shown');
    });
  });
}
