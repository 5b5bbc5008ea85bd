import assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { emptyUsage, userText } from '../../../src/core/llm/messages';
import { ConversationStore as TerminalStore, savedItemCodec } from '../../../src/node/conversations/conversationStore';
import type { FakeLlmServer } from '../../support/fakeLlmServer';
import { text, toolCall } from '../../support/fakeLlmServer';
import { sendPrompt, sleep, startNewChat, textsOf, waitUntilIdle } from '../support/chat';
import { page, webview } from '../support/driver';
import { conversationsFolder } from '../support/history';
import { narrowChatTo } from '../support/viewLayout';

async function useTheme(name: string): Promise<void> {
  await vscode.workspace.getConfiguration('workbench').update('colorTheme', name, vscode.ConfigurationTarget.Global);
  await sleep(800);
}

export function historyAndThemeTests(server: () => FakeLlmServer): void {
  describe('history and themes', () => {
    it('lists past conversations; opening one resumes it; deleting removes it', async () => {
      await startNewChat();
      server().enqueue({ kind: 'reply', content: [text('Noted: pineapples.')] });
      await sendPrompt('Remember the word pineapples');
      await webview.waitFor('.item-assistant', { text: 'pineapples' });
      await waitUntilIdle();

      await startNewChat();
      await webview.waitFor('.item-user', { text: 'pineapples', state: 'detached' });
      await webview.click('#history-button');
      await webview.waitFor('.history-entry', { text: 'Remember the word pineapples' });
      await webview.click('.history-entry:has-text("Remember the word pineapples") .history-open');
      await webview.waitFor('.item-assistant', { text: 'Noted: pineapples.' });

      server().enqueue({ kind: 'reply', content: [text('The word was pineapples.')] });
      await sendPrompt('What was the word?');
      await webview.waitFor('.item-assistant', { text: 'The word was pineapples.' });
      await waitUntilIdle();
      const messages = JSON.stringify(server().requests.at(-1)?.body);
      assert.ok(messages.includes('Remember the word pineapples'), 'the resumed conversation carries its history to the model');

      await webview.click('#history-button');
      const before = (await textsOf('.history-entry')).length;
      await webview.hover('.history-entry:has-text("Swap the operands")');
      await webview.click('.history-entry:has-text("Swap the operands") .history-delete');
      await webview.waitFor('.history-entry', { text: 'Swap the operands', state: 'detached' });
      assert.equal((await textsOf('.history-entry')).length, before - 1);
      await webview.click('#history-close');
      await webview.waitFor('#history', { state: 'hidden' });
    });

    it('looks right in dark, light and high-contrast themes (screenshots)', async () => {
      await startNewChat();
      server().enqueue(
        { kind: 'reply', content: [text('Let me check.'), toolCall('read_file', { path: 'src/app.ts' })] },
        { kind: 'reply', content: [text('`add` returns the **sum**:\n\n```ts\nexport function add(a: number, b: number): number {\n  return a + b;\n}\n```\n\n| name | kind |\n|---|---|\n| greet | function |\n| add | function |\n')] },
      );
      await sendPrompt('What does add return?');
      await webview.waitFor('.item-assistant', { text: 'returns the' });
      await waitUntilIdle();
      for (const [theme, name] of [['Default Dark Modern', 'chat-dark'], ['Default Light Modern', 'chat-light'], ['Default High Contrast', 'chat-high-contrast']] as const) {
        await useTheme(theme);
        await page.screenshot(name);
      }
      const background = await webview.evaluate<string>(`getComputedStyle(document.body).backgroundColor`);
      assert.notEqual(background, '', 'the webview follows the theme');
      await useTheme('Default Dark Modern');
    });

    it('lists a session the terminal saved in the shared folder while VS Code runs; it opens with its turns and goes on (screenshot)', async () => {
      await startNewChat();
      const title = 'Which file defines greet?';
      const now = Date.now();
      // What a session of `elbow -p` in this folder leaves: the terminal's store, written beside the running window.
      await new TerminalStore(await conversationsFolder(), savedItemCodec).save({
        id: 'terminal-session', title, createdAt: now, updatedAt: now, usage: emptyUsage(), model: { provider: 'openai', model: 'fake-model' },
        messages: [userText(title), { role: 'assistant', content: [{ type: 'text', text: 'src/app.ts defines greet.' }], stopReason: 'end_turn', provider: 'openai', model: 'fake-model' }],
        items: [{ kind: 'user', id: 't-u1', text: title, attachments: [] }, { kind: 'assistant', id: 't-a1', text: 'src/app.ts defines greet.', thinking: '' }],
      });
      await narrowChatTo(300);
      await webview.click('#history-button');
      await webview.waitFor('.history-entry', { text: title });
      await webview.click(`.history-entry:has-text("${title}") .history-open`);
      await webview.waitFor('.item-assistant', { text: 'src/app.ts defines greet.' });
      await webview.waitFor('.item-user', { text: title });
      await page.screenshot('terminal-session-in-history-dark');

      server().enqueue({ kind: 'reply', content: [text('It returns a greeting.')] });
      await sendPrompt('What does it return?');
      await webview.waitFor('.item-assistant', { text: 'It returns a greeting.' });
      await waitUntilIdle();
      const sent = JSON.stringify(server().requests.at(-1)?.body);
      assert.ok(sent.includes('src/app.ts defines greet.') && sent.includes(title), 'the terminal\'s turns go to the model with the new question');
    });
  });
}
