import assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { FakeLlmServer } from '../../support/fakeLlmServer';
import { readWorkspaceFile, startNewChat, textsOf, workspaceFile } from '../support/chat';
import { page, webview } from '../support/driver';
import { agentDoes, fixtureLines, joined, waitForHunks, waitUntil } from '../support/review';

const rejectLens = '.codelens-decoration a:text-matches("^\\\\s*Reject$")';

export function multiEditReviewTests(server: () => FakeLlmServer): void {
  describe('several edits in one call', () => {
    before(async () => {
      await startNewChat();
    });
    after(async () => {
      await vscode.commands.executeCommand('elbow.acceptAllChanges');
      await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    });

    it('land as one change whose hunks are reviewed one by one, and one card that follows the review', async () => {
      const relative = 'review/multi-edit.txt';
      const uri = workspaceFile(relative);
      const original = fixtureLines('multi-edit');
      const editor = await vscode.window.showTextDocument(uri);
      await agentDoes(server(), 'Three changes in one call', [
        [
          'edit_file',
          {
            path: relative,
            edits: [
              { old_str: 'multi-edit line 15\nmulti-edit line 16\n', new_str: 'FIFTEEN\nSIXTEEN\n' },
              { old_str: 'multi-edit line 2\n', new_str: 'TWO\n' },
              { old_str: 'multi-edit line 9\n', new_str: 'NINE\n' },
            ],
          },
        ],
      ]);
      const edited = [...original];
      edited[1] = 'TWO';
      edited[8] = 'NINE';
      edited.splice(14, 2, 'FIFTEEN', 'SIXTEEN');
      assert.equal(editor.document.getText(), joined(edited), 'every edit landed');
      await waitForHunks(uri, 3);
      assert.deepEqual(await textsOf('.tool-card .tool-title'), [`Edited ${relative}:2, 9, 15–16 +4 −4`], 'one card for the call');
      await webview.waitFor('.tool-card[data-review="pending"]', { text: relative });
      await page.screenshot('review-multi-edit');

      await page.clickNth(rejectLens, 1);
      await waitForHunks(uri, 2);
      const expected = [...edited];
      expected[8] = 'multi-edit line 9';
      assert.equal(editor.document.getText(), joined(expected), 'only the middle edit went back');
      await vscode.commands.executeCommand('elbow.acceptAllChanges');
      await waitForHunks(uri, 0);
      await waitUntil('the review is saved', async () => (await readWorkspaceFile(relative)) === joined(expected) && !editor.document.isDirty);
      await webview.waitFor('.tool-card[data-review="partlyRejected"]', { text: relative });
    });
  });
}
