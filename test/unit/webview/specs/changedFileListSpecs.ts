import assert from 'node:assert/strict';
import type { Locator, Page } from 'playwright-core';
import type { ChatItemOf, ToolChangedFile } from '../../../../src/protocol/chatItems';
import type { ChatViewHarness } from '../support/chatViewHarness';
import { conversation, tool, user } from '../support/chatFixtures';

const longFolder = 'packages/server/src/handlers/authentication/providers';

const patched: ToolChangedFile[] = [
  { uri: 'file:///work/src/app.ts', path: 'src/app.ts', change: 'modified', added: 3, removed: 1, review: 'pending' },
  { uri: 'file:///work/docs/new.md', path: 'docs/new.md', change: 'created', added: 4, removed: 0, review: 'accepted' },
  { uri: `file:///work/${longFolder}/oauthCallback.ts`, path: `${longFolder}/oauthCallback.ts`, change: 'moved', from: { uri: 'file:///work/lib/callback.ts', path: 'lib/callback.ts', review: 'pending' }, added: 2, removed: 2, review: 'pending' },
  { uri: 'file:///work/old.txt', path: 'old.txt', change: 'deleted', added: 0, removed: 5, review: 'rejected' },
];

function patch(id: string, files: ToolChangedFile[], fields: Partial<ChatItemOf<'tool'>> = {}): ChatItemOf<'tool'> {
  return tool(id, { name: 'apply_patch', toolKind: 'edit', status: 'done', title: 'Patched src/app.ts, docs/new.md, lib/callback.ts → oauthCallback.ts, old.txt +9 −8', changedFiles: files, review: 'pending', ...fields });
}

function rows(page: Page, itemId: string): Locator {
  return page.locator(`#messages > .item-tool[data-item-id="${itemId}"] .tool-files > .tool-file`);
}

async function focusedUri(page: Page): Promise<string | undefined> {
  return page.evaluate(() => (document.activeElement?.closest('.tool-file') as HTMLElement | null)?.dataset.uri);
}

