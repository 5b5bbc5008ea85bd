import assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { FakeLlmServer } from '../../support/fakeLlmServer';
import { text, toolCall } from '../../support/fakeLlmServer';
import { openChat, readWorkspaceFile, sendPrompt, sleep, startNewChat, textsOf, waitUntilIdle, workspaceFile } from '../support/chat';
import { webview } from '../support/driver';
import { agentDoes, fixtureLines, joined, waitForHunks } from '../support/review';

const pendingFile = 'review/persist.txt';

const interruptedPrompt = 'Read the riddle, then think for a long time';

/** Last test of the first window: leaves a turn running when the window reloads. */
export function beforeReloadTests(server: () => FakeLlmServer): void {
  describe('before the window reloads', () => {
    // The window reloads right after this test: what it leaves behind is what the next phase checks.
    it('leaves an edit pending review and a turn waiting on its next request', async () => {
      await startNewChat();
      await agentDoes(server(), 'Edit persist.txt', [['edit_file', { path: pendingFile, old_str: 'persist line 7\n', new_str: 'PERSISTED 7\n' }]]);
      await waitForHunks(workspaceFile(pendingFile), 1);
      assert.match(await readWorkspaceFile(pendingFile), /^PERSISTED 7$/m, 'the edit is on disk, pending review');

      server().enqueue(
        { kind: 'reply', content: [toolCall('read_file', { path: 'secret-file.txt' })] },
        { kind: 'hang' },
      );
      await sendPrompt(interruptedPrompt);
      await webview.waitFor('.tool-card[data-status="done"]', { text: 'secret-file.txt' });
      while (server().requests.length === 0 || server().pending() > 0) await sleep(100);
      assert.equal(await webview.evaluate<string>('document.body.dataset.running ?? ""'), 'true');
      // Long enough for the conversation with the tool result to be saved before the reload.
      await sleep(1_500);
    });
  });
}

/** The second window, after the reload. */
export function afterReloadTests(server: () => FakeLlmServer): void {
  describe('after a window reload', () => {
    it('restores the interrupted conversation, valid and resumable', async () => {
      await openChat();
      await webview.waitFor('.item-user', { text: interruptedPrompt });
      await webview.waitFor('.tool-card', { text: 'secret-file.txt' });
      await webview.waitFor('.item-error .retry-button');
      assert.notEqual(await webview.evaluate<string>('document.body.dataset.running ?? ""'), 'true', 'nothing runs after the reload');

      server().enqueue({ kind: 'reply', content: [text('The answer is a horse.')] });
      await webview.click('.item-error .retry-button');
      await webview.waitFor('.item-assistant', { text: 'The answer is a horse.' });
      await waitUntilIdle();
      assert.deepEqual(server().violations, [], 'the restored history is one the API accepts');
      assert.ok(JSON.stringify(server().requests.at(-1)?.body).includes('always says neigh'), 'the tool result from before the reload is in the history');
    });

    it('still shows the pending edit for review, and rejects it exactly', async () => {
      const uri = workspaceFile(pendingFile);
      await webview.waitFor('.changed-file', { text: pendingFile });
      await webview.waitFor('.tool-card[data-review="pending"]', { text: pendingFile });
      await vscode.window.showTextDocument(uri);
      await waitForHunks(uri, 1);
      await vscode.commands.executeCommand('elbow.rejectFile', uri.toString());
      assert.equal(await readWorkspaceFile(pendingFile), joined(fixtureLines('persist')));
      await webview.waitFor('.changed-file', { text: pendingFile, state: 'detached' });
      await webview.waitFor('.tool-card[data-review="rejected"]', { text: pendingFile });
    });

    it('keeps the earlier conversations in the history', async () => {
      await webview.click('#history-button');
      await webview.waitFor('.history-entry', { text: 'Remember the word pineapples' });
      const titles = await textsOf('.history-entry');
      assert.ok(titles.length >= 3, titles.join(' | '));
    });
  });
}
