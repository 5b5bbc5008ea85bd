import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as vscode from 'vscode';
import { vscodeRipgrepCandidates } from '../../../src/vscode/host/vscodeRipgrep';
import type { FakeLlmServer } from '../../support/fakeLlmServer';
import { text, toolCall } from '../../support/fakeLlmServer';
import { readWorkspaceFile, sendPrompt, startNewChat, toolResultsSent, waitUntilIdle, workspaceFile } from '../support/chat';
import { webview } from '../support/driver';

export function vscodeHostTests(server: () => FakeLlmServer): void {
  describe('the VS Code host', () => {
    before(async () => {
      await startNewChat();
    });
    after(async () => {
      await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    });

    it('reads what the user sees (unsaved changes) and edits the document, leaving the user\'s unsaved work unsaved', async () => {
      const uri = workspaceFile('src/app.ts');
      const editor = await vscode.window.showTextDocument(uri);
      await editor.edit((builder) => builder.insert(new vscode.Position(0, 0), '// unsaved marker\n'));
      editor.selection = new vscode.Selection(1, 3, 1, 3);
      assert.equal(editor.document.isDirty, true);

      server().enqueue(
        { kind: 'reply', content: [toolCall('read_file', { path: 'src/app.ts' })] },
        { kind: 'reply', content: [toolCall('edit_file', { path: 'src/app.ts', old_str: 'return a + b;', new_str: 'return b + a;' })] },
        { kind: 'reply', content: [text('Swapped the operands.')] },
      );
      await sendPrompt('Swap the operands in add');
      await webview.waitFor('.item-assistant', { text: 'Swapped the operands' });
      await waitUntilIdle();

      assert.match(toolResultsSent(server()), /unsaved marker/, 'the agent read the unsaved text of the open document');
      assert.match(editor.document.getText(), /^\/\/ unsaved marker\n[\s\S]*return b \+ a;/, 'the edit is in the document, beside the user\'s');
      assert.equal(editor.document.isDirty, true, 'the user\'s unsaved work was not saved behind their back');
      const onDisk = await readWorkspaceFile('src/app.ts');
      assert.doesNotMatch(onDisk, /unsaved marker/);
      assert.match(onDisk, /return a \+ b;/);
      assert.match(toolResultsSent(server()), /in the editor but not saved to disk yet/, 'the model is told');
      assert.deepEqual([editor.selection.active.line, editor.selection.active.character], [1, 3], "the user's cursor stayed where it was");
      await vscode.window.showTextDocument(editor.document);
      await vscode.commands.executeCommand('undo');
      assert.match(editor.document.getText(), /return a \+ b;/, 'the agent edit is one undo step in the editor');
      await editor.document.save();
    });

    it('creates files (and their folders) through a WorkspaceEdit, saved to disk', async () => {
      server().enqueue(
        { kind: 'reply', content: [toolCall('write_file', { path: 'docs/deep/new-file.md', content: '# New\n\nCreated by the agent.\n' })] },
        { kind: 'reply', content: [text('Created it.')] },
      );
      await sendPrompt('Create docs/deep/new-file.md');
      await webview.waitFor('.tool-card[data-status="done"]', { text: 'docs/deep/new-file.md' });
      await waitUntilIdle();
      assert.equal(await readWorkspaceFile('docs/deep/new-file.md'), '# New\n\nCreated by the agent.\n');
      const open = vscode.workspace.textDocuments.find((document) => document.uri.toString() === workspaceFile('docs/deep/new-file.md').toString());
      assert.ok(open === undefined || !open.isDirty, 'nothing is left unsaved');
    });

    it('searches with the ripgrep VS Code ships', async () => {
      const candidates = vscodeRipgrepCandidates(vscode.env.appRoot);
      assert.ok(candidates.some((candidate) => fs.existsSync(candidate)), `one of ${candidates.join(', ')} exists`);
      server().enqueue(
        { kind: 'reply', content: [toolCall('search', { pattern: 'function greet' })] },
        { kind: 'reply', content: [text('Found it.')] },
      );
      await sendPrompt('Where is greet defined?');
      await webview.waitFor('.item-assistant', { text: 'Found it' });
      await waitUntilIdle();
      assert.match(toolResultsSent(server()), /src\/app\.ts:\d+:.*function greet/);
    });
  });
}
