import assert from 'node:assert/strict';
import type { ChatViewHarness } from '../support/chatViewHarness';
import { assistant, conversation, error, notice, tool, user } from '../support/chatFixtures';

const richMarkdown = [
  '# Plan',
  '',
  'Some **bold**, `code` and a [link](https://example.com/).',
  '',
  '| File | Lines |',
  '| :--- | ---: |',
  '| a.ts | 12 |',
  '',
  '```ts',
  'const answer: number = 42;',
  '```',
  '',
  '- [x] done',
  '- [ ] todo',
  '',
  '> quoted',
].join('\n');

export function pageSpecs(harness: () => ChatViewHarness): void {
  it('renders every kind of content under the strict CSP without violations, errors or stray requests', async () => {
    const view = await harness().open();
    const { page } = view;
    await view.deliver(
      { type: 'model', model: { provider: 'openai', model: 'gpt-4.1' } },
      { type: 'apiKey', available: true, provider: 'openai' },
      { type: 'attachments', attachments: [{ id: 'a1', kind: 'selection', path: 'src/app.ts', startLine: 3, endLine: 9 }] },
      conversation([
        user('u1', 'Hello\nthere', [{ id: 'a0', kind: 'file', path: 'README.md' }]),
        assistant('a1', richMarkdown, 'Let me think.'),
        tool('t1', { status: 'done', result: 'file text' }),
        tool('t2', { name: 'edit_file', status: 'error', result: 'no match' }),
        error('e1', 'Overloaded', true),
        notice('n1', 'Stopped.'),
      ], { running: true, usage: { inputTokens: 1200, outputTokens: 30, cacheReadTokens: 0, cacheWriteTokens: 0 } }),
      { type: 'retryWait', wait: { reason: 'Rate limited', delayMs: 3000, attempt: 1, maxAttempts: 5 } },
      { type: 'history', conversations: [{ id: 'c1', title: 'First', updatedAt: Date.now() }] },
    );
    await page.locator('#history').waitFor();
    await page.keyboard.press('Escape');
    await page.locator('#messages .tool-card').first().click();
    await page.locator('#messages pre .copy-button').first().focus();
    await view.nextFrame();

    assert.deepEqual(await view.cspViolations(), []);
    assert.deepEqual(view.errors, []);
    assert.deepEqual(harness().server.strayRequests, []);
    assert.deepEqual(view.blockedRequests, []);
    assert.equal((await view.postedOfType('ready')).length, 1);
    const styles = await page.evaluate(() => ({
      messagesOverflow: getComputedStyle(document.querySelector('#messages') as Element).overflowY,
      iconFont: getComputedStyle(document.querySelector('#send .codicon') as Element, '::before').fontFamily,
      fontsLoaded: [...document.fonts].some((font) => font.family.includes('codicon') && font.status === 'loaded'),
    }));
    assert.equal(styles.messagesOverflow, 'auto', 'chat.css applies');
    assert.match(styles.iconFont, /codicon/, 'codicon.css applies');
    assert.ok(styles.fontsLoaded, 'the codicon font loads under font-src');
  });

  it('sends a Content-Security-Policy without unsafe-inline or unsafe-eval, and runs the script by its nonce', async () => {
    const view = await harness().open();
    const { page } = view;
    const csp = await page.locator('meta[http-equiv="Content-Security-Policy"]').getAttribute('content');
    assert.ok(csp !== null);
    assert.match(csp, /default-src 'none'/);
    assert.match(csp, /script-src 'nonce-[A-Za-z0-9]{16,}'/);
    assert.doesNotMatch(csp, /unsafe/);
    await view.deliver(conversation([assistant('a1', richMarkdown), tool('t1')]));
    assert.equal(await page.locator('#messages [style]').count(), 0, 'no inline style attributes in rendered content');
  });

  it('shows the welcome without an API key, posts setApiKey from it, and hides it once a key exists', async () => {
    const view = await harness().open();
    const { page } = view;
    await view.deliver(conversation([]), { type: 'apiKey', available: false, provider: 'Anthropic' });
    assert.ok(await page.locator('#welcome').isVisible());
    assert.match(await page.locator('#welcome').innerText(), /needs your Anthropic API key/);
    assert.ok(!(await page.locator('#empty-state').isVisible()), 'no empty-state hint next to the welcome');
    await page.locator('#welcome-set-key').click();
    assert.deepEqual(await view.postedOfType('setApiKey'), [{ type: 'setApiKey' }]);

    await view.deliver({ type: 'apiKey', available: true, provider: 'Anthropic' });
    assert.ok(!(await page.locator('#welcome').isVisible()));
    assert.ok(await page.locator('#empty-state').isVisible(), 'an empty conversation shows a hint');
    await view.deliver({ type: 'itemAdded', item: user('u1', 'hi') });
    assert.ok(!(await page.locator('#empty-state').isVisible()));
  });

  it('shows the model in the header and the token usage under it; the header buttons post newChat, showHistory and changeModel', async () => {
    const view = await harness().open();
    const { page } = view;
    await view.deliver(
      { type: 'model', model: { provider: 'deepseek', model: 'deepseek-chat' } },
      { type: 'usage', usage: { inputTokens: 12_345, outputTokens: 1_234, cacheReadTokens: 10_000, cacheWriteTokens: 20 }, cost: 0.0412 },
    );
    assert.equal((await page.locator('#model-button').innerText()).trim(), 'deepseek-chat');
    assert.equal(await page.locator('#model-button').getAttribute('title'), 'deepseek · deepseek-chat. Change provider and model');
    assert.equal(await page.locator('#usage').innerText(), '12.3k in · 1.2k out · $0.04');
    assert.match((await page.locator('#usage').getAttribute('title')) ?? '', /Cache read: 10,000 tokens/);
    await page.locator('#model-button').click();
    await page.locator('#new-chat').click();
    await page.locator('#history-button').click();
    assert.deepEqual((await view.posted()).map((message) => message.type), ['ready', 'changeModel', 'newChat', 'showHistory']);
  });

  it('ignores invalid messages with a warning and keeps working', async () => {
    const view = await harness().open();
    const { page } = view;
    await view.deliverRaw(
      { type: 'itemAdded', item: { kind: 'bogus', id: 'x' } },
      { type: 'no-such-message' },
      { type: 'textDelta', itemId: 'x' },
    );
    await page.evaluate(() => window.postMessage('not an object', '*'));
    await view.deliver({ type: 'itemAdded', item: notice('n1', 'still alive') });
    assert.equal(await page.locator('#messages > .item').count(), 1);
    assert.equal(await page.locator('#messages .item-notice').innerText(), 'still alive');
    assert.equal(view.warnings.filter((warning) => /invalid message/.test(warning)).length, 4);
    assert.deepEqual(view.errors, []);
  });

  it('counts down a retry wait and hides it when cleared', async () => {
    const view = await harness().open();
    const banner = view.page.locator('#retry-wait');
    assert.ok(!(await banner.isVisible()));
    await view.deliver({ type: 'retryWait', wait: { reason: 'Rate limited', delayMs: 2_000, attempt: 1, maxAttempts: 5 } });
    assert.equal(await banner.innerText(), 'Rate limited, retrying in 2 s (attempt 1 of 5)');
    await view.page.waitForFunction(() => document.querySelector('#retry-wait')?.textContent?.includes('retrying in 1 s') === true);
    await view.deliver({ type: 'retryWait', wait: null });
    assert.ok(!(await banner.isVisible()));
  });
}
