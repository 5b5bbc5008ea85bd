import assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { text, type FakeLlmServer } from '../../support/fakeLlmServer';
import { setApiKeyAndClearToasts } from '../support/apiKey';
import { lastUserMessage, openChat, sleep, startNewChat, textsOf, waitUntilIdle, workspaceFile } from '../support/chat';
import { page, webview } from '../support/driver';
import { narrowChatTo, useTheme } from '../support/viewLayout';

const brokenFile = 'src/mentionBroken.ts';

/** Waits until VS Code's TypeScript support reports the error in the file (it checks open files). */
async function waitForTypeError(uri: vscode.Uri): Promise<void> {
  for (let waited = 0; waited < 60_000; waited += 250) {
    if (vscode.languages.getDiagnostics(uri).some((diagnostic) => diagnostic.severity === vscode.DiagnosticSeverity.Error)) return;
    await sleep(250);
  }
  throw new Error(`No error diagnostic for ${uri.fsPath} within a minute.`);
}

export function mentionTests(server: () => FakeLlmServer): void {
  describe('@ mentions', function () {
    this.timeout(180_000);

    before(async () => {
      await startNewChat();
      const uri = workspaceFile(brokenFile);
      await vscode.workspace.fs.writeFile(uri, new TextEncoder().encode("export const count: number = 'three';\n"));
      await vscode.window.showTextDocument(uri);
      await waitForTypeError(uri);
      await openChat();
      await setApiKeyAndClearToasts();
    });
    after(async () => {
      await vscode.commands.executeCommand('workbench.action.closeAllEditors');
      await vscode.workspace.fs.delete(workspaceFile(brokenFile)).then(undefined, () => undefined);
      await useTheme('Default Dark Modern');
    });

    it('picks a file and Problems with the keyboard, shows their chips with token sizes, and sends their content', async () => {
      const width = await narrowChatTo(300);
      assert.ok(width <= 300 && width >= 200, `the chat is ${width} px wide`);
      await webview.type('#prompt', 'Fix @app');
      await webview.waitFor('#mention-picker [role="option"][aria-selected="true"]', { text: 'src/app.ts' });
      await page.screenshot('mentions-picker-dark');
      await webview.press('#prompt', 'Enter');
      await webview.waitFor('#attachments .chip', { text: 'src/app.ts · ' });

      await webview.type('#prompt', 'using @probl');
      await webview.waitFor('#mention-picker [role="option"][aria-selected="true"]', { text: 'problems' });
      await webview.press('#prompt', 'Tab');
      await webview.waitFor('#attachments .chip', { text: 'Problems · ' });

      await webview.type('#prompt', 'and @nowhere/missing.ts');
      await webview.waitFor('#mention-picker [role="option"]', { text: 'nowhere/missing.ts' });
      await webview.press('#prompt', 'Enter');
      await webview.waitFor('#attachments .chip-problem', { text: 'does not exist' });

      const chips = await textsOf('#attachments .chip');
      assert.match(chips[0] ?? '', /^src\/app\.ts · \d+ tokens$/);
      assert.match(chips[1] ?? '', /^Problems · [1-9]\d* · \d+ tokens$/);
      assert.equal(chips[2], 'nowhere/missing.ts does not exist in the workspace.');
      assert.equal(await webview.evaluate<string>('document.querySelector("#prompt").value'), 'Fix @src/app.ts using @problems and @nowhere/missing.ts ', 'the typed text is kept, with readable references');
      const overflow = await webview.evaluate<number>('document.documentElement.scrollWidth - document.documentElement.clientWidth');
      assert.equal(overflow, 0, 'the chips fit the 300 px view');
      await page.screenshot('mentions-chips-dark');
      await useTheme('Default Light Modern');
      await page.screenshot('mentions-chips-light');
      await webview.type('#prompt', '@');
      await webview.waitFor('#mention-picker [role="option"]', { text: 'selection' });
      await page.screenshot('mentions-picker-light');
      await webview.press('#prompt', 'Escape');
      await webview.press('#prompt', 'Backspace');
      await useTheme('Default Dark Modern');

      server().enqueue({ kind: 'reply', content: [text('The count should be a number.')] });
      await webview.press('#prompt', 'Enter');
      await webview.waitFor('.item-assistant', { text: 'should be a number' });
      await waitUntilIdle();
      const sent = lastUserMessage(server());
      assert.match(sent, /^Fix @src\/app\.ts using @problems and @nowhere\/missing\.ts/);
      assert.match(sent, /Attached file src\/app\.ts:\n```\n[^`]*export function greet/, 'the file content went with the message');
      assert.match(sent, /The problems VS Code reports in the workspace \(\d+\):\n```\n[^`]*src\/mentionBroken\.ts:1:\d+ error TS2322: Type 'string' is not assignable to type 'number'\. \(ts\)/);
      assert.doesNotMatch(sent, /missing\.ts:\n/, 'nothing is sent for the mention that could not be attached');
      assert.deepEqual(await textsOf('#attachments .chip'), ['nowhere/missing.ts does not exist in the workspace.'], 'sent chips clear; the one that could not be attached stays until removed');
      await webview.click('#attachments .chip-problem .chip-remove');
      await webview.waitFor('#attachments .chip', { state: 'detached' });
    });

    it('attaches the editor\'s selection, the terminal\'s last command and the git changes, each sized or saying why not', async () => {
      const editor = await vscode.window.showTextDocument(workspaceFile('src/app.ts'));
      editor.selection = new vscode.Selection(4, 0, 6, 1);
      await openChat();
      for (const [typed, row] of [['@sel', 'selection'], ['@term', 'terminal'], ['@gitch', 'git-changes']] as const) {
        await webview.type('#prompt', typed);
        await webview.waitFor('#mention-picker [role="option"][aria-selected="true"]', { text: row });
        await webview.press('#prompt', 'Enter');
      }
      await webview.waitFor('#attachments .chip-gitChanges');
      const chips = await textsOf('#attachments .chip');
      assert.match(chips[0] ?? '', /^src\/app\.ts:5-7 · \d+ tokens$/);
      assert.match(chips[1] ?? '', /^Terminal(: .+)? · \d+ tokens$/);
      assert.match(chips[2] ?? '', /^Git changes · \d+ files · \d+ tokens$|^No Git repository is open in this workspace\.$/);
      await page.screenshot('mentions-special-chips');

      server().enqueue({ kind: 'reply', content: [text('Noted the selection.')] });
      await webview.press('#prompt', 'Enter');
      await webview.waitFor('.item-assistant', { text: 'Noted the selection' });
      await waitUntilIdle();
      const sent = lastUserMessage(server());
      assert.match(sent, /Selected lines 5–7 of src\/app\.ts:\n```\n[^`]*export function add/);
      assert.match(sent, /The last command run in the Elbow terminal, and the end of its output:\n```\n(\$ |No command has run)/);
      // Without a repository the git chip says why and stays until removed; nothing else is left.
      for (const chip of await textsOf('#attachments .chip')) {
        assert.equal(chip, 'No Git repository is open in this workspace.');
        await webview.click('#attachments .chip-problem .chip-remove');
      }
      await webview.waitFor('#attachments .chip', { state: 'detached' });
    });
  });
}
