import assert from 'node:assert/strict';
import type { Locator, Page } from 'playwright-core';
import type { ChangedFile, ChatItemOf, Proposal } from '../../../../src/protocol/chatItems';
import type { ChatViewHarness, HarnessWindow } from '../support/chatViewHarness';
import { assistant, conversation, tool, user } from '../support/chatFixtures';

const files: ChangedFile[] = [
  { uri: 'file:///work/src/app.ts', path: 'src/app.ts', status: 'modified', added: 10, removed: 2 },
  { uri: 'file:///work/src/new.ts', path: 'src/new.ts', status: 'created', added: 2, removed: 0 },
  { uri: 'file:///work/old.txt', path: 'old.txt', status: 'deleted', added: 0, removed: 3 },
];

const diff = [
  '--- a/src/app.ts',
  '+++ b/src/app.ts',
  '@@ -1,4 +1,4 @@',
  ' const a = 1;',
  '--- a comment that was removed',
  '-const b = 2;',
  '+const b = 3;',
  ' export { a, b };',
  '\\ No newline at end of file',
  '',
].join('\n');

function edit(id: string, proposal: Proposal | undefined, fields: Partial<ChatItemOf<'tool'>> = {}): ChatItemOf<'tool'> {
  return tool(id, { name: 'edit_file', title: 'Edit src/app.ts', arguments: '{"path":"src/app.ts"}', proposal, ...fields });
}

const pending = (feedback?: string): Proposal => ({ diff, state: 'pending', ...(feedback === undefined ? {} : { feedback }) });

function card(page: Page, itemId: string): Locator {
  return page.locator(`#messages > .item-tool[data-item-id="${itemId}"] .tool-card`);
}

async function dataUris(page: Page): Promise<(string | undefined)[]> {
  return page.locator('#changes .changed-file').evaluateAll((rows) => rows.map((row) => (row as HTMLElement).dataset.uri));
}

async function focusedClass(page: Page): Promise<string> {
  return page.evaluate(() => document.activeElement?.className ?? '');
}

