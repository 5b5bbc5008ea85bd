import assert from 'node:assert/strict';
import type { ChatViewHarness } from '../support/chatViewHarness';
import { conversation } from '../support/chatFixtures';

export function composerSpecs(harness: () => ChatViewHarness): void {
  it('sends on Enter, adds a line on Shift+Enter, and sends nothing blank', async () => {
    const view = await harness().open();
    const prompt = view.page.locator('#prompt');
    await view.deliver(conversation([]));
    await prompt.press('Enter');
    await prompt.fill('   ');
    await prompt.press('Enter');
    assert.deepEqual(await view.postedOfType('send'), [], 'blank prompts are not sent');

    await prompt.fill('first line');
    await prompt.press('Shift+Enter');
    await prompt.pressSequentially('second line');
    assert.equal(await prompt.inputValue(), 'first line\nsecond line');
    const heightBefore = await prompt.evaluate((element) => element.clientHeight);
    await prompt.press('Shift+Enter');
    await prompt.pressSequentially('third line');
    const heightOfThree = await prompt.evaluate((element) => element.clientHeight);
    assert.ok(heightOfThree > heightBefore, 'the box grows with its text');
    for (let count = 0; count <= 'third line'.length; count++) await prompt.press('Backspace');
    assert.equal(await prompt.evaluate((element) => element.clientHeight), heightBefore, 'and shrinks when lines go');
    await prompt.press('Shift+Enter');
    await prompt.pressSequentially('third line');
    assert.equal(await prompt.evaluate((element) => element.clientHeight), heightOfThree);
    await prompt.press('Enter');
    assert.deepEqual(await view.postedOfType('send'), [{ type: 'send', text: 'first line\nsecond line\nthird line' }]);
    assert.equal(await prompt.inputValue(), '');
    assert.ok(await prompt.evaluate((element) => element.clientHeight) < heightBefore, 'back to one line once sent');

    await prompt.fill('via the button');
    await view.page.locator('#send').click();
    assert.equal((await view.postedOfType('send')).at(-1)?.text, 'via the button');
  });

  it('recalls earlier prompts with ArrowUp (empty box or caret on the first line) and comes back with ArrowDown', async () => {
    const view = await harness().open();
    const prompt = view.page.locator('#prompt');
    await view.deliver(conversation([]));
    for (const text of ['one', 'two']) {
      await prompt.fill(text);
      await prompt.press('Enter');
    }
    await prompt.press('ArrowUp');
    assert.equal(await prompt.inputValue(), 'two');
    await prompt.press('ArrowUp');
    assert.equal(await prompt.inputValue(), 'one');
    await prompt.press('ArrowDown');
    await prompt.press('ArrowDown');
    assert.equal(await prompt.inputValue(), '', 'back to the (empty) draft');

    await prompt.fill('draft\nsecond line');
    await prompt.press('ArrowUp');
    assert.equal(await prompt.inputValue(), 'draft\nsecond line', 'on the last line ArrowUp moves the caret up');
    await prompt.press('ArrowUp');
    assert.equal(await prompt.inputValue(), 'two', 'on the first line it recalls');
    await prompt.press('ArrowDown');
    assert.equal(await prompt.inputValue(), 'draft\nsecond line', 'the draft comes back');
  });

  it('while running: Stop shows and posts stop, Enter queues, Ctrl+Enter steers the message into the run', async () => {
    const view = await harness().open();
    const { page } = view;
    const prompt = page.locator('#prompt');
    await view.deliver(conversation([]));
    assert.ok(!(await page.locator('#stop').isVisible()));
    await view.deliver({ type: 'running', running: true });
    assert.equal(await page.evaluate(() => document.body.dataset.running), 'true');
    assert.ok(await page.locator('#stop').isVisible());
    assert.ok(await page.locator('#send').isVisible(), 'the input stays usable');
    assert.match(await prompt.getAttribute('placeholder') ?? '', /Queue a message \(Enter\), or Ctrl\+Enter to send it now/);
    await prompt.fill('queued thought');
    await prompt.press('Enter');
    assert.deepEqual(await view.postedOfType('send'), [{ type: 'send', text: 'queued thought' }], 'the extension queues it');
    assert.equal(await prompt.inputValue(), '');
    await prompt.fill('steer now');
    await prompt.press('Control+Enter');
    assert.deepEqual(await view.postedOfType('steer'), [{ type: 'steer', text: 'steer now' }]);
    await page.locator('#stop').click();
    assert.deepEqual(await view.postedOfType('stop'), [{ type: 'stop' }]);

    await view.deliver({ type: 'running', running: false });
    assert.equal(await page.evaluate(() => document.body.dataset.running), 'false');
    assert.ok(!(await page.locator('#stop').isVisible()));
    assert.equal(await page.evaluate(() => document.activeElement?.id), 'prompt', 'focus does not vanish with the Stop button');
    await prompt.fill('idle');
    await prompt.press('Control+Enter');
    assert.deepEqual((await view.postedOfType('send')).at(-1), { type: 'send', text: 'idle' }, 'with nothing running, Ctrl+Enter just sends');
  });

  it('keeps the draft and sent prompts in the webview state, and restores them', async () => {
    const view = await harness().open();
    const prompt = view.page.locator('#prompt');
    await prompt.fill('sent before');
    await prompt.press('Enter');
    await prompt.fill('half written');
    assert.deepEqual(await view.state(), { draft: 'half written', sentPrompts: ['sent before'] });

    const reopened = await harness().open({ state: await view.state() });
    const restored = reopened.page.locator('#prompt');
    assert.equal(await restored.inputValue(), 'half written');
    await restored.press('ArrowUp');
    assert.equal(await restored.inputValue(), 'sent before');
  });

  it('shows attachment chips whose remove buttons post removeAttachment; focusInput focuses the prompt', async () => {
    const view = await harness().open();
    const { page } = view;
    await view.deliver({
      type: 'attachments',
      attachments: [
        { id: 'f1', kind: 'file', path: 'src/app.ts' },
        { id: 's1', kind: 'selection', path: 'src/util.ts', startLine: 12, endLine: 20 },
      ],
    });
    assert.deepEqual(await page.locator('#attachments .chip').allInnerTexts(), ['src/app.ts', 'src/util.ts:12-20']);
    await page.locator('#attachments .chip', { hasText: 'src/util.ts' }).locator('.chip-remove').click();
    assert.deepEqual(await view.postedOfType('removeAttachment'), [{ type: 'removeAttachment', id: 's1' }]);
    assert.equal(await page.locator('#attachments .chip').count(), 1);
    await view.deliver({ type: 'attachments', attachments: [] });
    assert.ok(!(await page.locator('#attachments').isVisible()));

    await page.locator('#new-chat').focus();
    await view.deliver({ type: 'focusInput' });
    assert.equal(await page.evaluate(() => document.activeElement?.id), 'prompt');
  });
}
