import assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { text, toolCall, type FakeLlmServer } from '../../support/fakeLlmServer';
import { setApiKeyAndClearToasts } from '../support/apiKey';
import { openChat, sendPrompt, startNewChat, stopAndSettle, waitUntilIdle } from '../support/chat';
import { page, webview } from '../support/driver';
import { narrowChatTo, useTheme } from '../support/viewLayout';

const pending = '.tool-card[data-approval="pending"]';
/** The number on Elbow's icon in the activity bar. */
const badge = '.part.activitybar .action-item:has(.action-label[aria-label^="Elbow"]) .badge-content';

/** A list as long as a model writes, the step in progress long enough to wrap. */
const steps = [
  'Read src/parser.ts and the tests that cover tokenize',
  'Rewrite the tokenizer so that it keeps the byte offsets of every token, including those inside template literals and regular expressions',
  ...Array.from({ length: 6 }, (_, index) => `Update the callers in module ${index + 1} and run its tests`),
].map((step, index) => ({ text: step, status: index === 0 ? 'done' : index === 1 ? 'in_progress' : 'pending' }));

/** Where the button is: inside the chat's scrolled area, and what the user would hit at its centre. */
function reachable(selector: string): Promise<{ inView: boolean; onTop: boolean }> {
  return webview.evaluate(`(() => {
    const button = document.querySelector(${JSON.stringify(selector)});
    const messages = document.getElementById('messages').getBoundingClientRect();
    const box = button.getBoundingClientRect();
    const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
    return { inView: box.height > 0 && box.top >= messages.top && box.bottom <= messages.bottom, onTop: hit !== null && button.contains(hit) };
  })()`);
}

function focusedClass(): Promise<string> {
  return webview.evaluate<string>('document.activeElement?.className ?? ""');
}

/** A question the model asks while its long task list is pinned: in view, answered by keyboard, and counted on Elbow's icon while the chat is hidden. */
export function waitingQuestionTests(server: () => FakeLlmServer): void {
  describe('a waiting question in view', function () {
    this.timeout(120_000);

    before(async () => {
      await startNewChat();
      await openChat();
      await setApiKeyAndClearToasts();
      const width = await narrowChatTo(300);
      assert.ok(width <= 300 && width >= 200, `the chat is ${width} px wide`);
    });
    afterEach(async () => stopAndSettle(server()));
    after(() => useTheme('Default Dark Modern'));

    for (const [theme, name, answer] of [['Default Dark Modern', 'dark', 'allow'], ['Default Light Modern', 'light', 'deny']] as const) {
      it(`shows the command's question above the folded task list at 300 px (${name}), answered by keyboard only: ${answer}`, async () => {
        await useTheme(theme);
        server().enqueue(
          { kind: 'reply', content: [toolCall('todo', { items: steps })] },
          { kind: 'reply', content: [text('Running the tests.'), toolCall('run_command', { command: `touch question-${name}.txt` })] },
          { kind: 'reply', content: [text(`Done in ${name}`)] },
        );
        await sendPrompt(`Rewrite the tokenizer (${name})`);
        await webview.waitFor(`${pending} .approval-allow`, { timeoutMs: 20_000 });
        await webview.waitFor('#todo-list .todo-toggle[aria-expanded="false"]');
        await webview.waitFor('#todo-list .todo-current', { text: 'Rewrite the tokenizer' });
        for (const button of ['.approval-allow', '.approval-deny']) {
          assert.deepEqual(await reachable(`${pending} ${button}`), { inView: true, onTop: true }, `${button} is in view and not covered`);
        }
        const listHeight = await webview.evaluate<number>(`document.getElementById('todo-list').getBoundingClientRect().height`);
        const viewHeight = await webview.evaluate<number>('window.innerHeight');
        assert.ok(listHeight <= viewHeight / 5, `the folded task list takes ${listHeight} of ${viewHeight} px`);
        await page.screenshot(`waiting-question-pinned-tasks-${name}`);

        // The prompt box kept the focus (the user may be typing); Elbow: Focus Chat's key takes it to the question
        // itself, where Enter answers nothing; Tab goes through the command to the buttons.
        await page.press('Control+Alt+KeyE');
        await waitForFocus(/^approval$/);
        await tabTo(answer === 'allow' ? /approval-allow/ : /approval-deny/);
        await page.press('Enter');
        await webview.waitFor('.item-assistant', { text: `Done in ${name}` });
        await waitUntilIdle();
        await webview.waitFor('.tool-card[data-approval]', { text: answer === 'allow' ? 'touch' : 'Denied' });
        await webview.waitFor('#todo-list .todo-toggle[aria-expanded="true"]', { state: 'hidden' });

        // Too tall for a fifth of the view, the list stays folded; opened by the user, no step takes more than two lines.
        await webview.press('#todo-list .todo-toggle', 'Enter');
        await webview.waitFor('#todo-list .todo-toggle[aria-expanded="true"]');
        const lines = await webview.evaluate<number[]>(`[...document.querySelectorAll('#todo-list .todo-text')].map((step) => Math.round(step.getBoundingClientRect().height / parseFloat(getComputedStyle(step).lineHeight)))`);
        assert.ok(lines.every((count) => count <= 2) && lines.includes(2), `lines per step: ${lines.join(', ')}`);
        await page.screenshot(`waiting-question-tasks-opened-${name}`);
      });
    }

    it('counts the waiting question on Elbow’s icon while the chat is hidden, and the count goes when it is answered', async () => {
      await useTheme('Default Dark Modern');
      server().enqueue(
        { kind: 'reply', content: [text('Checking the build output first, slowly.'), toolCall('run_command', { command: 'touch question-badge.txt' })], chunkSize: 4, chunkDelayMs: 300 },
        { kind: 'reply', content: [text('Done with the badge')] },
      );
      await sendPrompt('Check the build');
      await webview.waitFor('.item-assistant', { text: 'Checking' });
      await vscode.commands.executeCommand('workbench.view.explorer');
      await page.waitFor(badge, { text: '1', timeoutMs: 20_000 });
      await page.screenshot('waiting-question-badge');
      await vscode.commands.executeCommand('notifications.clearAll');

      await vscode.commands.executeCommand('elbow.focusChat');
      await waitForFocus(/^approval$/);
      await tabTo(/approval-allow/);
      await page.press('Enter');
      await webview.waitFor('.item-assistant', { text: 'Done with the badge' });
      await page.waitFor(badge, { state: 'hidden' });
    });
  });
}

/** Presses Tab until the keyboard is on the expected control, a few presses at most. */
async function tabTo(expected: RegExp): Promise<void> {
  for (let tabs = 0; tabs < 6 && !expected.test(await focusedClass()); tabs++) await page.press('Tab');
  assert.match(await focusedClass(), expected);
}

async function waitForFocus(expected: RegExp): Promise<void> {
  for (let attempt = 0; attempt < 50; attempt++) {
    if (expected.test(await focusedClass())) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  assert.match(await focusedClass(), expected);
}
