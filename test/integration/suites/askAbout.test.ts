import assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { FakeLlmServer } from '../../support/fakeLlmServer';
import { text } from '../../support/fakeLlmServer';
import { lastUserMessage, sendPrompt, startNewChat, textsOf, waitUntilIdle, workspaceFile } from '../support/chat';
import { webview } from '../support/driver';

export function askAboutTests(server: () => FakeLlmServer): void {
  describe('asking about files and selections', () => {
    beforeEach(async () => {
      await startNewChat();
    });

    it('"Ask Elbow About This File" from the explorer attaches the file and puts the cursor in the input', async () => {
      // The explorer's context menu runs the command with the clicked file's URI.
      await vscode.commands.executeCommand('elbow.askAboutFile', workspaceFile('src/app.ts'));
      await webview.waitFor('#attachments .chip', { text: 'src/app.ts' });
      assert.equal(await webview.evaluate<string>('document.activeElement?.id ?? ""'), 'prompt', 'the input has the focus');

      server().enqueue({ kind: 'reply', content: [text('It greets and adds.')] });
      await sendPrompt('What does this file do?');
      await webview.waitFor('.item-assistant', { text: 'greets and adds' });
      await waitUntilIdle();
      const sent = lastUserMessage(server());
      assert.match(sent, /What does this file do\?/);
      assert.match(sent, /src\/app\.ts/);
      assert.match(sent, /export function greet/, 'the file content went with the message');
      assert.deepEqual(await textsOf('#attachments .chip'), [], 'chips are cleared once sent');
      assert.ok((await textsOf('.item-user .chip')).some((chip) => chip.includes('src/app.ts')), 'the sent message shows its attachment');
    });

    it('"Ask Elbow About Selection" attaches the selected lines with path and range; a chip can be removed', async () => {
      const editor = await vscode.window.showTextDocument(workspaceFile('src/app.ts'));
      editor.selection = new vscode.Selection(4, 0, 6, 1);
      await vscode.commands.executeCommand('elbow.askAboutSelection');
      await webview.waitFor('#attachments .chip', { text: 'src/app.ts:5-7' });

      await vscode.commands.executeCommand('elbow.addFileToChat', workspaceFile('secret-file.txt'));
      await webview.waitFor('#attachments .chip', { text: 'secret-file.txt' });
      await webview.click('#attachments .chip:has-text("secret-file.txt") .chip-remove');
      await webview.waitFor('#attachments .chip', { text: 'secret-file.txt', state: 'detached' });

      server().enqueue({ kind: 'reply', content: [text('It adds two numbers.')] });
      await sendPrompt('Explain');
      await webview.waitFor('.item-assistant', { text: 'adds two numbers' });
      await waitUntilIdle();
      const sent = lastUserMessage(server());
      assert.match(sent, /lines 5–7 of src\/app\.ts/);
      assert.match(sent, /export function add/);
      assert.doesNotMatch(sent, /export function greet/, 'only the selection is sent');
      assert.doesNotMatch(sent, /neigh/, 'the removed attachment is not sent');
      await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    });
  });
}
