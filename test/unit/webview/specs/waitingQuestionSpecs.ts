import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import type { Approval, ChangedFile, ChatItem, ChatItemOf } from '../../../../src/protocol/chatItems';
import type { TodoItem } from '../../../../src/protocol/todoItems';
import type { ChatViewHarness } from '../support/chatViewHarness';
import { assistant, conversation, tool, user } from '../support/chatFixtures';

const longStep = 'Rewrite the tokenizer so that it keeps the byte offsets of every token, including the ones inside template literals and regular expressions, and update every caller that reads positions';

/** A long list as a model writes it, the step in progress long enough to wrap. */
const steps: TodoItem[] = [
  { text: 'Read src/parser.ts and the tests that cover tokenize', status: 'done' },
  { text: longStep, status: 'in_progress' },
  ...Array.from({ length: 6 }, (_, index): TodoItem => ({ text: `Fix the callers in module ${index + 1} and run its tests`, status: 'pending' })),
];

const files: ChangedFile[] = Array.from({ length: 8 }, (_, index) => ({ uri: `file:///w/src/f${index}.ts`, path: `src/f${index}.ts`, status: 'modified', added: 3, removed: 1 }));

function ask(state: Approval['state'] = 'pending'): Approval {
  return { kind: 'command', title: 'Run this command?', command: 'npm test', reasons: ['npm test is not on the allow list'], alwaysAllow: ['npm test'], placement: { kind: 'sandbox' }, state };
}

function run(id: string, approval: Approval): ChatItemOf<'tool'> {
  return tool(id, { name: 'run_command', toolKind: 'command', title: 'Run npm test', arguments: '{"command":"npm test"}', approval });
}

/** A conversation long enough to scroll. */
function history(): ChatItem[] {
  return Array.from({ length: 12 }, (_, index) => [user(`u${index}`, `Question ${index}`), assistant(`a${index}`, `An answer of several lines.\n\n${'More text. '.repeat(30)}`)]).flat();
}

/** Where the button is, and whether the user can see and click it: inside the chat's viewport and on top at its centre. */
async function reachable(page: Page, selector: string): Promise<{ inView: boolean; onTop: boolean }> {
  return page.evaluate((buttonSelector) => {
    const button = document.querySelector(buttonSelector);
    const messages = document.getElementById('messages')?.getBoundingClientRect();
    if (button === null || messages === undefined) return { inView: false, onTop: false };
    const box = button.getBoundingClientRect();
    const inView = box.height > 0 && box.top >= messages.top && box.bottom <= messages.bottom;
    const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
    return { inView, onTop: hit !== null && button.contains(hit) };
  }, selector);
}

async function todoExpanded(page: Page): Promise<string | null> {
  return page.locator('#todo-list .todo-toggle').getAttribute('aria-expanded');
}

