import assert from 'node:assert/strict';
import { fakeApiKey, openChat } from '../support/chat';
import { page, webview } from '../support/driver';

/** First run: no key anywhere. The panel must say what to do and lead to "Set API Key". */
export function welcomeTests(): void {
  describe('welcome without an API key', () => {
    it('shows the welcome with a button that runs Set API Key, and hides it once a key is stored', async () => {
      await openChat();
      await webview.waitFor('#welcome');
      const welcome = await webview.evaluate<string>(`document.querySelector('#welcome').textContent`);
      assert.match(welcome, /key/i);
      assert.doesNotMatch(welcome, /Error:|at .*\(.*:\d+:\d+\)/, 'no stack trace');
      await page.screenshot('welcome-dark');

      await webview.click('#welcome-set-key');
      await page.waitFor('.quick-input-widget', { text: 'OpenAI-compatible' });
      await page.press('Enter');
      await page.waitFor('.quick-input-widget', { text: 'API key for OpenAI-compatible' });
      await page.type(fakeApiKey);
      await page.press('Enter');
      await webview.waitFor('#welcome', { state: 'hidden' });
    });
  });
}