/** The card of a call that changed several files lists them, each a way to its own diff. */
export function changedFileListSpecs(harness: () => ChatViewHarness): void {
  it('lists every file a call changed under its card, how each changed, its counts and its own review', async () => {
    const view = await harness().open();
    const { page } = view;
    await view.deliver(conversation([user('u1', 'Patch it'), patch('t1', patched)]));
    const listed = rows(page, 't1');
    assert.equal(await listed.count(), 4);
    assert.deepEqual(await listed.locator('.tool-file-path').allTextContents(), ['src/app.ts', 'docs/new.md', `lib/callback.ts → ${longFolder}/oauthCallback.ts`, 'old.txt']);
    assert.deepEqual(await listed.evaluateAll((items) => items.map((item) => (item as HTMLElement).dataset.change)), ['modified', 'created', 'moved', 'deleted']);
    assert.deepEqual(await listed.locator('.tool-file-icon').evaluateAll((icons) => icons.map((icon) => icon.classList[1])), ['codicon-diff-modified', 'codicon-diff-added', 'codicon-diff-renamed', 'codicon-diff-removed']);
    assert.deepEqual(await listed.locator('.tool-file-counts').allTextContents(), ['+3−1', '+4−0', '+2−2', '+0−5']);
    assert.deepEqual(await listed.evaluateAll((items) => items.map((item) => (item as HTMLElement).dataset.review)), ['pending', 'accepted', 'pending', 'rejected']);
    assert.deepEqual(await listed.locator('.tool-review').evaluateAll((markers) => markers.map((marker) => marker.getAttribute('aria-label'))), [
      'Waiting for your review: accept or reject it in the editor',
      'You accepted this change',
      'Waiting for your review: accept or reject it in the editor',
      'You rejected this change: the file is back as it was',
    ]);
    assert.equal(await listed.nth(2).locator('.tool-file-open').getAttribute('aria-label'), `Open diff of lib/callback.ts → ${longFolder}/oauthCallback.ts, moved, 2 lines added, 2 lines removed`);
    const card = page.locator('#messages > .item-tool[data-item-id="t1"] .tool-card');
    assert.equal(await card.locator('.tool-open-diff').count(), 0, 'the summary has no one link that could not say which file');
    assert.ok(await listed.first().isVisible(), 'shown with the card closed');
    assert.equal(await card.getAttribute('open'), null);

    // A move both of whose places were decided differently was partly rejected.
    const decided = patched.map((file) => ({ ...file, review: 'accepted' as const, ...(file.from === undefined ? {} : { from: { ...file.from, review: 'rejected' as const } }) }));
    await view.deliver({ type: 'itemUpdated', item: patch('t1', decided, { review: 'partlyRejected' }) });
    assert.deepEqual(await listed.evaluateAll((items) => items.map((item) => (item as HTMLElement).dataset.review)), ['accepted', 'accepted', 'partlyRejected', 'accepted']);
    assert.deepEqual(view.errors, []);
  });

  it('opens each file’s diff from its row, by mouse and by keyboard, Tab going from row to row, without opening the card', async () => {
    const view = await harness().open();
    const { page } = view;
    await view.deliver(conversation([user('u1', 'Patch it'), patch('t1', patched)]));
    const listed = rows(page, 't1');
    await listed.nth(1).locator('.tool-file-open').click();
    assert.deepEqual(await view.postedOfType('openDiff'), [{ type: 'openDiff', uri: 'file:///work/docs/new.md' }]);

    await listed.first().locator('.tool-file-open').focus();
    const reached = [await focusedUri(page)];
    for (let step = 0; step < 3; step++) {
      await page.keyboard.press('Tab');
      reached.push(await focusedUri(page));
    }
    assert.deepEqual(reached, patched.map((file) => file.uri), 'each row is one stop');
    await page.keyboard.press('Enter');
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press(' ');
    assert.deepEqual((await view.postedOfType('openDiff')).slice(1), [
      { type: 'openDiff', uri: 'file:///work/old.txt' },
      { type: 'openDiff', uri: patched[2]?.uri },
    ], 'a move opens the diff of the file at its new place');
    assert.equal(await page.locator('#messages > .item-tool[data-item-id="t1"] .tool-card').getAttribute('open'), null);
  });

  it('keeps a one-file card as it was: its Open diff and review in the summary, no list; an item saved before cards listed files still shows', async () => {
    const view = await harness().open();
    const { page } = view;
    await view.deliver(conversation([
      user('u1', 'Fix it'),
      tool('old', { name: 'edit_file', toolKind: 'edit', status: 'done', title: 'Edited src/app.ts +2 −1', changedFiles: [{ uri: 'file:///work/src/app.ts', path: 'src/app.ts' }], review: 'pending' }),
      patch('one', [{ uri: 'file:///work/b.ts', path: 'b.ts', change: 'modified', added: 1, removed: 1, review: 'accepted' }], { title: 'Patched b.ts +1 −1', review: 'accepted' }),
    ]));
    for (const [id, uri] of [['old', 'file:///work/src/app.ts'], ['one', 'file:///work/b.ts']] as const) {
      const card = page.locator(`#messages > .item-tool[data-item-id="${id}"]`);
      assert.equal(await card.locator('.tool-files:not([hidden]) > .tool-file').count(), 0, id);
      await card.locator('.tool-summary .tool-open-diff').click();
      assert.deepEqual((await view.postedOfType('openDiff')).at(-1), { type: 'openDiff', uri }, id);
    }
    assert.equal(await page.locator('[data-item-id="old"] .tool-card').getAttribute('data-review'), 'pending');
    assert.equal(await page.locator('[data-item-id="one"] .tool-card').getAttribute('data-review'), 'accepted');

    await view.deliver({ type: 'itemUpdated', item: patch('one', patched.slice(0, 2)) });
    assert.equal(await rows(page, 'one').count(), 2, 'a card whose call changes a second file gets the list');
    await view.deliver({ type: 'itemUpdated', item: patch('one', patched.slice(0, 1)) });
    assert.ok(await page.locator('[data-item-id="one"] .tool-files').isHidden());
    assert.deepEqual(view.errors, []);
  });

  for (const width of [300, 280]) {
    it(`fits the list in a ${width} px side bar: a long path gives up its start, never the name, counts or review; the full path is the tooltip`, async () => {
      const view = await harness().open({ width, height: 400 });
      const { page } = view;
      await view.deliver(conversation([user('u1', 'Patch it'), patch('t1', patched)]));
      const moved = rows(page, 't1').nth(2);
      assert.equal(await moved.locator('.tool-file-open').getAttribute('title'), `Open diff of lib/callback.ts → ${longFolder}/oauthCallback.ts`);
      const layout = await moved.evaluate((row) => {
        const box = (selector: string): DOMRect => (row.querySelector(selector) as HTMLElement).getBoundingClientRect();
        const path = row.querySelector('.tool-file-path') as HTMLElement;
        const list = (row.closest('.tool-files') as HTMLElement).getBoundingClientRect();
        const text = document.createRange();
        text.selectNodeContents(path);
        return {
          clipped: path.scrollWidth > path.clientWidth,
          // The path runs right to left: what shows is its end, where the file's name is.
          endShown: Math.abs(text.getBoundingClientRect().right - path.getBoundingClientRect().right) < 1,
          countsInside: box('.tool-file-counts').right <= list.right && box('.tool-file-counts').width > 0,
          reviewInside: box('.tool-review').right <= list.right && box('.tool-review').width > 0,
          listInside: list.right <= document.documentElement.clientWidth,
        };
      });
      assert.deepEqual(layout, { clipped: true, endShown: true, countsInside: true, reviewInside: true, listInside: true });
      assert.deepEqual(view.errors, []);
    });
  }
}
