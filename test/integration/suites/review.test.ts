import assert from 'node:assert/strict';
import * as fs from 'node:fs/promises';
import * as os from 'node:os';
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { FakeLlmServer } from '../../support/fakeLlmServer';
import { lastUserMessage, readWorkspaceFile, sendPromptAndWaitForReply, sleep, startNewChat, toolResultsSent, workspaceFile } from '../support/chat';
import { page, webview } from '../support/driver';
import { agentDoes, exists, fixtureLines, joined, lensTitles, waitForHunks, waitUntil } from '../support/review';
import { text } from '../../support/fakeLlmServer';

const rejectLens = '.codelens-decoration a:text-matches("^\\\\s*Reject$")';

export function reviewTests(server: () => FakeLlmServer): void {
  describe('reviewing the agent\'s edits', () => {
    before(async () => {
      await startNewChat();
    });
    after(async () => {
      await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    });

    it('shows each hunk with Accept and Reject; rejecting and accepting single hunks leaves exactly the expected text', async () => {
      const relative = 'review/numbers.txt';
      const uri = workspaceFile(relative);
      const original = fixtureLines('numbers');
      const editor = await vscode.window.showTextDocument(uri);
      const edited = [...original];
      edited[2] = 'THREE';
      edited[9] = 'TEN';
      edited.splice(16, 1, 'SEVENTEEN', 'SEVENTEEN AND A HALF');
      await agentDoes(server(), 'Change lines 3, 10 and 17', [['write_file', { path: relative, content: joined(edited) }]]);

      const titles = await waitForHunks(uri, 3);
      assert.deepEqual(titles.slice(0, 3), ['$(check) Accept File', '$(discard) Reject File', '$(diff) Open Diff (+4 −3)']);
      assert.equal(editor.document.getText(), joined(edited), 'the edit is applied at once');
      assert.equal(await readWorkspaceFile(relative), joined(edited), 'and saved');
      await page.waitFor('.codelens-decoration', { text: 'Accept File' });
      await page.screenshot('review-pending-hunks');

      await page.clickNth(rejectLens, 1);
      await waitForHunks(uri, 2);
      const afterReject = [...edited];
      afterReject[9] = 'numbers line 10';
      assert.equal(editor.document.getText(), joined(afterReject), 'only the middle hunk went back');
      await waitUntil('the reject is saved', async () => (await readWorkspaceFile(relative)) === joined(afterReject));

      await vscode.window.showTextDocument(editor.document, { selection: new vscode.Range(2, 0, 2, 0) });
      await page.press('Control+Alt+Enter');
      await waitForHunks(uri, 1);
      assert.equal(editor.document.getText(), joined(afterReject), 'accepting changes no text');

      editor.selection = new vscode.Selection(16, 0, 16, 0);
      await page.press('Control+Alt+Backspace');
      await waitForHunks(uri, 0);
      const expected = [...original];
      expected[2] = 'THREE';
      assert.equal(editor.document.getText(), joined(expected));
      await waitUntil('the reject is saved', async () => (await readWorkspaceFile(relative)) === joined(expected) && !editor.document.isDirty);

      server().enqueue({ kind: 'reply', content: [text('Understood.')] });
      await sendPromptAndWaitForReply('What happened to your edits?', 'Understood.');
      const note = lastUserMessage(server());
      assert.match(note, /rejected your change to review\/numbers\.txt line 10\b/);
      assert.match(note, /rejected your change to review\/numbers\.txt lines 17–18/);
    });

    it('lists changed files in the chat; rejecting a created file deletes it, but asks first if the user edited it', async () => {
      await agentDoes(server(), 'Create two files', [
        ['write_file', { path: 'review/created.ts', content: 'export const created = true;\n' }],
        ['write_file', { path: 'review/edited-later.ts', content: 'export const x = 1;\n' }],
      ]);
      const created = workspaceFile('review/created.ts');
      const editedLater = workspaceFile('review/edited-later.ts');
      await webview.waitFor('.changed-file', { text: 'review/created.ts' });
      await webview.waitFor('#changes', { text: '+2' });
      await page.screenshot('review-changes-list');

      await webview.click(`.changed-file[data-uri="${created.toString()}"] .changed-file-reject`);
      await waitUntil('the created file is deleted', async () => !(await exists(created)));
      await webview.waitFor(`.changed-file[data-uri="${created.toString()}"]`, { state: 'detached' });

      const editor = await vscode.window.showTextDocument(editedLater);
      await editor.edit((builder) => builder.insert(new vscode.Position(1, 0), 'export const y = 2;\n'));
      await editor.document.save();
      const rejecting = vscode.commands.executeCommand('elbow.rejectFile', editedLater.toString());
      await page.waitFor('.quick-input-widget', { text: 'You have edited review/edited-later.ts' });
      await page.press('ArrowDown');
      await page.press('Enter');
      await rejecting;
      assert.equal(await readWorkspaceFile('review/edited-later.ts'), 'export const x = 1;\nexport const y = 2;\n', 'kept, with the user\'s line');
      await vscode.commands.executeCommand('elbow.acceptFile', editedLater.toString());
      await webview.waitFor(`.changed-file[data-uri="${editedLater.toString()}"]`, { state: 'detached' });
    });

    it('keeps the user\'s own typing out of the hunks, and never saves their unsaved work', async () => {
      const relative = 'review/typing.txt';
      const uri = workspaceFile(relative);
      const original = fixtureLines('typing');
      const editor = await vscode.window.showTextDocument(uri);
      await agentDoes(server(), 'Rename line 2', [['edit_file', { path: relative, old_str: 'typing line 2\n', new_str: 'AGENT 2\n' }]]);
      await waitForHunks(uri, 1);

      await editor.edit((builder) => builder.insert(new vscode.Position(14, 0), 'user: '));
      await waitForHunks(uri, 1);
      await agentDoes(server(), 'Rename line 2 again', [['edit_file', { path: relative, old_str: 'AGENT 2\n', new_str: 'AGENT TWO\nAGENT TWO B\n' }]]);
      assert.match(toolResultsSent(server()), /unsaved changes of the user's in the editor, so your edit is in the editor but not saved/);
      const titles = await waitForHunks(uri, 1);
      assert.ok(titles.includes('$(diff) Open Diff (+2 −1)'), titles.join(' | '));
      const onDisk = await readWorkspaceFile(relative);
      assert.ok(!onDisk.includes('user: ') && onDisk.includes('AGENT 2\n'), 'the unsaved document was not saved by the agent');

      await vscode.commands.executeCommand('elbow.rejectFile');
      const expected = [...original];
      expected[14] = `user: ${expected[14]}`;
      assert.equal(editor.document.getText(), joined(expected), 'the agent\'s lines are gone, the user\'s typing stays');
      await editor.document.save();
    });

    it('opens edited files in the background: the active editor, cursor and keyboard focus stay put', async () => {
      await startNewChat();
      const notes = await vscode.window.showTextDocument(workspaceFile('notes.md'), { selection: new vscode.Range(2, 5, 2, 5), preview: false });
      await webview.click('#prompt');
      await agentDoes(server(), 'Touch focus.txt', [['edit_file', { path: 'review/focus.txt', old_str: 'focus line 4', new_str: 'FOCUS 4' }]]);
      assert.equal(vscode.window.activeTextEditor?.document.uri.toString(), notes.document.uri.toString());
      assert.deepEqual([notes.selection.active.line, notes.selection.active.character], [2, 5]);
      const focusTab = vscode.window.tabGroups.all.flatMap((group) => group.tabs).find((tab) => tab.input instanceof vscode.TabInputText && tab.input.uri.path.endsWith('review/focus.txt'));
      assert.ok(focusTab !== undefined, 'the edited file has a tab');
      assert.equal(focusTab.isActive, false, 'that tab did not take over');
      assert.equal(await webview.evaluate<string>('document.hasFocus() ? document.activeElement?.id ?? "" : "no focus"'), 'prompt', 'typing still goes to the chat input');

      await webview.click('.tool-card .tool-open-diff');
      await waitUntil('the diff opens', () => vscode.window.tabGroups.activeTabGroup.activeTab?.input instanceof vscode.TabInputTextDiff);
      const diff = vscode.window.tabGroups.activeTabGroup.activeTab?.input as vscode.TabInputTextDiff;
      assert.equal(diff.original.scheme, 'elbow-baseline');
      assert.equal(diff.modified.toString(), workspaceFile('review/focus.txt').toString());
      assert.equal((await vscode.workspace.openTextDocument(diff.original)).getText(), joined(fixtureLines('focus')));
      assert.deepEqual(await lensTitles(workspaceFile('notes.md')), [], 'files the agent did not touch have no lenses');
      await vscode.commands.executeCommand('elbow.acceptAllChanges');
      await webview.waitFor('#changes', { state: 'hidden' });
    });

    it('names a first-line hunk\'s lenses apart from the file\'s, which share its row', async () => {
      const uri = workspaceFile('review/first-line.js');
      await agentDoes(server(), 'Create first-line.js', [['write_file', { path: 'review/first-line.js', content: 'const a = 1;\nconst b = 2;\nconst c = 3;\n' }]]);
      await vscode.window.showTextDocument(uri);
      await waitForHunks(uri, 1);
      assert.deepEqual(await lensTitles(uri), ['$(check) Accept File', '$(discard) Reject File', '$(diff) Open Diff (+3 −0)', '$(check) Accept Change', '$(discard) Reject Change']);
      await page.waitFor('.codelens-decoration', { text: 'Accept Change' });
      await page.screenshot('review-first-line-lenses');
      await vscode.commands.executeCommand('elbow.acceptFile', uri.toString());
      await waitForHunks(uri, 0);
    });

    it('leaves the removed lines to Open Diff: its sides show no review marks, while the editor keeps them', async () => {
      const relative = 'review/diff-sides.txt';
      const uri = workspaceFile(relative);
      const editor = await vscode.window.showTextDocument(uri);
      await agentDoes(server(), 'Change lines 5 and 12 of diff-sides.txt', [
        ['edit_file', { path: relative, old_str: 'diff-sides line 5\n', new_str: 'FIVE\n' }],
        ['edit_file', { path: relative, old_str: 'diff-sides line 12\n', new_str: '' }],
      ]);
      await waitForHunks(uri, 2);
      // The classes VS Code gives an extension's decorations.
      const marks = '.monaco-editor :is([class^="ced-"], [class*=" ced-"])';
      await page.waitFor(marks);

      await vscode.commands.executeCommand('elbow.openDiff', uri.toString());
      await waitUntil('the diff opens', () => vscode.window.tabGroups.activeTabGroup.activeTab?.input instanceof vscode.TabInputTextDiff);
      await page.waitFor('.monaco-diff-editor .editor.modified .view-line', { text: 'FIVE' });
      // Marks are set a moment after the editors appear: give them the time to (wrongly) arrive.
      await sleep(1_000);
      await page.screenshot('review-diff-sides');
      await page.waitFor(`.monaco-diff-editor ${marks}`, { state: 'hidden', timeoutMs: 2_000 });

      await vscode.commands.executeCommand('workbench.action.closeActiveEditor');
      await vscode.window.showTextDocument(editor.document);
      await page.waitFor(marks);
      await vscode.commands.executeCommand('elbow.rejectFile', uri.toString());
      await waitForHunks(uri, 0);
    });

    /**
     * The agent changes `relative` from `original` to `agentText`; then a command left running in the sandbox swaps
     * the file for a link to `target`, and the user rejects the file: `target` must keep `targetText`.
     */
    async function rejectAfterLinkSwap(relative: string, original: string, agentText: string, target: string, targetText: string): Promise<string> {
      const uri = workspaceFile(relative);
      await fs.writeFile(uri.fsPath, `${original}\n`);
      await fs.writeFile(target, targetText);
      await vscode.window.showTextDocument(uri);
      await agentDoes(server(), `Change ${relative}`, [['edit_file', { path: relative, old_str: original, new_str: agentText }]]);
      await waitForHunks(uri, 1);
      await vscode.commands.executeCommand('workbench.action.closeAllEditors');
      await fs.rm(uri.fsPath);
      await fs.symlink(target, uri.fsPath);
      await Promise.resolve(vscode.commands.executeCommand('elbow.rejectFile', uri.toString())).catch(() => undefined);
      await sleep(1_000);
      const left = await fs.readFile(target, 'utf8');
      await fs.rm(uri.fsPath);
      await fs.writeFile(uri.fsPath, `${agentText}\n`);
      await vscode.commands.executeCommand('elbow.acceptFile', uri.toString());
      await vscode.commands.executeCommand('workbench.action.closeAllEditors');
      return left;
    }

    it('Reject File does not write through a link swapped in for the edited file since', async () => {
      const outside = path.join(await fs.mkdtemp(path.join(os.tmpdir(), 'elbow-outside-')), 'bashrc');
      const left = await rejectAfterLinkSwap('review/swapped-undo.txt', 'original line', 'agent line', outside, 'OUTSIDE\n');
      assert.equal(left, 'OUTSIDE\n', 'the file outside the workspace is unchanged');
    });

    it('Reject File does not write through a link swapped in to a protected file of the workspace', async () => {
      const envrc = workspaceFile('.envrc').fsPath;
      const left = await rejectAfterLinkSwap('review/swapped-protected.txt', 'export STOLEN=1', 'plain notes', envrc, 'export SAFE=1\n');
      await fs.rm(envrc);
      assert.equal(left, 'export SAFE=1\n', 'the protected file is unchanged');
    });

    it('does not delete a file that is not UTF-8 text, as Reject could not put its bytes back', async () => {
      const relative = 'review/picture.bin';
      const uri = workspaceFile(relative);
      const bytes = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00, 0x00, 0x0d, 0xff, 0xd8]);
      await fs.writeFile(uri.fsPath, bytes);
      await agentDoes(server(), 'Delete picture.bin', [['delete_file', { path: relative }]]);
      assert.deepEqual(new Uint8Array(await fs.readFile(uri.fsPath)), bytes, 'the file is still there, byte for byte');
      await fs.rm(uri.fsPath);
    });
  });
}
