import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import type { ChatViewHarness } from '../support/chatViewHarness';
import { assistant, conversation, noUsage, user } from '../support/chatFixtures';
import { setEditorFont } from '../support/editorFont';

const usage = { inputTokens: 412_000, outputTokens: 12_400, cacheReadTokens: 300_000, cacheWriteTokens: 12_000 };

interface Fit {
  /** The element's inner width. */
  shown: number;
  /** The width its content needs. */
  needed: number;
  inView: boolean;
}
type Fits = Record<string, Fit | undefined>;

/** How much of each element's content shows, and whether the element lies within the view. */
async function fit(page: Page, selectors: readonly string[]): Promise<Fits> {
  return page.evaluate((all) => Object.fromEntries(all.map((selector) => {
    const element = document.querySelector(selector);
    if (!(element instanceof HTMLElement)) throw new Error(`No ${selector}`);
    const box = element.getBoundingClientRect();
    const inView = box.width > 0 && box.left >= 0 && box.right <= document.documentElement.clientWidth;
    return [selector, { shown: element.clientWidth, needed: element.scrollWidth, inView }];
  })), selectors);
}

function sizeOf(sizes: Fits, selector: string): Fit {
  const size = sizes[selector];
  if (size === undefined) throw new Error(`Not measured: ${selector}`);
  return size;
}

function assertWhole(sizes: Fits, selector: string, width: number): void {
  const size = sizeOf(sizes, selector);
  assert.ok(size.inView && size.shown >= size.needed, `${selector} is cut at ${width} px: ${JSON.stringify(size)}`);
}

/** The row under the header: the context meter, the usage and cost, and Compact now. */
export function contextBarSpecs(harness: () => ChatViewHarness): void {
  it('fits the meter, the usage and the model in a 340 px sidebar on one line each, and hides the row in an empty conversation', async () => {
    const view = await harness().open({ width: 340, height: 500 });
    const { page } = view;
    await setEditorFont(page);
    const row = page.locator('#context-bar');
    await view.deliver(conversation([]));
    assert.ok(await row.isHidden(), 'nothing to show in a fresh conversation');

    await view.deliver(
      { type: 'model', model: { provider: 'anthropic', model: 'claude-sonnet-4-5' } },
      conversation([user('u1', 'Fix the parser'), assistant('a1', 'Done.')], { usage, cost: 1.23, context: { usedTokens: 160_000, windowTokens: 200_000 } }),
    );
    assert.ok(await row.isVisible());
    assert.deepEqual(
      await page.evaluate(() => [...document.querySelectorAll('#header > *, #context-bar > *')].map((element) => element.id || element.className)),
      ['new-chat', 'history-button', 'mcp-button', 'spacer', 'agent-picker', 'auto-approve', 'model-button', 'context-meter', 'usage', 'compact-now'],
      'the header keeps its buttons; the row holds the meter, the usage and Compact now, in that order',
    );
    assert.equal(await page.locator('#usage').innerText(), '412k in · 12.4k out · $1.23');
    assert.equal(await page.locator('.context-meter-text').innerText(), '160k / 200k');
    assert.equal(await page.locator('#context-meter').getAttribute('aria-valuetext'), '80%');

    const wide = await fit(page, ['#usage', '.context-meter-text', '.model-label', '#model-button', '#compact-now']);
    for (const selector of Object.keys(wide)) assertWhole(wide, selector, 340);
    const rowBox = await row.boundingBox();
    assert.ok(rowBox !== null && rowBox.height <= 28, `one slim line, not ${rowBox?.height ?? 0} px`);
    assert.ok(((await page.locator('.context-meter-bar').boundingBox())?.width ?? 0) >= 24, 'the bar keeps a useful length');

    await page.setViewportSize({ width: 300, height: 500 });
    const narrow = await fit(page, ['#usage', '.context-meter-text', '#compact-now']);
    for (const selector of ['.context-meter-text', '#compact-now']) assertWhole(narrow, selector, 300);
    const usageAt300 = sizeOf(narrow, '#usage');
    assert.ok(usageAt300.shown >= usageAt300.needed * 0.75, `the usage keeps most of its text at 300 px: ${JSON.stringify(usageAt300)}`);

    await page.setViewportSize({ width: 220, height: 500 });
    const tiny = await fit(page, ['#usage', '.context-meter-text', '#compact-now']);
    for (const selector of ['.context-meter-text', '#compact-now']) assertWhole(tiny, selector, 220);
    const usageAt220 = sizeOf(tiny, '#usage');
    assert.ok(usageAt220.shown < usageAt220.needed, 'the usage is what gives way');
    assert.equal(await page.locator('#usage').evaluate((element) => getComputedStyle(element).textOverflow), 'ellipsis');

    await view.deliver(conversation([], { id: 'c2' }));
    assert.ok(await row.isHidden(), 'a new conversation hides the row again');
    await view.deliver({ type: 'usage', usage, cost: null });
    assert.ok(await row.isVisible(), 'usage alone shows it');
    assert.ok(await page.locator('#context-meter').isHidden());
    await view.deliver({ type: 'usage', usage: noUsage, cost: null }, { type: 'context', context: { usedTokens: 1_000, windowTokens: 200_000 } });
    assert.ok(await row.isVisible(), 'a gauge alone shows it');
    assert.deepEqual(view.errors, []);
  });
}
