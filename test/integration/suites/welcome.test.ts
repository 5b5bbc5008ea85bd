import assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { FakeLlmServer } from '../../support/fakeLlmServer';
import { text } from '../../support/fakeLlmServer';
import { fakeApiKey, openChat, sendPrompt, startNewChat, textsOf, waitUntilIdle } from '../support/chat';
import { page, webview } from '../support/driver';

/** First run: no key anywhere. The panel must say what to do and lead to "Set API Key". */
export function welcomeTests(server: () => FakeLlmServer): void {
  describe('welcome without an API key', () => {
    it('names the provider as the picker does, and after Change Provider no error names the provider left', async () => {
      await openChat();
      await webview.waitFor('#welcome', { text: 'your OpenAI-compatible API key' });
      assert.doesNotMatch(await webview.evaluate<string>(`document.querySelector('#welcome').textContent`), /\bopenai\b/, 'not the setting’s value');
      await sendPrompt('Hello before changing the provider');
      await webview.waitFor('.item-error', { text: 'No API key for OpenAI-compatible' });
      await waitUntilIdle();

      const configuration = vscode.workspace.getConfiguration('elbow');
      const { baseUrl, model } = { baseUrl: configuration.get<string>('baseUrl'), model: configuration.get<string>('model') };
      await webview.click('#welcome-change-model');
      await page.waitFor('.quick-input-widget', { text: 'Anthropic' });
      await page.type('Anthropic');
      await page.press('Enter');
      await page.waitFor('.quick-input-widget', { text: 'endpoint (base URL)' });
      await page.press('Enter');
      await page.waitFor('.quick-input-widget', { text: 'model for Anthropic' });
      await page.press('Enter');
      await webview.waitFor('.item-error', { text: 'No API key for Anthropic' });
      await webview.waitFor('#welcome', { text: 'your Anthropic API key' });
      assert.deepEqual(await textsOf('.item-error .error-message'), ['No API key for Anthropic. Run "Elbow: Set API Key" to add one, or change the provider.'], 'the error about the provider left is gone');
      await page.screenshot('chatcards-provider-changed');

      // Back to the provider the fake server speaks for, as the suites after this one expect.
      await configuration.update('provider', 'openai', vscode.ConfigurationTarget.Global);
      await configuration.update('baseUrl', baseUrl, vscode.ConfigurationTarget.Global);
      await configuration.update('model', model, vscode.ConfigurationTarget.Global);
      await webview.waitFor('.item-error', { text: 'No API key for OpenAI-compatible' });
      await startNewChat();
      await webview.waitFor('.item-error', { state: 'detached' });
    });

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
      await webview.waitFor('.item-error', { text: 'Now using OpenAI-compatible · fake-model: Retry sends it.' });
      assert.ok((await textsOf('.item-error')).every((error) => !error.includes('No API key')), 'the error says what is true now');

      server().enqueue({ kind: 'reply', content: [text('Hello with a key.')] });
      await webview.click('.item-error .retry-button');
      await webview.waitFor('.item-assistant', { text: 'Hello with a key.' });
      await waitUntilIdle();
      assert.ok(JSON.stringify(server().requests.at(-1)?.body).includes('Hello before any key'), 'the message typed before the key was set is sent on Retry');
      assert.deepEqual(server().violations, []);
    });
  });
}
