import assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { FakeLlmServer } from '../../support/fakeLlmServer';
import { readWorkspaceFile, sleep, startNewChat, textsOf, workspaceFile } from '../support/chat';
import { page, webview } from '../support/driver';
import { agentDoes, exists, fixtureLines, joined, waitForHunks, waitUntil } from '../support/review';

const rejectLens = '.codelens-decoration a:text-matches("^\\\\s*Reject$")';

/** The card of the call that changed the file, once it shows this review state. */
function cardOf(path: string, review: string): Promise<unknown> {
  return webview.waitFor(`.tool-card[data-review="${review}"]`, { text: path });
}

async function reviewStates(): Promise<string[]> {
  return webview.evaluate<string[]>('[...document.querySelectorAll(".tool-card[data-review]")].map((card) => `${card.querySelector(".tool-title")?.textContent}: ${card.dataset.review}`)');
}

/** Presses the chat's New Chat button and picks a choice from the question about pending changes. */
async function newChatChoosing(choice: 'Accept All' | 'Reject All' | 'Keep for Later' | 'Escape'): Promise<void> {
  await webview.click('#new-chat');
  await page.waitFor('.quick-input-widget', { text: 'still pending review' });
  if (choice === 'Escape') {
    await page.press('Escape');
  } else {
    await page.type(choice);
    await page.press('Enter');
  }
  await page.waitFor('.quick-input-widget', { state: 'hidden' });
}

export function reviewOutcomeTests(server: () => FakeLlmServer): void {
  describe('the chat follows the review of the agent\'s edits', () => {
    before(async () => {
      await startNewChat();
    });
    after(async () => {
      await vscode.commands.executeCommand('elbow.acceptAllChanges');
      await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    });

    it('edit cards show pending, rejected, partly rejected and accepted, and keep it in the saved conversation', async () => {
      const a = 'review/outcome-a.txt';
      const b = 'review/outcome-b.txt';
      const created = 'review/outcome-c.txt';
      const edited = fixtureLines('outcome-b');
      edited[2] = 'B THREE';
      edited[14] = 'B FIFTEEN';
      await agentDoes(server(), 'Review outcomes', [
        ['edit_file', { path: a, old_str: 'outcome-a line 4\n', new_str: 'A FOUR\n' }],
        ['write_file', { path: b, content: joined(edited) }],
        ['write_file', { path: created, content: 'created\n' }],
      ]);
      for (const path of [a, b, created]) await cardOf(path, 'pending');
      assert.deepEqual(await textsOf('.tool-card[data-review] .tool-review-text'), ['pending review', 'pending review', 'pending review']);
      await page.screenshot('review-cards-pending');

      await webview.click(`.changed-file[data-uri="${workspaceFile(a).toString()}"] .changed-file-reject`);
      await cardOf(a, 'rejected');
      assert.equal(await readWorkspaceFile(a), joined(fixtureLines('outcome-a')));

      const bUri = workspaceFile(b);
      const editor = await vscode.window.showTextDocument(bUri);
      await waitForHunks(bUri, 2);
      await page.waitFor('.codelens-decoration', { text: 'Accept File' });
      await page.clickNth(rejectLens, 0);
      await waitForHunks(bUri, 1);
      await cardOf(b, 'pending');
      await vscode.window.showTextDocument(editor.document, { selection: new vscode.Range(14, 0, 14, 0) });
      await page.press('Control+Alt+Enter');
      await cardOf(b, 'partlyRejected');

      await webview.click('#accept-all');
      await cardOf(created, 'accepted');
      assert.deepEqual(await reviewStates(), ['Edited review/outcome-a.txt:4 +1 −1: rejected', 'Wrote review/outcome-b.txt (20 lines): partlyRejected', 'Created review/outcome-c.txt: accepted']);
      assert.deepEqual(await textsOf('.tool-card[data-review] .tool-review-text'), ['rejected', 'partly rejected', 'accepted']);
      assert.equal(await webview.evaluate<boolean>('[...document.querySelectorAll(".tool-card[data-review] .tool-status")].every((status) => status.checkVisibility() === false)'), true, 'no green "done" check beside the outcome');
      await page.screenshot('review-cards-decided');

      const shown = await reviewStates();
      await startNewChat();
      await webview.click('#history-button');
      await webview.click('.history-entry .history-open >> text=Review outcomes');
      await cardOf(created, 'accepted');
      assert.deepEqual(await reviewStates(), shown, 'the saved conversation shows the same');
      const workbench = vscode.workspace.getConfiguration('workbench');
      await workbench.update('colorTheme', 'Default Light Modern', vscode.ConfigurationTarget.Global);
      await sleep(800);
      await page.screenshot('review-cards-light');
      await workbench.update('colorTheme', 'Default Dark Modern', vscode.ConfigurationTarget.Global);
    });

    it('New Chat asks about pending changes: Escape stays in the chat, Reject All undoes them', async () => {
      await startNewChat();
      const relative = 'review/new-chat-reject.txt';
      await agentDoes(server(), 'Edit new-chat-reject.txt', [['edit_file', { path: relative, old_str: 'new-chat-reject line 2\n', new_str: 'TWO\n' }]]);

      await newChatChoosing('Escape');
      await webview.waitFor('.item-user', { text: 'Edit new-chat-reject.txt' });
      await waitForHunks(workspaceFile(relative), 1);

      await webview.click('#new-chat');
      await page.waitFor('.quick-input-widget', { text: 'still pending review' });
      await page.screenshot('review-new-chat-question');
      await page.press('Escape');
      await newChatChoosing('Reject All');
      await webview.waitFor('.item-user', { state: 'detached' });
      await waitUntil('the change is undone', async () => (await readWorkspaceFile(relative)) === joined(fixtureLines('new-chat-reject')));
      await waitForHunks(workspaceFile(relative), 0);
    });

    it('New Chat\'s Keep for Later leaves the changes pending in the editors, to accept in the new chat; Accept All keeps them', async () => {
      await startNewChat();
      const relative = 'review/new-chat-keep.txt';
      const uri = workspaceFile(relative);
      await agentDoes(server(), 'Edit new-chat-keep.txt', [['edit_file', { path: relative, old_str: 'new-chat-keep line 9\n', new_str: 'NINE\n' }]]);

      await newChatChoosing('Keep for Later');
      await webview.waitFor('.item-user', { state: 'detached' });
      await vscode.window.showTextDocument(uri);
      await waitForHunks(uri, 1);
      await webview.waitFor(`.changed-file[data-uri="${uri.toString()}"]`);
      await webview.click(`.changed-file[data-uri="${uri.toString()}"] .changed-file-accept`);
      await waitForHunks(uri, 0);
      assert.match(await readWorkspaceFile(relative), /^NINE$/m);

      await agentDoes(server(), 'Create kept.txt', [['write_file', { path: 'review/kept.txt', content: 'kept\n' }]]);
      await newChatChoosing('Accept All');
      await webview.waitFor('.item-user', { state: 'detached' });
      assert.equal(await exists(workspaceFile('review/kept.txt')), true);
      await webview.waitFor('#changes', { state: 'hidden' });
    });
  });
}
