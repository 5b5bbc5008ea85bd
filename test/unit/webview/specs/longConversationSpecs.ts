import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import type { Approval, ChatItem, ChatItemOf } from '../../../../src/protocol/chatItems';
import type { ChatView, ChatViewHarness } from '../support/chatViewHarness';
import { assistant, conversation, deltas, tool } from '../support/chatFixtures';
import { longConversation } from '../support/longConversation';

/** At most this many items in the page, however long the conversation. */
const maxShown = 150;

const ask: Approval = {
  kind: 'command',
  title: 'Run this command?',
  command: 'npm test',
  cwd: '.',
  reasons: ['npm test is not on the allow list'],
  alwaysAllow: ['npm test'],
  state: 'pending',
};

function asking(id: string, state: Approval['state'] = 'pending'): ChatItemOf<'tool'> {
  return tool(id, { name: 'run_command', toolKind: 'command', title: 'Run npm test', arguments: '{"command":"npm test"}', approval: { ...ask, state } });
}

async function shownItems(page: Page): Promise<number> {
  return page.locator('#messages > .item').count();
}

async function distanceFromBottom(page: Page): Promise<number> {
  return page.evaluate(() => {
    const messages = document.querySelector('#messages') as HTMLElement;
    return messages.scrollHeight - messages.scrollTop - messages.clientHeight;
  });
}

/** Whether the item is in the page and at least partly inside the conversation's view. */
async function inView(page: Page, itemId: string): Promise<boolean> {
  return page.evaluate((id) => {
    const item = document.querySelector(`#messages > [data-item-id="${id}"]`);
    if (item === null) return false;
    const view = (document.querySelector('#messages') as HTMLElement).getBoundingClientRect();
    const box = item.getBoundingClientRect();
    return box.bottom > view.top && box.top < view.bottom;
  }, itemId);
}

/** Scrolls the conversation with the keyboard, as a user would, until the item is in view. */
async function pressUntilInView(view: ChatView, key: string, itemId: string): Promise<void> {
  await view.page.locator('#messages').focus();
  await view.page.keyboard.press(key);
  await view.page.waitForFunction((id) => {
    const item = document.querySelector(`#messages > [data-item-id="${id}"]`);
    if (item === null) return false;
    const box = item.getBoundingClientRect();
    const list = (document.querySelector('#messages') as HTMLElement).getBoundingClientRect();
    return box.bottom > list.top && box.top < list.bottom;
  }, itemId);
}

async function openLong(harness: ChatViewHarness, items: ChatItem[], running = false): Promise<ChatView> {
  const view = await harness.open();
  await view.deliver(conversation(items, { running }));
  await view.nextFrame();
  return view;
}

