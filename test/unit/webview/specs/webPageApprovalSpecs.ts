import assert from 'node:assert/strict';
import type { Approval, ChatItemOf } from '../../../../src/protocol/chatItems';
import type { ChatViewHarness } from '../support/chatViewHarness';
import { conversation, tool, user } from '../support/chatFixtures';

const url = 'https://developer.mozilla.org/en-US/docs/Web/API/Fetch_API/Using_Fetch?with=a-rather-long-query-string-that-must-wrap';

const asked: Approval = {
  kind: 'webPage',
  title: 'Read this web page?',
  detail: url,
  reasons: ['fetch_url asks before it reads a page of developer.mozilla.org. It sends no cookies or keys.'],
  alwaysAllow: ['developer.mozilla.org'],
  state: 'pending',
};

function fetchCall(id: string, approval: Approval): ChatItemOf<'tool'> {
  return tool(id, { name: 'fetch_url', toolKind: 'web', title: `Reading ${url}`, arguments: JSON.stringify({ url }), approval });
}

/** The question before fetch_url reads a page of a new domain. */
export function webPageApprovalSpecs(harness: () => ChatViewHarness): void {
  it('asks to read a web page in a 300 px side bar: the URL whole, Allow once by keyboard, Always for this domain, Deny', async () => {
    const view = await harness().open({ width: 300, height: 600 });
    await view.deliver(conversation([user('u1', 'Read the docs')], { running: true }));
    await view.page.locator('#messages').focus();
    await view.deliver({ type: 'itemAdded', item: fetchCall('t1', asked) });
    await view.nextFrame();
    const { page } = view;
    const card = page.locator('#messages > .item-tool[data-item-id="t1"] .tool-card');
    assert.equal(await card.locator('.approval-title').innerText(), 'Read this web page?');
    assert.match((await card.locator('.approval-title-icon').getAttribute('class')) ?? '', /codicon-globe/);
    assert.equal(await card.locator('.approval-detail').innerText(), url);
    assert.ok(await card.locator('.tool-arguments').isHidden(), 'the URL is not repeated below');
    assert.deepEqual(await card.locator('.approval-actions > button:visible').allInnerTexts(), ['Allow once', 'Always for this domain', 'Deny', 'Deny with reason…']);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    assert.equal(overflow, 0, 'nothing sticks out of the side bar');
    const box = await card.locator('.approval-actions').first().boundingBox();
    assert.ok(box !== null && box.x + box.width <= 300);

    assert.match(await page.evaluate(() => document.activeElement?.className ?? ''), /^approval$/, 'the keyboard lands on the question, not on Allow once');
    await page.keyboard.press('Enter');
    assert.deepEqual(await view.postedOfType('resolveApproval'), [], 'Enter on the question answers nothing');
    await page.keyboard.press('Tab');
    assert.match(await page.evaluate(() => document.activeElement?.className ?? ''), /approval-allow/, 'Allow once is a Tab away');
    await page.keyboard.press('Enter');
    await view.deliver({ type: 'itemAdded', item: fetchCall('t2', asked) });
    await page.locator('#messages > .item-tool[data-item-id="t2"] .approval-always').click();
    assert.deepEqual(await view.postedOfType('resolveApproval'), [
      { type: 'resolveApproval', itemId: 't1', decision: 'allow' },
      { type: 'resolveApproval', itemId: 't2', decision: 'alwaysAllow' },
    ]);
    assert.deepEqual(view.errors, []);
  });
}
