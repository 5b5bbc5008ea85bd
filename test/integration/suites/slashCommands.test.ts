import assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { text, type FakeLlmServer } from '../../support/fakeLlmServer';
import { setApiKeyAndClearToasts } from '../support/apiKey';
import { lastUserMessage, openChat, startNewChat, waitUntilIdle, workspaceFile } from '../support/chat';
import { page, webview } from '../support/driver';
import { narrowChatTo, useTheme } from '../support/viewLayout';

const promptFile = '.github/prompts/summarize.prompt.md';

export function slashCommandTests(server: () => FakeLlmServer): void {
  describe('/ commands', function () {
    this.timeout(180_000);

    before(async () => {
      const body = '---\ndescription: Summarize a part of the code for a new team member\nargument-hint: how long\n---\nSummarize ${input:topic:What to summarize} for a new team member.\n';
      await vscode.workspace.fs.writeFile(workspaceFile(promptFile), new TextEncoder().encode(body));
      await openChat();
      await setApiKeyAndClearToasts();
      await startNewChat();
    });
    after(async () => {
      await vscode.workspace.fs.delete(workspaceFile('.github'), { recursive: true }).then(undefined, () => undefined);
      await useTheme('Default Dark Modern');
    });

    it('runs a prompt file from .github/prompts picked with the keyboard, asking for its input, and the model gets the expansion', async () => {
      const width = await narrowChatTo(300);
      assert.ok(width <= 300 && width >= 200, `the chat is ${width} px wide`);
      await webview.type('#prompt', '/');
      await webview.waitFor('#slash-picker [role="option"]', { text: '/summarize' });
      await webview.press('#prompt', 'ArrowUp');
      await webview.waitFor('#slash-picker [role="option"][aria-selected="true"]', { text: '/summarize' });
      const overflow = await webview.evaluate<number>('document.documentElement.scrollWidth - document.documentElement.clientWidth');
      assert.equal(overflow, 0, 'the picker fits the 300 px view');
      await page.screenshot('slash-picker-300-dark');
      await useTheme('Default Light Modern');
      await page.screenshot('slash-picker-300-light');
      await useTheme('Default Dark Modern');
      await webview.type('#prompt', 'sum');
      await webview.waitFor('#slash-picker [role="option"][aria-selected="true"]', { text: '/summarize' });
      await webview.press('#prompt', 'Enter');
      assert.equal(await webview.evaluate<string>('document.querySelector("#prompt").value'), '/summarize ');
      await webview.type('#prompt', 'in three lines');

      server().enqueue({ kind: 'reply', content: [text('The parser reads tokens.')] });
      await webview.press('#prompt', 'Enter');
      await page.waitFor('.quick-input-widget', { text: 'topic' });
      await page.type('the parser');
      await page.press('Enter');
      await webview.waitFor('.item-assistant', { text: 'The parser reads tokens.' });
      await waitUntilIdle();
      assert.equal(lastUserMessage(server()), 'Summarize the parser for a new team member.\n\nARGUMENTS: in three lines');
      await webview.waitFor('.item-user', { text: '/summarize in three lines' });
    });
  });
}
