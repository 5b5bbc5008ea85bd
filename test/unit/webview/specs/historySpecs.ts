import assert from 'node:assert/strict';
import type { ToWebview } from '../../../../src/protocol/toWebview';
import type { ChatViewHarness } from '../support/chatViewHarness';
import { conversation } from '../support/chatFixtures';

const minute = 60_000;

export function historySpecs(harness: () => ChatViewHarness): void {
  it('lists conversations newest first; opening one posts openConversation and closes the panel', async () => {
    const view = await harness().open();
    const { page } = view;
    const now = Date.now();
    await view.deliver(conversation([], { id: 'b' }), {
      type: 'history',
      conversations: [
        { id: 'a', title: 'Older chat', updatedAt: now - 3 * 24 * 60 * minute },
        { id: 'b', title: 'Fix the build', updatedAt: now - 5 * minute },
      ],
    });
    const panel = page.locator('#history');
    assert.ok(await panel.isVisible());
    assert.deepEqual(await panel.locator('.history-entry .history-title').allInnerTexts(), ['Fix the build', 'Older chat']);
    assert.deepEqual(await panel.locator('.history-entry .history-date').allInnerTexts(), ['5 minutes ago', '3 days ago']);
    assert.equal(await panel.locator('.history-entry.current .history-title').innerText(), 'Fix the build');

    await panel.locator('.history-entry', { hasText: 'Older chat' }).locator('.history-open').click();
    assert.deepEqual(await view.postedOfType('openConversation'), [{ type: 'openConversation', id: 'a' }]);
    assert.ok(!(await panel.isVisible()));
  });

  it('posts deleteConversation from an entry and shows the list the extension sends back', async () => {
    const view = await harness().open();
    const { page } = view;
    const now = Date.now();
    await view.deliver({ type: 'history', conversations: [{ id: 'a', title: 'Keep', updatedAt: now }, { id: 'b', title: 'Remove me', updatedAt: now - minute }] });
    await page.locator('.history-entry', { hasText: 'Remove me' }).locator('.history-delete').click();
    assert.deepEqual(await view.postedOfType('deleteConversation'), [{ type: 'deleteConversation', id: 'b' }]);
    await view.deliver({ type: 'history', conversations: [{ id: 'a', title: 'Keep', updatedAt: now }] });
    assert.deepEqual(await page.locator('.history-entry .history-title').allInnerTexts(), ['Keep']);
    assert.ok(await page.evaluate(() => document.querySelector('#history')?.contains(document.activeElement) === true), 'focus stays in the panel');
    await view.deliver({ type: 'history', conversations: [] });
    assert.equal(await page.locator('.history-entry').count(), 0);
    assert.match(await page.locator('#history-list').innerText(), /No saved conversations/);
  });

  it('closes on Escape and on its close button, giving focus back', async () => {
    const view = await harness().open();
    const { page } = view;
    const panel = page.locator('#history');
    const history: ToWebview = { type: 'history', conversations: [{ id: 'a', title: 'One', updatedAt: Date.now() }] };
    await page.locator('#history-button').focus();
    await view.deliver(history);
    assert.ok(await panel.isVisible());
    assert.ok(await page.evaluate(() => (document.querySelector('#main') as HTMLElement).inert), 'the chat behind is inert');
    await page.keyboard.press('Escape');
    assert.ok(!(await panel.isVisible()));
    assert.equal(await page.evaluate(() => document.activeElement?.id), 'history-button');

    await view.deliver(history);
    await page.locator('#history-close').click();
    assert.ok(!(await panel.isVisible()));
    assert.ok(!(await page.evaluate(() => (document.querySelector('#main') as HTMLElement).inert)));
  });

  it('filters the list by title', async () => {
    const view = await harness().open();
    const { page } = view;
    const now = Date.now();
    await view.deliver({ type: 'history', conversations: [{ id: 'a', title: 'Refactor parser', updatedAt: now }, { id: 'b', title: 'Fix tests', updatedAt: now }] });
    await page.locator('#history-filter').fill('PARSER');
    assert.deepEqual(await page.locator('.history-entry .history-title').allInnerTexts(), ['Refactor parser']);
  });
}
