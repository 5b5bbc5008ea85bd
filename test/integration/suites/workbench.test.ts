import assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { FakeLlmServer } from '../../support/fakeLlmServer';
import { text } from '../../support/fakeLlmServer';
import { fakeApiKey, sendPrompt, sleep, startNewChat, waitUntilIdle } from '../support/chat';
import { page, webview } from '../support/driver';

/** Elbow's contributions as the user meets them in the workbench: menus, keybindings, quick picks, dialogs, logs. */
export function workbenchTests(server: () => FakeLlmServer): void {
  describe('in the workbench', () => {
    before(async () => {
      await startNewChat();
    });

    it('offers "Ask Elbow About This File" in the explorer context menu', async () => {
      await vscode.commands.executeCommand('workbench.view.explorer');
      await page.click('.explorer-folders-view .monaco-list-row', 'secret-file.txt');
      await page.click('.explorer-folders-view .monaco-list-row:has-text("secret-file.txt")', undefined, 'right');
      await page.waitFor('.context-view .action-label', { text: 'Ask Elbow About This File' });
      await page.screenshot('explorer-context-menu');
      await page.click('.context-view .action-label', 'Ask Elbow About This File');
      await webview.waitFor('#attachments .chip', { text: 'secret-file.txt' });
      assert.equal(await webview.evaluate<string>('document.activeElement?.id ?? ""'), 'prompt', 'the input has the focus');
      await webview.click('#attachments .chip-remove');
    });

    it('focuses the chat input with Ctrl+Alt+E', async () => {
      await vscode.commands.executeCommand('workbench.view.explorer');
      await sleep(300);
      await page.press('Control+Alt+E');
      await webview.waitFor('#prompt');
      for (let attempt = 0; attempt < 20 && (await webview.evaluate<string>('document.activeElement?.id ?? ""')) !== 'prompt'; attempt++) await sleep(100);
      assert.equal(await webview.evaluate<string>('document.activeElement?.id ?? ""'), 'prompt');
    });

    it('opens the provider and model picker from the header', async () => {
      await webview.click('#model-button');
      await page.waitFor('.quick-input-widget', { text: 'Change Provider and Model' });
      await page.press('Escape');
      await page.waitFor('.quick-input-widget', { state: 'hidden' });
      assert.match(await webview.evaluate<string>(`document.querySelector('#model-button').textContent`), /fake-model/);
    });

    it('asks before opening a link from the chat', async () => {
      server().enqueue({ kind: 'reply', content: [text('See [the docs](https://example.invalid/docs).')] });
      await sendPrompt('Where are the docs?');
      await webview.waitFor('.item-assistant a', { text: 'the docs' });
      await waitUntilIdle();
      await webview.click('.item-assistant a:has-text("the docs")');
      await page.waitFor('.quick-input-widget', { text: 'https://example.invalid/docs' });
      await page.screenshot('link-confirmation');
      await sleep(1_000);
      assert.deepEqual((await page.tabs()).length, 1, 'nothing opened the link behind the confirmation');
      await page.press('Escape');
      await page.waitFor('.quick-input-widget', { state: 'hidden' });
    });

    it('logs requests to the "Elbow" output channel, never the API key', async () => {
      await vscode.commands.executeCommand('elbow.showLogs');
      let log = '';
      for (let attempt = 0; attempt < 50 && !log.includes('Request'); attempt++) {
        await sleep(100);
        log = vscode.workspace.textDocuments.filter((document) => document.uri.scheme === 'output' && /Elbow/.test(document.uri.path)).map((document) => document.getText()).join('\n');
      }
      assert.match(log, /Request 1 to fake-model/);
      assert.match(log, /activated in/);
      assert.ok(!log.includes(fakeApiKey), 'the key is not in the log');
      await vscode.commands.executeCommand('workbench.action.closePanel');
    });
  });
}
