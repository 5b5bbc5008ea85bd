import assert from 'node:assert/strict';
import type { ChatViewHarness } from '../support/chatViewHarness';
import { assistant, conversation, error, notice, tool, user } from '../support/chatFixtures';

export function itemSpecs(harness: () => ChatViewHarness): void {
  it('shows a tool card going from running to done, with its title, icon and expandable arguments and result', async () => {
    const view = await harness().open();
    const { page } = view;
    await view.deliver(conversation([user('u1', 'Read it')], { running: true }), { type: 'itemAdded', item: tool('call_1', { arguments: '{"path":"src/app.ts","offset":1}' }) });
    const card = page.locator('#messages > .item-tool[data-item-id="call_1"] .tool-card');
    assert.equal(await card.getAttribute('data-status'), 'running');
    assert.equal(await card.locator('.tool-title').innerText(), 'Read src/app.ts');
    assert.equal(await card.locator('.tool-icon').getAttribute('class'), 'codicon codicon-file tool-icon');
    assert.ok(await card.locator('.tool-status.codicon-loading.codicon-modifier-spin').isVisible());
    assert.equal(await card.getAttribute('open'), null, 'collapsed by default');

    await card.locator('summary').click();
    assert.equal(await card.locator('.tool-arguments').innerText(), '{\n  "path": "src/app.ts",\n  "offset": 1\n}');
    await view.deliver({ type: 'itemUpdated', item: tool('call_1', { status: 'done', title: 'Read src/app.ts (40 lines)', result: '1\tconst a = 1;\n2\t<b>not bold</b>' }) });
    assert.equal(await card.getAttribute('data-status'), 'done');
    assert.equal(await card.locator('.tool-title').innerText(), 'Read src/app.ts (40 lines)');
    assert.ok(await card.locator('.tool-status.codicon-check').isVisible());
    assert.equal(await card.getAttribute('open'), '', 'an update keeps the card open');
    assert.equal(await card.locator('.tool-result').innerText(), '1\tconst a = 1;\n2\t<b>not bold</b>');
    assert.equal(await card.locator('.tool-result b').count(), 0);

    await view.deliver({ type: 'itemAdded', item: tool('call_2', { name: 'edit_file', toolKind: 'edit', title: 'Edit a.ts', status: 'error', result: 'old text not found' }) });
    const failed = page.locator('[data-item-id="call_2"] .tool-card');
    assert.equal(await failed.getAttribute('data-status'), 'error');
    assert.ok(await failed.locator('.tool-icon.codicon-edit').count() === 1);
    assert.ok(await failed.locator('.tool-status.codicon-error').isVisible());
    await view.deliver({ type: 'itemAdded', item: tool('call_3', { name: 'mystery_tool', toolKind: 'unknown', title: 'Mystery' }) });
    assert.equal(await page.locator('[data-item-id="call_3"] .tool-icon.codicon-tools').count(), 1);
    // Saved before cards carried the kind: the generic icon.
    await view.deliver({ type: 'itemAdded', item: { kind: 'tool', id: 'call_4', name: 'read_file', title: 'Read a.ts', status: 'done', arguments: '{}', result: '' } });
    assert.equal(await page.locator('[data-item-id="call_4"] .tool-icon.codicon-tools').count(), 1);
  });

  it('shows an error with a Retry button that posts retry', async () => {
    const view = await harness().open();
    const { page } = view;
    await view.deliver(conversation([user('u1', 'Go'), error('e1', 'Overloaded (529)', true)]));
    const retry = page.locator('[data-item-id="e1"] .retry-button');
    assert.equal(await page.locator('[data-item-id="e1"] .error-message').innerText(), 'Overloaded (529)');
    assert.ok(await retry.isVisible());
    await retry.click();
    assert.deepEqual(await view.postedOfType('retry'), [{ type: 'retry' }]);

    await view.deliver({ type: 'running', running: true });
    assert.ok(!(await retry.isVisible()), 'no retry while a request runs');
    await view.deliver({ type: 'running', running: false });
    assert.ok(await retry.isVisible());
  });

  it('offers Retry for a non-retryable error only while it is the last item', async () => {
    const view = await harness().open();
    const { page } = view;
    await view.deliver(conversation([user('u1', 'Go'), error('e1', 'Invalid API key (401)', false)]));
    const retry = page.locator('[data-item-id="e1"] .retry-button');
    assert.ok(await retry.isVisible(), 'the user may have fixed the key since');
    await view.deliver({ type: 'itemAdded', item: user('u2', 'Again') }, { type: 'itemAdded', item: assistant('a2', 'Hi') });
    assert.ok(!(await retry.isVisible()));
    assert.equal(await page.locator('.retry-button:visible').count(), 0);
  });

  it('shows user text verbatim with its chips, assistant markdown, and muted notices', async () => {
    const view = await harness().open();
    const { page } = view;
    await view.deliver(conversation([
      user('u1', 'Line one\n  *not markdown*\n<i>raw</i>', [{ id: 'x', kind: 'selection', path: 'src/a.ts', startLine: 4, endLine: 4 }]),
      assistant('a1', 'A *reply*'),
      notice('n1', 'Stopped after 50 turns.'),
    ]));
    const userItem = page.locator('#messages > .item-user');
    assert.equal(await userItem.locator('.user-text').innerText(), 'Line one\n  *not markdown*\n<i>raw</i>');
    assert.equal(await userItem.locator('i').count(), 0);
    assert.deepEqual(await userItem.locator('.chip').allInnerTexts(), ['src/a.ts:4']);
    assert.equal(await userItem.locator('.chip-remove').count(), 0, 'sent chips are read-only');
    assert.equal(await page.locator('#messages > .item-assistant .markdown em').innerText(), 'reply');
    assert.equal(await page.locator('#messages > .item-notice').innerText(), 'Stopped after 50 turns.');
    assert.deepEqual(
      await page.locator('#messages > .item').evaluateAll((items) => items.map((item) => item.className)),
      ['item item-user', 'item item-assistant', 'item item-notice'],
    );
  });

  it('keeps the bare formatting tags models use in tables, and shows any other HTML as text', async () => {
    const view = await harness().open();
    const { page } = view;
    await view.deliver(conversation([assistant('a1', '| Keys | Effect |\n| --- | --- |\n| <kbd>Ctrl</kbd>+<kbd>S</kbd> | save<br>and format |\n\nUse <b title="x">this</b> and <div class="x">that</div>.')]));
    const markdown = page.locator('#messages .markdown');
    assert.equal(await markdown.locator('td kbd').count(), 2);
    assert.equal(await markdown.locator('td br').count(), 1);
    assert.equal(await markdown.locator('b, div.x').count(), 0);
    assert.match(await markdown.locator('p').innerText(), /Use <b title="x">this<\/b> and <div class="x">that<\/div>\./);
  });

  it('replaces everything on a new conversation and applies its running state', async () => {
    const view = await harness().open();
    const { page } = view;
    await view.deliver(conversation([user('u1', 'old'), assistant('a1', 'old reply')], { running: true }));
    await view.deliver(conversation([user('u9', 'new')], { id: 'c2', running: false }));
    assert.deepEqual(await page.locator('#messages > .item').evaluateAll((items) => items.map((item) => (item as HTMLElement).dataset.itemId)), ['u9']);
    assert.equal(await page.evaluate(() => document.body.dataset.running), 'false');
  });
}
