import assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { FakeLlmServer } from '../../support/fakeLlmServer';
import { text } from '../../support/fakeLlmServer';
import { lastUserMessage, readWorkspaceFile, sendPrompt, sendPromptAndWaitForReply, startNewChat, toolResultsSent, waitUntilIdle, workspaceFile } from '../support/chat';
import { page, webview } from '../support/driver';
import { agentDoes, exists, fixtureLines, joined, waitForHunks, waitUntil } from '../support/review';
import { toolCall } from '../../support/fakeLlmServer';

export function checkpointTests(server: () => FakeLlmServer): void {
  describe('checkpoints and approving edits first', () => {
    before(async () => {
      await startNewChat();
    });
    after(async () => {
      await vscode.commands.executeCommand('elbow.stop');
      await vscode.workspace.getConfiguration('elbow').update('edits.review', undefined, vscode.ConfigurationTarget.Global);
      await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    });

    it('restores a checkpoint across an edited, a created and a deleted file, after listing them', async () => {
      const a = 'review/checkpoint-a.txt';
      const original = fixtureLines('checkpoint-a');
      await agentDoes(server(), 'First step', [['edit_file', { path: a, old_str: 'checkpoint-a line 1\n', new_str: 'A after the first step\n' }]]);
      const afterFirst = await readWorkspaceFile(a);
      await agentDoes(server(), 'Second step', [
        ['edit_file', { path: a, old_str: 'checkpoint-a line 2\n', new_str: 'A after the second step\n' }],
        ['write_file', { path: 'review/checkpoint-c.txt', content: 'created in the second step\n' }],
        ['delete_file', { path: 'review/checkpoint-d.txt' }],
      ]);
      assert.equal(await exists(workspaceFile('review/checkpoint-d.txt')), false);

      await webview.waitFor('.item-user .restore-checkpoint >> nth=1');
      const buttons = await webview.evaluate<number>('document.querySelectorAll(".item-user .restore-checkpoint:not([hidden])").length');
      assert.equal(buttons, 2, 'both messages changed files');
      await webview.click('.item-user .restore-checkpoint >> nth=1');
      await page.waitFor('.quick-input-widget', { text: 'Restore 3 files' });
      await page.waitFor('.quick-input-widget', { text: 'review/checkpoint-c.txt' });
      await page.press('Enter');

      await webview.waitFor('.item-notice', { text: 'Restored' });
      assert.equal(await exists(workspaceFile('review/checkpoint-c.txt')), false, 'the created file is removed');
      assert.equal(await readWorkspaceFile('review/checkpoint-d.txt'), joined(fixtureLines('checkpoint-d')), 'the deleted file is back');
      assert.equal(await readWorkspaceFile(a), afterFirst);

      await webview.click('.item-user .restore-checkpoint');
      await page.waitFor('.quick-input-widget', { text: 'Restore 1 file' });
      await page.press('Enter');
      await waitUntil('the first step is undone', async () => (await readWorkspaceFile(a)) === joined(original));
      await waitForHunks(workspaceFile(a), 0);
      await vscode.window.showTextDocument(workspaceFile(a));
      await page.waitFor('.codelens-decoration', { state: 'hidden' });

      server().enqueue({ kind: 'reply', content: [text('Noted.')] });
      await sendPromptAndWaitForReply('Where are we?', 'Noted.');
      assert.match(lastUserMessage(server()), /restored review\/checkpoint-a\.txt.*undoing your changes/);
    });

    it('in beforeApply mode, waits for Apply, and passes a rejection with feedback to the model', async () => {
      await vscode.workspace.getConfiguration('elbow').update('edits.review', 'beforeApply', vscode.ConfigurationTarget.Global);
      const relative = 'review/proposal.txt';
      server().enqueue(
        { kind: 'reply', content: [toolCall('edit_file', { path: relative, old_str: 'proposal line 3', new_str: 'PROPOSED 3' })] },
        { kind: 'reply', content: [toolCall('edit_file', { path: relative, old_str: 'proposal line 5', new_str: 'PROPOSED 5' })] },
        { kind: 'reply', content: [text('One applied, one rejected.')] },
      );
      await sendPrompt('Propose two edits');
      await webview.waitFor('.proposal .proposal-apply');
      const diffLines = await webview.evaluate<string[]>('[...document.querySelectorAll(".proposal-diff .diff-add, .proposal-diff .diff-remove")].map((line) => line.textContent)');
      assert.deepEqual(diffLines, ['-proposal line 3', '+PROPOSED 3']);
      assert.equal(await readWorkspaceFile(relative), joined(fixtureLines('proposal')), 'nothing changes before Apply');
      await page.screenshot('review-proposal');
      await webview.click('.proposal[data-state="pending"] .proposal-apply');

      await webview.waitFor('.proposal-diff .diff-add', { text: 'PROPOSED 5' });
      const pending = '.proposal[data-state="pending"]';
      await webview.click(`${pending} .proposal-feedback-toggle`);
      await webview.fill(`${pending} .proposal-feedback`, 'Keep line 5 as it is');
      await webview.click(`${pending} .proposal-send-feedback`);
      await webview.waitFor('.item-assistant', { text: 'One applied, one rejected.' });
      await waitUntilIdle();

      const expected = fixtureLines('proposal');
      expected[2] = 'PROPOSED 3';
      assert.equal(await readWorkspaceFile(relative), joined(expected));
      assert.match(toolResultsSent(server()), /The user rejected this change to review\/proposal\.txt; the file was not changed\. They said: Keep line 5 as it is/);
      await waitForHunks(workspaceFile(relative), 0);
    });
  });
}