/** A question that waits is always in view and reachable by keyboard; the pinned panels make room for it. */
export function waitingQuestionSpecs(harness: () => ChatViewHarness): void {
  it('scrolls a question that arrives into view, above the folded task list and the shrunk changes, even when the user had scrolled up', async () => {
    const view = await harness().open({ width: 300, height: 690 });
    const { page } = view;
    await view.deliver(conversation(history(), { running: true }), { type: 'todos', items: steps.slice(0, 2) }, { type: 'changes', files });
    assert.equal(await todoExpanded(page), 'true', 'a short list starts open');
    await page.locator('#messages').evaluate((element) => {
      element.scrollTop = 0;
    });
    await view.nextFrame();
    await view.deliver({ type: 'itemAdded', item: run('t1', ask()) });
    await view.nextFrame();
    assert.equal(await todoExpanded(page), 'false', 'the task list folds while the question waits');
    assert.equal(await page.locator('#todo-list .todo-current').textContent(), longStep);
    const changesHeight = await page.locator('.changes-list').evaluate((element) => element.getBoundingClientRect().height);
    const lineHeight = await page.locator('.changes-list').evaluate((element) => parseFloat(getComputedStyle(element).lineHeight));
    assert.ok(changesHeight <= 4.5 * lineHeight + 6, `the changed files take ${changesHeight}px while the question waits`);
    for (const button of ['.approval-allow', '.approval-deny']) {
      assert.deepEqual(await reachable(page, `[data-item-id="t1"] ${button}`), { inView: true, onTop: true }, button);
    }

    await view.deliver({ type: 'itemUpdated', item: run('t1', ask('allowed')) });
    assert.equal(await todoExpanded(page), 'true', 'answered, the short list opens again');
    assert.equal(await page.evaluate(() => document.body.dataset.questionWaiting), 'false');
  });

  it('keeps an edit waiting for approval in view the same way, and Focus Chat takes the keyboard to the question, Apply a Tab away', async () => {
    const view = await harness().open({ width: 300, height: 690 });
    const { page } = view;
    await view.deliver(conversation(history(), { running: true }), { type: 'todos', items: steps });
    await page.locator('#messages').evaluate((element) => {
      element.scrollTop = 0;
    });
    const diff = `--- a/src/app.ts\n+++ b/src/app.ts\n@@ -1,3 +1,3 @@\n${Array.from({ length: 30 }, (_, line) => ` const line${line} = ${line};`).join('\n')}\n-old\n+new`;
    await view.deliver({ type: 'itemAdded', item: tool('e1', { name: 'edit_file', toolKind: 'edit', title: 'Edit src/app.ts', proposal: { diff, state: 'pending' } }) });
    await view.nextFrame();
    assert.equal(await todoExpanded(page), 'false');
    for (const button of ['.proposal-apply', '.proposal-reject']) {
      assert.deepEqual(await reachable(page, `[data-item-id="e1"] ${button}`), { inView: true, onTop: true }, button);
    }
    await view.deliver({ type: 'focusInput' });
    assert.match(await page.evaluate(() => document.activeElement?.className ?? ''), /^proposal$/);
    await page.keyboard.press('Tab');
    assert.match(await page.evaluate(() => document.activeElement?.className ?? ''), /proposal-diff/, 'the change first');
    await page.keyboard.press('Tab');
    assert.match(await page.evaluate(() => document.activeElement?.className ?? ''), /proposal-apply/);
  });

  it('shows every step in at most two lines, the whole text in its tooltip and for screen readers', async () => {
    const view = await harness().open({ width: 300, height: 1200 });
    const { page } = view;
    await view.deliver(conversation([user('u1', 'Fix the tokenizer')]), { type: 'todos', items: steps.slice(0, 3) });
    assert.equal(await todoExpanded(page), 'true');
    const rows = await page.locator('#todo-list .todo-item').evaluateAll((items) => items.map((item) => {
      const text = item.querySelector('.todo-text');
      const lineHeight = text === null ? 0 : parseFloat(getComputedStyle(text).lineHeight);
      return { lines: Math.round((text?.getBoundingClientRect().height ?? 0) / lineHeight), title: item.getAttribute('title'), text: text?.textContent };
    }));
    assert.deepEqual(rows[1], { lines: 2, title: longStep, text: longStep });
    assert.ok(rows.every((row) => row.lines <= 2), JSON.stringify(rows));
  });

  it('folds a list that would take more than a fifth of the view; the user may open it, until the next question', async () => {
    const view = await harness().open({ width: 300, height: 690 });
    const { page } = view;
    await view.deliver(conversation([user('u1', 'Fix the tokenizer')], { running: true }), { type: 'todos', items: steps });
    assert.equal(await todoExpanded(page), 'false');
    const folded = await page.locator('#todo-list').evaluate((element) => element.getBoundingClientRect().height);
    assert.ok(folded <= 690 / 5, `folded, the list takes ${folded}px`);

    await page.locator('#todo-list .todo-toggle').focus();
    await page.keyboard.press('Enter');
    assert.equal(await todoExpanded(page), 'true');
    await view.deliver({ type: 'todos', items: steps.map((step, index) => (index === 1 ? { ...step, status: 'done' } : step)) });
    assert.equal(await todoExpanded(page), 'true', 'the user’s choice holds when the list changes');

    await view.deliver({ type: 'itemAdded', item: run('t1', ask()) });
    assert.equal(await todoExpanded(page), 'false', 'a new question folds it again');
  });

  it('takes the keyboard to the waiting question on Focus Chat, and to the prompt box when none waits', async () => {
    const view = await harness().open({ width: 300, height: 690 });
    const { page } = view;
    await view.deliver(conversation(history(), { running: true }), { type: 'todos', items: steps });
    await page.locator('#prompt').focus();
    await page.keyboard.type('and then');
    await view.deliver({ type: 'itemAdded', item: run('t1', ask()) });
    await view.nextFrame();
    assert.equal(await page.evaluate(() => document.activeElement?.id), 'prompt', 'a question does not take the focus from typing');

    await view.deliver({ type: 'focusInput' });
    assert.match(await page.evaluate(() => document.activeElement?.className ?? ''), /^approval$/);
    await page.keyboard.press('Tab');
    assert.match(await page.evaluate(() => document.activeElement?.className ?? ''), /approval-command/, 'the command first');
    await page.keyboard.press('Tab');
    assert.match(await page.evaluate(() => document.activeElement?.className ?? ''), /approval-allow/);
    await page.keyboard.press('Enter');
    assert.deepEqual(await view.postedOfType('resolveApproval'), [{ type: 'resolveApproval', itemId: 't1', decision: 'allow' }]);

    await view.deliver({ type: 'itemUpdated', item: run('t1', ask('allowed')) }, { type: 'focusInput' });
    assert.equal(await page.evaluate(() => document.activeElement?.id), 'prompt');
  });
}
