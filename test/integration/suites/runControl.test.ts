import assert from 'node:assert/strict';
import type { FakeLlmServer } from '../../support/fakeLlmServer';
import { text } from '../../support/fakeLlmServer';
import { lastAssistantText, sendPrompt, startNewChat, textsOf, waitUntilIdle } from '../support/chat';
import { webview } from '../support/driver';

const longAnswer = Array.from({ length: 200 }, (_, index) => `Line ${index + 1} of a long answer.`).join('\n');

export function runControlTests(server: () => FakeLlmServer): void {
  describe('stopping, waiting and retrying', () => {
    beforeEach(async () => {
      await startNewChat();
    });

    it('Stop during streaming ends the run and leaves a conversation that goes on', async () => {
      server().enqueue({ kind: 'reply', content: [text(longAnswer)], chunkSize: 8, chunkDelayMs: 40 });
      await sendPrompt('Tell me a long story');
      await webview.waitFor('.item-assistant', { text: 'Line 2 of' });
      await webview.waitFor('#stop');
      await webview.click('#stop');
      await waitUntilIdle(10_000);
      await webview.waitFor('.item-notice', { text: 'Stopped' });
      assert.ok(!(await lastAssistantText()).includes('Line 200'), 'the answer was cut short');

      server().enqueue({ kind: 'reply', content: [text('Still here.')] });
      await sendPrompt('Are you still there?');
      await webview.waitFor('.item-assistant', { text: 'Still here.' });
      await waitUntilIdle();
      assert.deepEqual(server().violations, [], 'the history after the stop is valid');
    });

    it('shows the wait before a retry, then the answer', async () => {
      server().enqueue({ kind: 'error', status: 429, retryAfterSeconds: 2 }, { kind: 'reply', content: [text('Worth the wait.')] });
      await sendPrompt('Hello again');
      await webview.waitFor('#retry-wait', { text: 'retrying' });
      await webview.waitFor('.item-assistant', { text: 'Worth the wait.' });
      await waitUntilIdle();
      await webview.waitFor('#retry-wait', { state: 'hidden' });
    });

    it('keeps a reply that broke off mid-stream, dimmed as interrupted, then shows the retried one', async () => {
      server().enqueue({ kind: 'streamError', status: 503, content: [text('The first half of an answer')] }, { kind: 'reply', content: [text('The whole answer.')] });
      await sendPrompt('Explain it in one go');
      await webview.waitFor('.item-assistant.interrupted .interrupted-label', { text: 'Interrupted — retrying' });
      await webview.waitFor('.item-assistant:not(.interrupted)', { text: 'The whole answer.' });
      await waitUntilIdle();
      const replies = (await textsOf('.item-assistant .markdown')).map((reply) => reply.trim());
      assert.deepEqual(replies.slice(-2), ['The first half of an answer', 'The whole answer.']);
      assert.equal((await textsOf('.item-assistant.interrupted .markdown')).at(-1)?.trim(), 'The first half of an answer');
      assert.equal((await textsOf('.item-error')).length, 0, 'no error: the retry succeeded');
      assert.deepEqual(server().violations, [], 'the broken reply never reached the history');
    });

    it('shows an error with a Retry button that sends the request again', async () => {
      server().enqueue({ kind: 'error', status: 400, message: 'Invalid value for model' });
      await sendPrompt('This will fail once');
      await webview.waitFor('.item-error', { text: 'Invalid value for model' });
      await waitUntilIdle();
      const errorText = (await textsOf('.item-error')).join('\n');
      assert.doesNotMatch(errorText, /at .*\(.*:\d+:\d+\)/, 'no stack trace');

      server().enqueue({ kind: 'reply', content: [text('Second time lucky.')] });
      await webview.click('.item-error .retry-button');
      await webview.waitFor('.item-assistant', { text: 'Second time lucky.' });
      await waitUntilIdle();
      assert.deepEqual(server().violations, []);
    });
  });
}
