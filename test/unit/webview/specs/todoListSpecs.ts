import assert from 'node:assert/strict';
import type { ChatViewHarness } from '../support/chatViewHarness';
import { conversation, user } from '../support/chatFixtures';

const steps = [
  { text: 'Read src/parser.ts and the tests that cover tokenize', status: 'done' as const },
  { text: 'Fix the off-by-one in tokenize', status: 'in_progress' as const },
  { text: 'Run npm test', status: 'pending' as const },
];

/** The model's task list, pinned above the input. */
export function todoListSpecs(harness: () => ChatViewHarness): void {
  it('pins the list above the input with its count, each step readable by a screen reader, and hides it when empty', async () => {
    const view = await harness().open({ width: 300, height: 500 });
    const { page } = view;
    await view.deliver(conversation([user('u1', 'Fix the tokenizer')]), { type: 'todos', items: steps });
    await page.locator('#todo-list').waitFor();
    assert.equal(await page.locator('#todo-list .todo-count').textContent(), '1/3');
    assert.equal(await page.locator('#todo-list .todo-count').getAttribute('aria-label'), '1 of 3 done');
    assert.deepEqual(await page.locator('#todo-list .todo-item').allTextContents(), [
      `Done: ${steps[0]?.text}`, `In progress: ${steps[1]?.text}`, `Pending: ${steps[2]?.text}`,
    ]);
    const layout = await page.evaluate(() => {
      const list = document.getElementById('todo-list')?.getBoundingClientRect();
      const composer = document.getElementById('composer')?.getBoundingClientRect();
      const rows = [...document.querySelectorAll('.todo-item')].map((row) => row.getBoundingClientRect());
      return { above: (list?.bottom ?? Infinity) <= (composer?.top ?? 0), fits: rows.every((row) => row.right <= document.documentElement.clientWidth) };
    });
    assert.deepEqual(layout, { above: true, fits: true });

    await view.deliver({ type: 'todos', items: [] });
    assert.equal(await page.locator('#todo-list').isHidden(), true);
  });

  it('folds to one line showing the step in progress, from the keyboard', async () => {
    const view = await harness().open({ width: 300, height: 1000 });
    const { page } = view;
    await view.deliver(conversation([user('u1', 'Fix the tokenizer')]), { type: 'todos', items: steps });
    await page.locator('#todo-list .todo-toggle').focus();
    await page.keyboard.press('Enter');
    assert.equal(await page.locator('#todo-list .todo-toggle').getAttribute('aria-expanded'), 'false');
    assert.equal(await page.locator('#todo-list .todo-items').isHidden(), true);
    assert.equal(await page.locator('#todo-list .todo-current').textContent(), steps[1]?.text);
    assert.equal(await page.locator('#todo-list .todo-current').isVisible(), true);
    await page.keyboard.press('Space');
    assert.equal(await page.locator('#todo-list .todo-items').isVisible(), true);
  });
}
