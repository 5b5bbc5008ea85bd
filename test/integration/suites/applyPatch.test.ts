import assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { text, toolCall, type FakeLlmServer } from '../../support/fakeLlmServer';
import { readWorkspaceFile, sendPrompt, startNewChat, textsOf, toolResultsSent, waitUntilIdle, workspaceFile } from '../support/chat';
import { page, webview } from '../support/driver';
import { agentDoes, fixtureLines, joined, waitForHunks, waitUntil } from '../support/review';
import { narrowChatTo, useTheme } from '../support/viewLayout';

const rejectLens = '.codelens-decoration a:text-matches("^\\\\s*Reject$")';
const first = 'patch/first.txt';
const second = 'patch/second.txt';
const firstOriginal = joined(fixtureLines('first'));
const secondPatched = joined(fixtureLines('second')).replace('second line 5\n', 'SECOND FIVE\n').replace('second line 15\n', 'SECOND FIFTEEN\n');

export function applyPatchTests(server: () => FakeLlmServer): void {
  describe('apply_patch', function () {
    this.timeout(120_000);
    const settings = (): vscode.WorkspaceConfiguration => vscode.workspace.getConfiguration('elbow');

    before(async () => {
      await settings().update('edits.format', 'apply_patch', vscode.ConfigurationTarget.Global);
      for (const [relative, prefix] of [[first, 'first'], [second, 'second']] as const) {
        await vscode.workspace.fs.writeFile(workspaceFile(relative), new TextEncoder().encode(joined(fixtureLines(prefix))));
      }
      await startNewChat();
    });
    after(async () => {
      await vscode.commands.executeCommand('elbow.acceptAllChanges');
      await vscode.commands.executeCommand('workbench.action.closeAllEditors');
      await settings().update('edits.format', undefined, vscode.ConfigurationTarget.Global);
      await settings().update('edits.review', undefined, vscode.ConfigurationTarget.Global);
      await vscode.workspace.fs.delete(workspaceFile('patch'), { recursive: true }).then(undefined, () => undefined);
      await useTheme('Default Dark Modern');
    });

    it('changes two files in one call as two reviewable changes; a rejected hunk leaves its file byte-exact, the other as patched', async () => {
      const width = await narrowChatTo(300);
      assert.ok(width <= 300 && width >= 200, `the chat is ${width} px wide`);
      const input = [
        '*** Begin Patch',
        `*** Update File: ${first}`,
        '@@',
        ' first line 2',
        '-first line 3',
        '+FIRST THREE',
        ' first line 4',
        `*** Update File: ${second}`,
        '@@',
        ' second line 4',
        '-second line 5',
        '+SECOND FIVE',
        ' second line 6',
        '@@',
        ' second line 14',
        '-second line 15',
        '+SECOND FIFTEEN',
        ' second line 16',
        '*** End Patch',
      ].join('\n');
      await agentDoes(server(), 'Patch both files', [['apply_patch', { input }]]);
      const sent = server().requests.at(-1)?.body as { tools: Array<{ function: { name: string } }> };
      const offered = sent.tools.map((tool) => tool.function.name);
      assert.ok(offered.includes('apply_patch') && !offered.includes('edit_file'), `the setting offers apply_patch instead of edit_file: ${offered.join(', ')}`);

      const firstPatched = firstOriginal.replace('first line 3\n', 'FIRST THREE\n');
      const firstUri = workspaceFile(first);
      const secondUri = workspaceFile(second);
      await waitForHunks(firstUri, 1);
      await waitForHunks(secondUri, 2);
      assert.equal(await readWorkspaceFile(first), firstPatched);
      assert.equal(await readWorkspaceFile(second), secondPatched);
      assert.deepEqual(await textsOf('.tool-card .tool-title'), [`Patched ${first}, ${second} +3 −3`], 'one card naming both files');
      assert.deepEqual(await textsOf('.tool-files .tool-file-path'), [first, second], 'the card lists both files');
      assert.deepEqual(await textsOf('.tool-files .tool-file-counts'), ['+1−1', '+2−2']);
      await page.screenshot('apply-patch-card-dark');
      await useTheme('Default Light Modern');
      await page.screenshot('apply-patch-card-light');
      await useTheme('Default Dark Modern');

      await webview.press('.tool-files .tool-file:nth-child(2) .tool-file-open', 'Enter');
      await waitUntil('the second file\'s diff opens from the card', () => {
        const input = vscode.window.tabGroups.activeTabGroup.activeTab?.input;
        return input instanceof vscode.TabInputTextDiff && input.modified.toString() === secondUri.toString();
      });
      const diff = vscode.window.tabGroups.activeTabGroup.activeTab?.input as vscode.TabInputTextDiff;
      assert.equal(diff.original.scheme, 'elbow-baseline');

      const editor = await vscode.window.showTextDocument(firstUri);
      await page.clickNth(rejectLens, 0);
      await waitForHunks(firstUri, 0);
      assert.equal(editor.document.getText(), firstOriginal, 'the rejected hunk went back');
      await vscode.commands.executeCommand('elbow.acceptAllChanges');
      await waitForHunks(secondUri, 0);
      await waitUntil('the review is saved', async () => (await readWorkspaceFile(first)) === firstOriginal && !editor.document.isDirty);
      const bytes = await vscode.workspace.fs.readFile(firstUri);
      assert.deepEqual([...bytes], [...new TextEncoder().encode(firstOriginal)], 'the first file is byte-exact as before');
      assert.equal(await readWorkspaceFile(second), secondPatched, 'the second file keeps the patch');
      await webview.waitFor('.tool-files .tool-file:nth-child(2)[data-review="accepted"]');
      assert.equal(await webview.evaluate<string>('[...document.querySelectorAll(".tool-files .tool-file")].map((row) => row.dataset.review).join()'), 'rejected,accepted', 'each file shows its own review');
      assert.equal(await webview.evaluate<string>('document.querySelector(".tool-card").dataset.review'), 'partlyRejected');
      await page.waitFor('.codelens-decoration', { state: 'hidden' });
      await page.screenshot('apply-patch-card-reviewed-dark');
      await useTheme('Default Light Modern');
      await page.screenshot('apply-patch-card-reviewed-light');
    });

    it('asks about each file before it changes when the user reviews first, and a rejected second file puts the approved first back without asking again', async () => {
      await settings().update('edits.review', 'beforeApply', vscode.ConfigurationTarget.Global);
      const input = [
        '*** Begin Patch',
        `*** Update File: ${first}`,
        '@@',
        '-first line 7',
        '+FIRST SEVEN',
        `*** Update File: ${second}`,
        '@@',
        '-second line 9',
        '+SECOND NINE',
        '*** End Patch',
      ].join('\n');
      server().enqueue({ kind: 'reply', content: [toolCall('apply_patch', { input })] }, { kind: 'reply', content: [text('Nothing was patched.')] });
      await sendPrompt('Patch both files again');
      const pending = '.proposal[data-state="pending"]';
      await webview.waitFor(`${pending} .proposal-diff .diff-add`, { text: 'FIRST SEVEN' });
      await webview.click(`${pending} .proposal-apply`);
      await webview.waitFor(`${pending} .proposal-diff .diff-add`, { text: 'SECOND NINE' });
      assert.equal(await readWorkspaceFile(first), firstOriginal.replace('first line 7\n', 'FIRST SEVEN\n'), 'the approved file changed');
      await webview.click(`${pending} .proposal-reject`);
      await webview.waitFor('.item-assistant', { text: 'Nothing was patched.' });
      await waitUntilIdle();
      assert.equal(await readWorkspaceFile(first), firstOriginal, 'the approved file is put back');
      assert.equal(await readWorkspaceFile(second), secondPatched, 'the rejected file is untouched');
      assert.match(toolResultsSent(server()), /The user rejected the change to patch\/second\.txt, so the patch was not applied\. patch\/first\.txt, already changed, was put back as it was\./);
      const links = '[...document.querySelectorAll(".item-tool")].at(-1).querySelectorAll(".tool-open-diff, .tool-file").length';
      assert.equal(await webview.evaluate<number>(links), 0, 'the card links no file: none was changed');
    });
  });
}
