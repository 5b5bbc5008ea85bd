import assert from 'node:assert/strict';
import type { FakeLlmServer } from '../../support/fakeLlmServer';
import { text } from '../../support/fakeLlmServer';
import { fakeApiKey, openChat, sendPrompt, waitUntilIdle } from '../support/chat';
import { page, webview } from '../support/driver';

/** First run: no key anywhere. The panel must say what to do and lead to "Set API Key". */
export function welcomeTests(server: () => FakeLlmServer): void {
  describe('welcome without an API key', () => {
    it('shows the welcome with a button that runs Set API Key, and hides it once a key is stored', async () => {
      await openChat();
      await webview.waitFor('#welcome');
      const welcome = await webview.evaluate<string>(`document.querySelector('#welcome').textContent`);
      assert.match(welcome, /key/i);
      assert.doesNotMatch(welcome, /Error:|at .*\(.*:\d+:\d+\)/, 'no stack trace');
      await page.screenshot('welcome-dark');

      await sendPrompt('Hello before any key');
      await webview.waitFor('.item-error', { text: 'Set API Key' });
      await waitUntilIdle();
      assert.equal(server().requests.length, 0, 'nothing was sent without a key');

      await webview.click('#welcome-set-key');
      await page.waitFor('.quick-input-widget', { text: 'OpenAI-compatible' });
      await page.press('Enter');
      await page.waitFor('.quick-input-widget', { text: 'API key for OpenAI-compatible' });
      await page.type(fakeApiKey);
      await page.press('Enter');
      await webview.waitFor('#welcome', { state: 'hidden' });

      server().enqueue({ kind: 'reply', content: [text('Hello with a key.')] });
      await webview.click('.item-error .retry-button');
      await webview.waitFor('.item-assistant', { text: 'Hello with a key.' });
      await waitUntilIdle();
      assert.ok(JSON.stringify(server().requests.at(-1)?.body).includes('Hello before any key'), 'the message typed before the key was set is sent on Retry');
      assert.deepEqual(server().violations, []);
    });
  });
}
