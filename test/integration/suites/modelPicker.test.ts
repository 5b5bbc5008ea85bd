import assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { FakeLlmServer } from '../../support/fakeLlmServer';
import { page } from '../support/driver';

/** "Change Provider and Model" on an OpenAI-compatible endpoint lists the server's own models. */
export function modelPickerTests(server: () => FakeLlmServer): void {
  describe('the model picker', () => {
    after(async () => {
      await vscode.workspace.getConfiguration('elbow').update('model', 'fake-model', vscode.ConfigurationTarget.Global);
    });

    it('asks the endpoint for its models and writes the one picked to the settings', async () => {
      const picking = vscode.commands.executeCommand('elbow.changeModel');
      await page.waitFor('.quick-input-widget', { text: 'OpenAI-compatible' });
      await page.type('OpenAI-compatible');
      await page.press('Enter');
      await page.waitFor('.quick-input-widget', { text: 'endpoint (base URL)' });
      // The current endpoint is filled in: Enter keeps it.
      await page.press('Enter');
      // The fake server lists one model, OpenAI's models-list shape (test/support/fakeLlm/modelInfoRoutes.ts).
      await page.waitFor('.quick-input-widget', { text: `model on ${server().openaiBaseUrl}` });
      await page.waitFor('.quick-input-widget .monaco-list-row', { text: 'gpt-4.1' });
      await page.waitFor('.quick-input-widget .monaco-list-row', { text: 'Enter a model name…' });
      await page.screenshot('model-picker');
      await page.type('gpt-4.1');
      await page.press('Enter');
      await picking;
      const configuration = vscode.workspace.getConfiguration('elbow');
      assert.equal(configuration.get('model'), 'gpt-4.1');
      assert.equal(configuration.get('baseUrl'), server().openaiBaseUrl);
      assert.equal(configuration.get('provider'), 'openai');
    });
  });
}