export function reviewSpecs(harness: () => ChatViewHarness): void {
  it('names the proposal it answers, so a later proposal on the same card gets its own answer', async () => {
    const view = await harness().open();
    const { page } = view;
    await view.deliver(conversation([user('u1', 'Change b')], { running: true }), { type: 'itemAdded', item: edit('t1', { ...pending(), question: 'q3' }) });
    await card(page, 't1').locator('.proposal-reject').click();
    await view.deliver({ type: 'itemUpdated', item: edit('t1', { ...pending(), question: 'q4' }) });
    await card(page, 't1').locator('.proposal-apply').click();
    assert.deepEqual(await view.postedOfType('resolveProposal'), [
      { type: 'resolveProposal', itemId: 't1', decision: 'reject', question: 'q3' },
      { type: 'resolveProposal', itemId: 't1', decision: 'apply', question: 'q4' },
    ]);
  });

  it('lists the changed files between the conversation and the composer, with counts, and hides the list when nothing is left', async () => {
    const view = await harness().open();
    const { page } = view;
    await view.deliver(conversation([user('u1', 'Fix it')]));
    const changes = page.locator('#changes');
    assert.ok(await changes.isHidden(), 'nothing to review yet');

    await view.deliver({ type: 'changes', files });
    assert.ok(await changes.isVisible());
    assert.deepEqual(
      await page.evaluate(() => [...document.querySelectorAll('#main > *')].map((element) => element.id || element.className)),
      ['header', 'context-bar', 'progress', 'auto-approve-banner', 'sandbox-banner', 'welcome', 'conversation-area', 'changes', 'todo-list', 'retry-wait', 'queued-messages', 'composer'],
      'placed between the messages and the composer',
    );
    assert.equal(await changes.locator('.changes-title').textContent(), 'Changes');
    assert.equal(await changes.locator('.changes-count').textContent(), '3');
    assert.equal(await changes.locator('.changes-totals .lines-added').textContent(), '+12');
    assert.equal(await changes.locator('.changes-totals .lines-removed').textContent(), '−5');
    assert.deepEqual(await dataUris(page), files.map((file) => file.uri));
    assert.deepEqual(await changes.locator('.changed-file-open').allTextContents(), ['src/app.ts', 'src/new.ts', 'old.txt']);
    const row = (index: number) => changes.locator('.changed-file').nth(index);
    assert.equal(await row(0).locator('.changed-file-status').count(), 0, 'a modified file needs no badge');
    assert.equal(await row(1).locator('.changed-file-status').textContent(), 'new');
    assert.equal(await row(2).locator('.changed-file-status').textContent(), 'deleted');
    assert.deepEqual(await row(0).locator('.changed-file-counts > span').allTextContents(), ['+10', '−2']);
    assert.deepEqual(await row(2).locator('.changed-file-counts > span').allTextContents(), ['+0', '−3']);

    // The counts are green and red in the theme's colours (VS Code sets the theme as variables on <html>).
    await page.evaluate(() => {
      document.documentElement.style.setProperty('--vscode-gitDecoration-addedResourceForeground', 'rgb(0, 128, 0)');
      document.documentElement.style.setProperty('--vscode-gitDecoration-deletedResourceForeground', 'rgb(200, 0, 0)');
    });
    assert.equal(await row(0).locator('.lines-added').evaluate((element) => getComputedStyle(element).color), 'rgb(0, 128, 0)');
    assert.equal(await row(0).locator('.lines-removed').evaluate((element) => getComputedStyle(element).color), 'rgb(200, 0, 0)');

    const toggle = changes.locator('.changes-toggle');
    await toggle.click();
    assert.equal(await toggle.getAttribute('aria-expanded'), 'false');
    assert.ok(await changes.locator('.changes-list').isHidden(), 'collapsed');
    assert.ok(await page.locator('#accept-all').isVisible(), 'Accept all stays at hand');
    await view.deliver({ type: 'changes', files: files.slice(1) });
    assert.ok(await changes.locator('.changes-list').isHidden(), 'stays collapsed through an update');
    await toggle.press('Enter');
    assert.equal(await toggle.getAttribute('aria-expanded'), 'true');
    assert.deepEqual(await dataUris(page), [files[1]?.uri, files[2]?.uri]);

    await view.deliver({ type: 'changes', files: [] });
    assert.ok(await changes.isHidden(), 'hidden when nothing is left to review');
    assert.deepEqual(view.errors, []);
    assert.deepEqual(await view.cspViolations(), []);
  });

  it('posts each review action from the Changes list, by mouse and by keyboard', async () => {
    const view = await harness().open();
    const { page } = view;
    await view.deliver(conversation([]), { type: 'changes', files });
    const row = page.locator('#changes .changed-file[data-uri="file:///work/src/new.ts"]');
    await row.locator('.changed-file-open').click();
    await row.locator('.changed-file-diff').click();
    await row.locator('.changed-file-accept').click();
    await row.locator('.changed-file-reject').click();
    await page.locator('#accept-all').click();
    await page.locator('#reject-all').click();
    const uri = 'file:///work/src/new.ts';
    assert.deepEqual((await view.posted()).filter((message) => message.type !== 'ready'), [
      { type: 'openChangedFile', uri },
      { type: 'openDiff', uri },
      { type: 'acceptFile', uri },
      { type: 'rejectFile', uri },
      { type: 'acceptAll' },
      { type: 'rejectAll' },
    ]);
    for (const button of await page.locator('#changes button').all()) {
      const label = (await button.getAttribute('aria-label')) ?? (await button.getAttribute('title')) ?? '';
      assert.notEqual(label, '', `${await button.evaluate((element) => element.outerHTML)} has a name`);
    }
    assert.match((await row.locator('.changed-file-reject').getAttribute('aria-label')) ?? '', /src\/new\.ts/);

    await view.clearPosted();
    await page.locator('#changes .changed-file').first().locator('.changed-file-open').focus();
    await page.keyboard.press('Tab');
    assert.match(await focusedClass(page), /changed-file-diff/);
    await page.keyboard.press('Tab');
    assert.match(await focusedClass(page), /changed-file-accept/);
    await page.keyboard.press('Tab');
    assert.match(await focusedClass(page), /changed-file-reject/);
    await page.keyboard.press('Enter');
    assert.deepEqual(await view.posted(), [{ type: 'rejectFile', uri: 'file:///work/src/app.ts' }]);

    // The rejected file leaves the list: the focus moves to the same button of the file now in its place.
    await view.deliver({ type: 'changes', files: files.slice(1) });
    assert.match(await focusedClass(page), /changed-file-reject/);
    assert.equal(await page.evaluate(() => (document.activeElement?.closest('.changed-file') as HTMLElement | null)?.dataset.uri), 'file:///work/src/new.ts');
    await view.deliver({ type: 'changes', files: [] });
    assert.equal(await page.evaluate(() => document.activeElement?.id), 'prompt', 'the focus goes to the prompt when the list goes');
  });

  it('offers Open diff on an edit card, which posts openDiff without opening or closing the card', async () => {
    const view = await harness().open();
    const { page } = view;
    await view.deliver(conversation([
      tool('t1', { name: 'edit_file', status: 'done', title: 'Edited src/app.ts +2 −1', changedFiles: [{ uri: 'file:///work/src/app.ts', path: 'src/app.ts' }] }),
      tool('t2', { status: 'done' }),
    ]));
    const edited = card(page, 't1');
    const openDiff = edited.locator('.tool-summary .tool-open-diff');
    assert.ok(await openDiff.isVisible());
    assert.equal(await openDiff.innerText(), 'Open diff');
    assert.equal(await openDiff.getAttribute('aria-label'), 'Open diff');
    assert.equal(await openDiff.locator('.codicon-diff').count(), 1);
    assert.equal(await card(page, 't2').locator('.tool-open-diff').count(), 0, 'only for calls that changed a file');

    await openDiff.click();
    assert.equal(await edited.getAttribute('open'), null, 'the card stays closed');
    await edited.locator('summary').click({ position: { x: 4, y: 4 } });
    assert.equal(await edited.getAttribute('open'), '');
    await openDiff.click();
    assert.equal(await edited.getAttribute('open'), '', 'the card stays open');
    await openDiff.press('Enter');
    await openDiff.press(' ');
    assert.equal(await edited.getAttribute('open'), '', 'nor by keyboard');
    assert.deepEqual(await view.postedOfType('openDiff'), Array(4).fill({ type: 'openDiff', uri: 'file:///work/src/app.ts' }));

    await view.deliver({ type: 'itemUpdated', item: tool('t2', { status: 'done', changedFiles: [{ uri: 'file:///work/b.ts', path: 'b.ts' }] }) });
    await card(page, 't2').locator('.tool-open-diff').click();
    assert.deepEqual((await view.postedOfType('openDiff')).at(-1), { type: 'openDiff', uri: 'file:///work/b.ts' }, 'a card gets the link when its call changes a file');
    await view.deliver({ type: 'itemUpdated', item: tool('t2', { status: 'done' }) });
    assert.equal(await card(page, 't2').locator('.tool-open-diff').count(), 0);
  });

  it('shows a pending proposal open, its diff coloured line by line, and posts Apply once', async () => {
    const view = await harness().open();
    const { page } = view;
    await view.deliver(conversation([user('u1', 'Change b')], { running: true }), { type: 'itemAdded', item: edit('t1', pending()) });
    const edited = card(page, 't1');
    assert.equal(await edited.getAttribute('open'), '', 'a proposal opens its card');
    assert.equal(await edited.getAttribute('data-proposal'), 'pending');
    const lines = edited.locator('.proposal pre.proposal-diff > span');
    assert.deepEqual(await lines.allTextContents(), diff.split('\n').slice(0, -1));
    assert.deepEqual(await lines.evaluateAll((spans) => spans.map((span) => span.getAttribute('class'))), [
      'diff-header', 'diff-header', 'diff-hunk', null, 'diff-remove', 'diff-remove', 'diff-add', null, null,
    ]);
    assert.equal(await edited.locator('.proposal-diff').innerText(), diff.slice(0, -1), 'one line per line');
    await page.evaluate(() => {
      document.documentElement.style.setProperty('--vscode-diffEditor-insertedLineBackground', 'rgba(0, 255, 0, 0.2)');
      document.documentElement.style.setProperty('--vscode-diffEditor-removedLineBackground', 'rgba(255, 0, 0, 0.2)');
    });
    assert.deepEqual(await lines.evaluateAll((spans) => spans.slice(3, 7).map((span) => getComputedStyle(span).backgroundColor)), [
      'rgba(0, 0, 0, 0)', 'rgba(255, 0, 0, 0.2)', 'rgba(255, 0, 0, 0.2)', 'rgba(0, 255, 0, 0.2)',
    ]);

    const apply = edited.locator('.proposal-apply');
    assert.equal(await apply.innerText(), 'Apply');
    assert.equal(await edited.locator('.proposal-reject').innerText(), 'Reject');
    assert.equal(await edited.locator('.proposal-feedback-toggle').innerText(), 'Reject with feedback…');
    assert.ok(await edited.locator('.proposal-feedback').isHidden());
    await apply.click();
    assert.deepEqual(await view.postedOfType('resolveProposal'), [{ type: 'resolveProposal', itemId: 't1', decision: 'apply' }]);
    for (const button of await edited.locator('.proposal button').all()) assert.ok(await button.isDisabled(), 'no second decision while it is applied');

    await view.deliver({ type: 'itemUpdated', item: edit('t1', pending()) });
    assert.ok(await apply.isEnabled(), 'an update that is still pending allows deciding again');
    await view.deliver({ type: 'itemUpdated', item: edit('t1', { diff, state: 'applied' }, { status: 'done', title: 'Edited src/app.ts +1 −2' }) });
    assert.equal(await edited.locator('.proposal-status').innerText(), 'Applied');
    assert.equal(await edited.locator('.proposal button:visible').count(), 0, 'no buttons once decided');
    assert.ok(await edited.locator('.proposal-diff').isVisible(), 'the diff stays');
    await edited.locator('summary').click({ position: { x: 4, y: 4 } });
    assert.ok(await edited.locator('.proposal-diff').isHidden(), 'and collapses with the card');
    assert.equal(await edited.getAttribute('data-proposal'), 'applied');
  });

  it('rejects a proposal, with or without feedback, and shows what was decided', async () => {
    const view = await harness().open();
    const { page } = view;
    await view.deliver(conversation([user('u1', 'Change b'), edit('t1', pending()), edit('t2', pending()), edit('t3', pending()), edit('t4', pending())], { running: true }));

    await card(page, 't1').locator('.proposal-reject').click();

    const second = card(page, 't2');
    const toggle = second.locator('.proposal-feedback-toggle');
    assert.equal(await toggle.getAttribute('aria-expanded'), 'false');
    await toggle.click();
    assert.equal(await toggle.getAttribute('aria-expanded'), 'true');
    const textarea = second.locator('textarea.proposal-feedback');
    assert.ok(await textarea.isVisible());
    assert.equal(await page.evaluate(() => document.activeElement?.className), 'proposal-feedback', 'the feedback box takes the focus');
    await textarea.fill('  Use a Map instead.\n');
    const send = second.locator('.proposal-send-feedback');
    assert.equal(await send.innerText(), 'Reject and tell Elbow');
    await send.click();

    const third = card(page, 't3');
    await third.locator('.proposal-feedback-toggle').click();
    await third.locator('.proposal-feedback').fill('Keep the old name');
    await third.locator('.proposal-feedback').press('Enter');
    assert.equal(await third.locator('.proposal-feedback').inputValue(), 'Keep the old name\n', 'Enter alone adds a line');
    await third.locator('.proposal-feedback').press('Control+Enter');

    const fourth = card(page, 't4');
    await fourth.locator('.proposal-feedback-toggle').click();
    await fourth.locator('.proposal-feedback').fill('   ');
    await fourth.locator('.proposal-feedback').press('Meta+Enter');

    assert.deepEqual(await view.postedOfType('resolveProposal'), [
      { type: 'resolveProposal', itemId: 't1', decision: 'reject' },
      { type: 'resolveProposal', itemId: 't2', decision: 'reject', feedback: 'Use a Map instead.' },
      { type: 'resolveProposal', itemId: 't3', decision: 'reject', feedback: 'Keep the old name' },
      { type: 'resolveProposal', itemId: 't4', decision: 'reject' },
    ]);
    assert.ok(await send.isDisabled());
    assert.ok(await textarea.isDisabled());

    await view.deliver(
      { type: 'itemUpdated', item: edit('t1', { diff, state: 'rejected' }, { status: 'error', title: 'Edit rejected' }) },
      { type: 'itemUpdated', item: edit('t2', { diff, state: 'rejected', feedback: 'Use a Map instead.' }, { status: 'error', title: 'Edit rejected' }) },
    );
    // The cards may be far enough above the view that the browser skips rendering them (content-visibility), which
    // leaves their innerText empty: the text is read from the DOM.
    assert.equal(await card(page, 't1').locator('.proposal-status').textContent(), 'Rejected');
    assert.equal(await second.locator('.proposal-status').textContent(), 'Rejected: “Use a Map instead.”');
    assert.equal(await second.locator('.proposal-status').getAttribute('title'), 'Use a Map instead.');
    assert.equal(await page.locator('[data-item-id="t1"] .proposal button:visible, [data-item-id="t2"] .proposal button:visible, [data-item-id="t2"] .proposal textarea:visible').count(), 0);
    assert.ok(await second.locator('.proposal-diff').isVisible());
  });

  it('shows a proposal that arrives already decided collapsed, with its status and no buttons', async () => {
    const view = await harness().open();
    const { page } = view;
    await view.deliver(conversation([edit('t1', { diff, state: 'rejected', feedback: 'No.' }, { status: 'error' })]));
    const edited = card(page, 't1');
    assert.equal(await edited.getAttribute('open'), null);
    await edited.locator('summary').click({ position: { x: 4, y: 4 } });
    assert.equal(await edited.locator('.proposal-status').innerText(), 'Rejected: “No.”');
    assert.equal(await edited.locator('.proposal button:visible').count(), 0);
    assert.equal(await edited.locator('.proposal-diff .diff-add').count(), 1);
  });

  it('offers Restore checkpoint on the listed user messages only, whether the list comes before or after them', async () => {
    const view = await harness().open();
    const { page } = view;
    const restoreOf = (itemId: string) => page.locator(`#messages > .item-user[data-item-id="${itemId}"] .restore-checkpoint`);
    const shown = async () => page.locator('#messages > .item-user').evaluateAll((items) => items
      .filter((item) => item.querySelector<HTMLElement>('.restore-checkpoint')?.checkVisibility() === true)
      .map((item) => (item as HTMLElement).dataset.itemId));

    await view.deliver({ type: 'checkpoints', itemIds: ['u1', 'u3'] });
    await view.deliver(conversation([user('u1', 'One'), assistant('a1', 'Done'), user('u2', 'Two')], { running: true }));
    assert.deepEqual(await shown(), ['u1']);
    await view.deliver({ type: 'itemAdded', item: user('u3', 'Three') });
    assert.deepEqual(await shown(), ['u1', 'u3'], 'items added later get it too');
    await view.deliver({ type: 'itemUpdated', item: user('u3', 'Three, edited') });
    assert.deepEqual(await shown(), ['u1', 'u3'], 'and keep it through an update');

    const restore = restoreOf('u1');
    assert.equal(await restore.innerText(), 'Restore checkpoint');
    assert.equal(await restore.getAttribute('title'), 'Roll back the files Elbow changed after this message');
    assert.equal(await restore.getAttribute('aria-label'), 'Restore checkpoint');
    await restore.click();
    await restoreOf('u3').focus();
    await page.keyboard.press('Enter');
    assert.deepEqual(await view.postedOfType('restoreCheckpoint'), [
      { type: 'restoreCheckpoint', itemId: 'u1' },
      { type: 'restoreCheckpoint', itemId: 'u3' },
    ]);

    await view.deliver({ type: 'checkpoints', itemIds: ['u2'] });
    assert.deepEqual(await shown(), ['u2']);
    await view.deliver(conversation([user('u1', 'One'), user('u2', 'Two')], { id: 'c1' }));
    assert.deepEqual(await shown(), ['u2'], 'a conversation alone does not clear the list');
    await view.deliver({ type: 'checkpoints', itemIds: [] });
    assert.deepEqual(await shown(), []);
    assert.equal(await page.locator('.restore-checkpoint:visible').count(), 0);
  });

  it('shows hostile diffs, feedback and paths as text', async () => {
    const view = await harness().open();
    const { page } = view;
    const payload = '<img src=x onerror="window.__xss=1">';
    await view.deliver(
      conversation([
        edit('t1', { diff: `@@ -1 +1 @@\n-${payload}\n+<script>window.__xss=2</script>\n`, state: 'pending' }),
        edit('t2', { diff: `+${payload}`, state: 'rejected', feedback: payload }, { status: 'error', changedFiles: [{ uri: 'file:///x', path: payload }] }),
      ], { running: true }),
      { type: 'changes', files: [{ uri: 'file:///x', path: payload, status: 'created', added: 1, removed: 0 }] },
    );
    await card(page, 't2').locator('summary').click({ position: { x: 4, y: 4 } });
    await page.waitForTimeout(100);
    assert.equal(await page.evaluate(() => (window as unknown as HarnessWindow).__xss), undefined);
    assert.equal(await page.locator('img, script:not([nonce]), [onerror]').count(), 0);
    assert.deepEqual(await card(page, 't1').locator('.proposal-diff > span').allTextContents(), ['@@ -1 +1 @@', `-${payload}`, '+<script>window.__xss=2</script>']);
    assert.equal(await card(page, 't2').locator('.proposal-status-feedback').textContent(), `“${payload}”`);
    assert.equal(await page.locator('#changes .changed-file-path').textContent(), payload);
    assert.deepEqual(await view.cspViolations(), []);
  });
}