export function longConversationSpecs(harness: () => ChatViewHarness): void {
  it('opens a 5,000-item conversation at its end with only the items near the view in the page', async () => {
    const items = longConversation(5_000);
    const view = await openLong(harness(), items);
    const { page } = view;
    const shown = await shownItems(page);
    assert.ok(shown > 0 && shown <= maxShown, `${shown} items in the page`);
    assert.ok(await inView(page, (items.at(-1) as ChatItem).id), 'the last item is in view');
    assert.ok(await distanceFromBottom(page) <= 2, 'scrolled to the end');
    assert.deepEqual(view.errors, []);
  });

  it('shows the first item after Home, and the last again after End, keeping the page small', async () => {
    const items = longConversation(5_000);
    const view = await openLong(harness(), items);
    const { page } = view;
    await pressUntilInView(view, 'Home', 'u0');
    assert.equal(await page.locator('#messages > .item').first().getAttribute('data-item-id'), 'u0');
    assert.equal(await page.evaluate(() => (document.querySelector('#messages') as HTMLElement).scrollTop), 0);
    assert.ok(await shownItems(page) <= maxShown);
    await pressUntilInView(view, 'End', (items.at(-1) as ChatItem).id);
    assert.ok(await shownItems(page) <= maxShown);
  });

  it('scrolling up by PageUp moves a screen at a time without jumping', async () => {
    const view = await openLong(harness(), longConversation(5_000));
    const { page } = view;
    await page.locator('#messages').focus();
    const positions: number[] = [];
    for (let step = 0; step < 12; step++) {
      positions.push(await page.evaluate(() => (document.querySelector('#messages') as HTMLElement).scrollHeight - (document.querySelector('#messages') as HTMLElement).scrollTop));
      await page.keyboard.press('PageUp');
      await view.nextFrame();
    }
    const steps = positions.slice(1).map((position, index) => position - (positions[index] as number));
    const screen = await page.evaluate(() => (document.querySelector('#messages') as HTMLElement).clientHeight);
    for (const step of steps) assert.ok(step > screen * 0.8 && step < screen, `each PageUp moves about a screen (${steps.join(', ')} px for ${screen})`);
  });

  it('scrolling up by the wheel moves what is shown by the wheel\'s distance, with no jump as items come and go', async () => {
    const view = await openLong(harness(), longConversation(5_000));
    const { page } = view;
    await page.locator('#messages').hover();
    const moves: number[] = [];
    for (let step = 0; step < 15; step++) {
      const before = await page.evaluate(() => {
        const list = (document.querySelector('#messages') as HTMLElement).getBoundingClientRect();
        const item = [...document.querySelectorAll<HTMLElement>('#messages > .item')].find((element) => element.getBoundingClientRect().bottom > list.top + 50);
        return { id: item?.dataset.itemId ?? '', top: item?.getBoundingClientRect().top ?? 0 };
      });
      await page.mouse.wheel(0, -300);
      await page.waitForFunction((id) => {
        const item = document.querySelector(`#messages > [data-item-id="${id}"]`);
        return item !== null && item.getBoundingClientRect().top !== 0;
      }, before.id);
      await view.nextFrame();
      const top = await page.evaluate((id) => document.querySelector(`#messages > [data-item-id="${id}"]`)?.getBoundingClientRect().top ?? Number.NaN, before.id);
      moves.push(Math.round(top - before.top));
    }
    assert.ok(moves.every((move) => Math.abs(move - 300) <= 2), `what is shown moves 300 px a notch (${moves.join(', ')})`);
  });

  it('follows the bottom while a reply streams into a 5,000-item conversation', async () => {
    const view = await openLong(harness(), [...longConversation(5_000), assistant('live', '')], true);
    const { page } = view;
    await view.deliver(...deltas('live', 'A line of the reply.\n\n'.repeat(60), 9));
    await view.nextFrame();
    assert.ok(await distanceFromBottom(page) <= 2, 'pinned to the bottom');
    assert.ok(await inView(page, 'live'));
    assert.match(await page.locator('[data-item-id="live"] .markdown').innerText(), /A line of the reply\.$/);
    await view.deliver({ type: 'itemAdded', item: assistant('next', 'And one more.') });
    await view.nextFrame();
    assert.ok(await inView(page, 'next') && await distanceFromBottom(page) <= 2);
    assert.ok(await shownItems(page) <= maxShown);
  });

  it('keeps a tool card the user opened open after scrolling far away and back', async () => {
    const items = longConversation(5_000);
    const view = await openLong(harness(), items);
    const { page } = view;
    const card = page.locator('#messages > [data-item-id="c499"] .tool-card');
    await card.locator('summary').click();
    assert.equal(await card.getAttribute('open'), '');
    await pressUntilInView(view, 'Home', 'u0');
    assert.equal(await page.locator('[data-item-id="c499"]').count(), 0, 'out of the page while far away');
    await pressUntilInView(view, 'End', 'l499');
    await page.locator('[data-item-id="c499"]').waitFor({ state: 'attached' });
    assert.equal(await card.getAttribute('open'), '', 'still open');
  });

  it('brings a question arriving far below into view while the user reads the top', async () => {
    const items: ChatItem[] = [...longConversation(5_000), tool('ask1', { name: 'run_command', toolKind: 'command', title: 'Run npm test' })];
    const view = await openLong(harness(), items, true);
    const { page } = view;
    await pressUntilInView(view, 'Home', 'u0');
    await view.deliver({ type: 'itemUpdated', item: asking('ask1') });
    await view.nextFrame();
    assert.ok(await inView(page, 'ask1'), 'the question is in view');
    assert.ok(await page.locator('[data-item-id="ask1"] .approval-allow').isVisible());
  });

  it('keeps a pending question answerable, its half-typed reason kept, after the user scrolled far up', async () => {
    const items: ChatItem[] = [...longConversation(5_000), asking('ask1')];
    const view = await openLong(harness(), items, true);
    const { page } = view;
    const question = page.locator('#messages > [data-item-id="ask1"]');
    await question.locator('.approval-reason-toggle').click();
    await question.locator('.approval-reason').fill('Use npm ci first.');
    await pressUntilInView(view, 'Home', 'u0');
    assert.equal(await question.count(), 0, 'out of the page while far away');
    await pressUntilInView(view, 'End', 'ask1');
    assert.equal(await question.locator('.approval-reason').inputValue(), 'Use npm ci first.');
    await question.locator('.approval-send-reason').click();
    assert.deepEqual(await view.postedOfType('resolveApproval'), [{ type: 'resolveApproval', itemId: 'ask1', decision: 'deny', reason: 'Use npm ci first.' }]);
  });

  it('keeps "Restore checkpoint" on a user message shown again after scrolling away', async () => {
    const items = longConversation(5_000);
    const view = await openLong(harness(), items);
    const { page } = view;
    await view.deliver({ type: 'checkpoints', itemIds: ['u0', 'u499'] });
    assert.ok(await page.locator('[data-item-id="u499"] .restore-checkpoint').isVisible());
    await pressUntilInView(view, 'Home', 'u0');
    assert.ok(await page.locator('[data-item-id="u0"] .restore-checkpoint').isVisible(), 'made with its checkpoint');
    assert.ok(await page.locator('[data-item-id="u1"] .restore-checkpoint').isHidden());
    await pressUntilInView(view, 'End', 'l499');
    await page.locator('[data-item-id="u499"]').waitFor();
    assert.ok(await page.locator('[data-item-id="u499"] .restore-checkpoint').isVisible());
  });

  it('keeps a reply streamed far below while the user reads the top, and shows it whole on return', async () => {
    const view = await openLong(harness(), [...longConversation(5_000), assistant('live', '')], true);
    const { page } = view;
    await pressUntilInView(view, 'Home', 'u0');
    await view.deliver(...deltas('live', 'Streamed while away. '.repeat(20), 11));
    await view.deliver({ type: 'running', running: false });
    assert.ok(await page.locator('[data-item-id="u0"]').isVisible(), 'the user stays where they were reading');
    await pressUntilInView(view, 'End', 'live');
    assert.equal(await page.locator('[data-item-id="live"] .markdown').innerText(), 'Streamed while away. '.repeat(20).trim());
  });
}
