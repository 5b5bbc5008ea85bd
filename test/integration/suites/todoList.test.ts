import assert from 'node:assert/strict';
import { text, toolCall, type FakeLlmServer } from '../../support/fakeLlmServer';
import { setApiKeyAndClearToasts } from '../support/apiKey';
import { openChat, sendPromptAndWaitForReply, startNewChat, waitUntilIdle } from '../support/chat';
import { page, webview } from '../support/driver';
import { narrowChatTo, useTheme } from '../support/viewLayout';

const PROMPT = 'Fix the tokenizer off-by-one, step by step';
const STEPS = ['Read src/parser.ts', 'Fix the off-by-one in `tokenize` (line 42)', 'Run npm test'];
type Status = 'pending' | 'in_progress' | 'done';

function listCall(...statuses: Status[]): ReturnType<typeof toolCall> {
  return toolCall('todo', { items: STEPS.map((step, index) => ({ text: step, status: statuses[index] })) });
}

/** What the pinned list shows: each row's status and text. */
function shownList(): Promise<string[]> {
  return webview.evaluate<string[]>(`[...document.querySelectorAll('#todo-list .todo-item')].map((row) => row.dataset.status + ' ' + row.querySelector('.todo-text').textContent)`);
}

async function expectList(count: string, ...statuses: Status[]): Promise<void> {
  await webview.waitFor('#todo-list .todo-count', { text: count });
  assert.deepEqual(await shownList(), STEPS.map((step, index) => `${statuses[index]} ${step}`));
}

/** The model's task list pinned above the input, across three turns, a compaction and New Chat; the next phase reopens it after a reload. */
export function todoListTests(server: () => FakeLlmServer): void {
  describe('the task list the model keeps', function () {
    this.timeout(120_000);

    before(async () => {
      await startNewChat();
      await openChat();
      // Run alone, no earlier suite has stored the key.
      await setApiKeyAndClearToasts();
    });
    after(() => useTheme('Default Dark Modern'));

    it('shows the list pinned above the input and updates it as the model calls todo in three turns', async () => {
      await webview.waitFor('#todo-list', { state: 'hidden' });
      server().enqueue({ kind: 'reply', content: [listCall('in_progress', 'pending', 'pending')] }, { kind: 'reply', content: [text('Reading the parser first.')] });
      await sendPromptAndWaitForReply(PROMPT, 'Reading the parser first.');
      await expectList('0/3', 'in_progress', 'pending', 'pending');
      await webview.waitFor('.tool-card', { text: 'Updated the task list · 0/3' });
      const pinned = await webview.evaluate<boolean>(`document.getElementById('todo-list').getBoundingClientRect().bottom <= document.getElementById('composer').getBoundingClientRect().top`);
      assert.ok(pinned, 'the list sits above the input');

      server().enqueue({ kind: 'reply', content: [listCall('done', 'in_progress', 'pending')] }, { kind: 'reply', content: [text('Fixed the loop bound.')] });
      await sendPromptAndWaitForReply('Go on with the fix', 'Fixed the loop bound.');
      await expectList('1/3', 'done', 'in_progress', 'pending');

      server().enqueue({ kind: 'reply', content: [listCall('done', 'done', 'in_progress')] }, { kind: 'reply', content: [text('Running the tests next.')] });
      await sendPromptAndWaitForReply('Now test it', 'Running the tests next.');
      await expectList('2/3', 'done', 'done', 'in_progress');
      assert.equal(await webview.evaluate<string>(`document.querySelector('#todo-list .todo-count').getAttribute('aria-label')`), '2 of 3 done');
      assert.deepEqual(server().violations, []);

      const width = await narrowChatTo(300);
      assert.ok(width <= 300 && width >= 200, `the chat is ${width} px wide`);
      const fits = await webview.evaluate<boolean>(`[...document.querySelectorAll('#todo-list .todo-item')].every((row) => row.getBoundingClientRect().right <= document.documentElement.clientWidth)`);
      assert.ok(fits, 'every step fits the narrow side bar');
      await useTheme('Default Dark Modern');
      await page.screenshot('todo-list-narrow-dark');
      await useTheme('Default Light Modern');
      await page.screenshot('todo-list-narrow-light');
      await useTheme('Default Dark Modern');
    });

    it('folds to one line with the step in progress, from the keyboard', async () => {
      await webview.press('#todo-list .todo-toggle', 'Enter');
      await webview.waitFor('#todo-list .todo-items', { state: 'hidden' });
      assert.equal(await webview.evaluate<string>(`document.querySelector('#todo-list .todo-toggle').getAttribute('aria-expanded')`), 'false');
      await webview.waitFor('#todo-list .todo-current', { text: STEPS[2] });
      await page.screenshot('todo-list-folded');
      await webview.press('#todo-list .todo-toggle', 'Enter');
      await webview.waitFor('#todo-list .todo-items', { state: 'visible' });
    });

    it('keeps the list through "Compact now": still shown, and the next request carries it verbatim', async () => {
      server().enqueue({ kind: 'reply', content: [text('## Goal\nFix the tokenizer.\n## Remaining work\nRun the tests.')] });
      await webview.click('#compact-now');
      await webview.waitFor('.item-compaction .compaction-title', { text: 'Earlier messages summarised' });
      await waitUntilIdle();
      await expectList('2/3', 'done', 'done', 'in_progress');

      server().enqueue({ kind: 'reply', content: [text('The tests pass.')] });
      await sendPromptAndWaitForReply('Carry on', 'The tests pass.');
      const verbatim = ['## Task list (kept verbatim; update it with the todo tool)', ...STEPS.map((step, index) => `- ${['[x]', '[x]', '[~]'][index]} ${step}`)].join('\n');
      const next = JSON.stringify(server().requests.at(-1)?.body);
      assert.ok(next.includes(JSON.stringify(verbatim).slice(1, -1)), `the request after the summary holds the list verbatim: ${next.slice(0, 2_000)}`);
      assert.ok(!next.includes('"name":"todo","arguments"'), 'the calls themselves were summarised away');
      await expectList('2/3', 'done', 'done', 'in_progress');
      assert.deepEqual(server().violations, []);
    });

    it('clears the list on New Chat and shows it again when the conversation is reopened from History', async () => {
      await startNewChat();
      await webview.waitFor('#todo-list', { state: 'hidden' });
      await webview.click('#history-button');
      await webview.click(`.history-entry:has-text(${JSON.stringify(PROMPT)}) .history-open`);
      await expectList('2/3', 'done', 'done', 'in_progress');
      await startNewChat();
      await webview.waitFor('#todo-list', { state: 'hidden' });
    });
  });
}

/** After a window reload: the list comes back with its conversation. */
export function todoListAfterReloadTests(): void {
  describe('the task list after a window reload', () => {
    it('shows the list of a conversation reopened from History', async () => {
      await openChat();
      await webview.click('#history-button');
      await webview.click(`.history-entry:has-text(${JSON.stringify(PROMPT)}) .history-open`);
      await expectList('2/3', 'done', 'done', 'in_progress');
      await page.screenshot('todo-list-after-reload');
    });
  });
}
