import assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { startFakeLlmServer, text, type FakeLlmServer } from '../../support/fakeLlmServer';
import { openChat, sendPromptAndWaitForReply, startNewChat, useModelServer } from '../support/chat';
import { page, webview } from '../support/driver';
import { narrowChatTo, useTheme } from '../support/viewLayout';

const mistralKey = 'mistral-test-key';

/** Picking a preset by keyboard: its own key, its own endpoint (here a stand-in server), and its name in the chat. */
export function providerPresetTests(server: () => FakeLlmServer): void {
  describe('provider presets', function () {
    this.timeout(120_000);
    let mistral: FakeLlmServer | undefined;

    after(async () => {
      await mistral?.close();
      await useModelServer(server());
      await useTheme('Default Dark Modern');
      await startNewChat();
    });

    it('stores a Mistral key, picks Mistral and its endpoint by keyboard, and sends Mistral\'s key there', async () => {
      mistral = await startFakeLlmServer({ apiKey: mistralKey });
      await openChat();
      await narrowChatTo(300);

      const setting = vscode.commands.executeCommand('elbow.setApiKey');
      await page.waitFor('.quick-input-widget', { text: 'Mistral' });
      await page.type('Mistral');
      await page.press('Enter');
      await page.waitFor('.quick-input-widget', { text: 'API key for Mistral' });
      await page.type(mistralKey);
      await page.press('Enter');
      await page.waitFor('.quick-input-widget', { state: 'hidden' });
      await setting;
      await webview.waitFor('#model-button[title^="Mistral"]');
      await vscode.commands.executeCommand('notifications.clearAll');
      assert.equal(vscode.workspace.getConfiguration('elbow').get('provider'), 'mistral');

      const changing = vscode.commands.executeCommand('elbow.changeModel');
      await page.waitFor('.quick-input-widget .monaco-list-row', { text: 'Azure OpenAI' });
      await page.waitFor('.quick-input-widget .monaco-list-row', { text: 'key set' });
      await page.screenshot('provider-presets-picker-dark');
      await useTheme('Default Light Modern');
      await page.screenshot('provider-presets-picker-light');
      // Mistral is current, so first: Enter picks it.
      await page.press('Enter');
      await page.waitFor('.quick-input-widget', { text: 'endpoint (base URL) for Mistral' });
      await page.screenshot('provider-presets-endpoint-light');
      await page.press('Control+A');
      await page.type(mistral.openaiBaseUrl);
      await page.press('Enter');
      await page.waitFor('.quick-input-widget .monaco-list-row', { text: 'gpt-4.1' });
      await page.type('gpt-4.1');
      await page.press('Enter');
      await changing;
      assert.equal(vscode.workspace.getConfiguration('elbow').get('baseUrl'), mistral.openaiBaseUrl);

      await startNewChat();
      await webview.waitFor('#model-button[title^="Mistral · gpt-4.1"]');
      mistral.enqueue({ kind: 'reply', content: [text('Hello from the Mistral endpoint.')] });
      await sendPromptAndWaitForReply('Hello Mistral', 'Hello from the Mistral endpoint.');
      await page.screenshot('provider-presets-chat-light');
      const sent = mistral.requests.find((request) => request.path.endsWith('/chat/completions'));
      assert.equal(sent?.headers.authorization, `Bearer ${mistralKey}`);
      assert.equal(server().requests.filter((request) => request.path.endsWith('/chat/completions') && JSON.stringify(request.body).includes('Hello Mistral')).length, 0, 'nothing went to the OpenAI-compatible server');
    });
  });
}
