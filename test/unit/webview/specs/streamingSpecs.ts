import assert from 'node:assert/strict';
import type { ChatItem } from '../../../../src/protocol/chatItems';
import type { ChatViewHarness } from '../support/chatViewHarness';
import { assistant, conversation, deltas, tool, user } from '../support/chatFixtures';

const reply = [
  'Here is the summary:',
  '',
  '| Name | Count |',
  '| --- | --- |',
  '| alpha | 1 |',
  '| beta | 2 |',
  '',
  '```typescript',
  'export function add(a: number, b: number): number {',
  '  return a + b; // sum',
  '}',
  '```',
  '',
  'Done.',
].join('\n');

/** 500 items of every kind, as a long session would have. */
function longConversation(): ChatItem[] {
  const items: ChatItem[] = [];
  for (let index = 0; index < 125; index++) {
    items.push(user(`u${index}`, `Question ${index}`));
    items.push(tool(`t${index}`, { status: 'done', result: 'ok' }));
    items.push(assistant(`a${index}`, `Answer ${index} with \`code\` and a list:\n\n- one\n- two\n\n\`\`\`js\nconst x = ${index};\n\`\`\``));
    items.push(assistant(`b${index}`, `More text ${index}.`));
  }
  return items;
}

export function streamingSpecs(harness: () => ChatViewHarness): void {
  it('streams markdown deltas into a table and a highlighted code block whose copy button posts copy', async () => {
    const view = await harness().open();
    const { page } = view;
    await view.deliver(conversation([user('u1', 'Summarise')], { running: true }), { type: 'itemAdded', item: assistant('a1', '') });
    const [first, ...rest] = deltas('a1', reply);
    assert.ok(first !== undefined);
    await view.deliver(first);
    await page.waitForFunction(() => document.querySelector('[data-item-id="a1"] .markdown')?.textContent?.startsWith('Here is') === true);
    await view.deliver(...rest);

    const item = page.locator('#messages > .item-assistant[data-item-id="a1"]');
    await item.locator('.markdown table').waitFor();
    await item.locator('pre code .hljs-keyword').first().waitFor();
    assert.deepEqual(await item.locator('table th').allInnerTexts(), ['Name', 'Count']);
    assert.deepEqual(await item.locator('table td').allInnerTexts(), ['alpha', '1', 'beta', '2']);
    assert.ok(await item.locator('pre code .hljs-comment').count() > 0, 'comments are highlighted');
    assert.match(await item.locator('.markdown > p').last().innerText(), /^Done\.$/);
    assert.equal(await item.getAttribute('aria-busy'), 'true', 'screen readers wait for the whole reply');
    await view.deliver({ type: 'running', running: false });
    assert.equal(await item.getAttribute('aria-busy'), null);

    await item.locator('pre').hover();
    await item.locator('pre .copy-button').click();
    const [copy] = await view.postedOfType('copy');
    assert.equal(copy?.text, 'export function add(a: number, b: number): number {\n  return a + b; // sum\n}');
    assert.equal(await item.locator('pre .copy-button').getAttribute('aria-label'), 'Copied');
  });

  it('dims a reply that broke off under an "Interrupted" label, and streams the new reply after it', async () => {
    const view = await harness().open({ width: 300 });
    const { page } = view;
    await view.deliver(conversation([user('u1', 'Explain')], { running: true }), { type: 'itemAdded', item: assistant('a1', '') });
    await view.deliver({ type: 'textDelta', itemId: 'a1', text: 'The first half of a reply that' });
    await view.deliver({ type: 'itemUpdated', item: { ...assistant('a1', 'The first half of a reply that'), interrupted: true } });
    await view.deliver({ type: 'itemAdded', item: assistant('a2', '') }, { type: 'textDelta', itemId: 'a2', text: 'The whole reply.' });
    await view.nextFrame();

    const broken = page.locator('[data-item-id="a1"]');
    const label = broken.locator('.interrupted-label');
    assert.ok(await label.isVisible(), 'the interrupted reply is labelled');
    assert.equal(await label.innerText(), 'Interrupted — retrying');
    assert.equal(await label.locator('.codicon').count(), 1);
    assert.equal(await broken.locator('.markdown').innerText(), 'The first half of a reply that', 'what was shown stays, for the record');
    const dimmed = await broken.locator('.markdown').evaluate((element) => Number(getComputedStyle(element).opacity));
    assert.ok(dimmed < 1, `the interrupted text is dimmed (opacity ${dimmed})`);
    const fits = await label.evaluate((element) => element.scrollWidth <= element.clientWidth);
    assert.ok(fits, 'the label fits a 300 px sidebar');

    const fresh = page.locator('[data-item-id="a2"]');
    assert.equal(await fresh.locator('.markdown').innerText(), 'The whole reply.');
    assert.ok(!(await fresh.locator('.interrupted-label').isVisible()), 'the new reply is not marked');
    assert.equal(await fresh.evaluate((element) => Number(getComputedStyle(element.querySelector('.markdown') ?? element).opacity)), 1);
    assert.deepEqual(await page.locator('#messages > .item').evaluateAll((items) => items.map((item) => item.getAttribute('data-item-id'))), ['u1', 'a1', 'a2']);
  });

  it('shows thinking collapsed under "Thinking", streaming as plain text', async () => {
    const view = await harness().open();
    const { page } = view;
    await view.deliver(conversation([], { running: true }), { type: 'itemAdded', item: assistant('a1', '') });
    assert.ok(!(await page.locator('.thinking').isVisible()), 'no thinking section before there is thinking');
    await view.deliver({ type: 'thinkingDelta', itemId: 'a1', text: 'Consider **this**' }, { type: 'thinkingDelta', itemId: 'a1', text: ' first.' });
    await view.nextFrame();
    const thinking = page.locator('[data-item-id="a1"] details.thinking');
    assert.equal(await thinking.locator('summary').innerText(), 'Thinking');
    assert.equal(await thinking.getAttribute('open'), null);
    await thinking.locator('summary').click();
    assert.equal(await thinking.locator('.thinking-text').innerText(), 'Consider **this** first.');
  });

  it('re-renders only the streaming item, at most once per frame, in a 500-item conversation', async () => {
    const view = await harness().open();
    const { page } = view;
    await view.deliver(conversation([...longConversation(), assistant('live', '')], { running: true }));
    assert.equal(await page.locator('#messages > .item').count(), 501);
    await page.evaluate(() => {
      const live = document.querySelector('[data-item-id="live"]');
      const state = { outside: 0, renders: 0 };
      Object.assign(window, { __mutations: state });
      new MutationObserver((records) => {
        for (const record of records) {
          if (live?.contains(record.target) !== true) state.outside++;
          else if (record.target instanceof Element && record.target.classList.contains('markdown')) state.renders++;
        }
      }).observe(document.querySelector('#messages') as Node, { subtree: true, childList: true, characterData: true, attributes: true });
    });
    const messages = deltas('live', 'word '.repeat(300), 3);
    await view.deliver(...messages);
    await view.nextFrame();
    const counts = await page.evaluate(() => (window as unknown as { __mutations: { outside: number; renders: number } }).__mutations);
    assert.equal(await page.locator('[data-item-id="live"] .markdown').innerText(), 'word '.repeat(300).trim());
    assert.equal(counts.outside, 0, 'no other item was touched');
    assert.ok(counts.renders >= 1 && counts.renders < messages.length / 4, `${counts.renders} renders for ${messages.length} deltas`);
  });

  it('follows the bottom while streaming, but not after the user scrolled up', async () => {
    const view = await harness().open({ height: 400 });
    const { page } = view;
    await view.deliver(conversation([...longConversation().slice(0, 40), assistant('live', '')], { running: true }));
    const distanceFromBottom = () => page.evaluate(() => {
      const messages = document.querySelector('#messages') as HTMLElement;
      return messages.scrollHeight - messages.scrollTop - messages.clientHeight;
    });
    await view.deliver(...deltas('live', 'line\n\n'.repeat(40), 6));
    await view.nextFrame();
    assert.ok(await distanceFromBottom() <= 2, 'pinned to the bottom');

    await page.locator('#messages').hover();
    await page.mouse.wheel(0, -600);
    await page.waitForFunction(() => {
      const messages = document.querySelector('#messages') as HTMLElement;
      return messages.scrollHeight - messages.scrollTop - messages.clientHeight > 300;
    });
    const scrollTop = await page.evaluate(() => (document.querySelector('#messages') as HTMLElement).scrollTop);
    await view.deliver(...deltas('live', 'more\n\n'.repeat(20), 6));
    await view.nextFrame();
    assert.equal(await page.evaluate(() => (document.querySelector('#messages') as HTMLElement).scrollTop), scrollTop, 'stays where the user is reading');
  });

  it('posts openLink for a clicked link instead of navigating', async () => {
    const view = await harness().open();
    const { page } = view;
    await view.deliver(conversation([assistant('a1', 'See [the docs](https://example.com/docs?q=1) or [a file](src/app.ts).')]));
    const before = page.url();
    // VS Code's webview host opens every link click that reaches the window, prevented or not.
    await page.evaluate(() => {
      const seen: string[] = [];
      Object.assign(window, { __linkClicksSeenByWindow: seen });
      for (const type of ['click', 'auxclick']) window.addEventListener(type, (event) => {
        if (event.target instanceof Element && event.target.closest('a') !== null) seen.push(type);
      });
    });
    await page.locator('#messages a', { hasText: 'the docs' }).click();
    await page.locator('#messages a', { hasText: 'a file' }).click();
    await page.locator('#messages a', { hasText: 'a file' }).click({ button: 'middle' });
    assert.deepEqual(await view.postedOfType('openLink'), [
      { type: 'openLink', href: 'https://example.com/docs?q=1' },
      { type: 'openLink', href: 'src/app.ts' },
    ]);
    assert.equal(page.url(), before);
    assert.deepEqual(view.blockedRequests, [], 'no request for the link');
    assert.equal(page.context().pages().length, 1, 'no new window');
    assert.deepEqual(await page.evaluate(() => (window as unknown as { __linkClicksSeenByWindow: string[] }).__linkClicksSeenByWindow), [], 'link clicks stop before the window');
  });
}
