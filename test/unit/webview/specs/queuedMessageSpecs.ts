import assert from 'node:assert/strict';
import type { ChatViewHarness } from '../support/chatViewHarness';

const queued = (texts: string[]): { type: 'queuedMessages'; messages: Array<{ id: string; text: string; attachments: [] }> } => ({
  type: 'queuedMessages',
  messages: texts.map((text, index) => ({ id: `q${index + 1}`, text, attachments: [] })),
});

const longText = 'Once the tests pass, read every file under src/webview and summarise the ones that still use fixed colours instead of the theme variables, with their lines.';

export function queuedMessageSpecs(harness: () => ChatViewHarness): void {
  it('keeps a steered message in view, marked as going in after the current step, and shows queued text readable beside compact buttons, at 300 px', async () => {
    const view = await harness().open({ width: 300, height: 500 });
    const { page } = view;
    await view.deliver({
      type: 'queuedMessages',
      messages: [
        { id: 's1', text: 'Use the theme colours too', attachments: [], state: 'steering' },
        { id: 'q1', text: longText, attachments: [] },
      ],
    });
    const steering = page.locator('.steering-list .queued-row');
    assert.deepEqual(await steering.locator('.queued-text').allInnerTexts(), ['Use the theme colours too']);
    assert.ok(await steering.isVisible());
    assert.equal(await page.locator('#steering-title').innerText(), 'Will be sent after the current step');
    assert.equal(await page.locator('.steering-list').getAttribute('aria-labelledby'), 'steering-title');
    assert.equal(await steering.locator('button').count(), 0, 'a steered message is on its way: nothing to change');

    const row = page.locator('.queued-list:not(.steering-list) .queued-row');
    const text = row.locator('.queued-text');
    assert.equal(await text.getAttribute('title'), longText, 'the whole text is the tooltip');
    const shown = await text.evaluate((element) => {
      const lineHeight = parseFloat(getComputedStyle(element).lineHeight);
      return { lines: Math.round(element.getBoundingClientRect().height / lineHeight), width: element.getBoundingClientRect().width };
    });
    const rowWidth = (await row.boundingBox())?.width ?? 0;
    const actions = (await row.locator('.queued-actions').boundingBox())?.width ?? rowWidth;
    assert.equal(shown.lines, 2, 'two lines of the text show');
    assert.ok(actions < rowWidth / 3, `the buttons take ${actions} of ${rowWidth} px`);
    assert.ok(shown.width > rowWidth * 0.6, `the text takes ${shown.width} of ${rowWidth} px`);
    for (const button of await row.locator('button').all()) {
      const name = await button.getAttribute('aria-label');
      assert.ok(name !== null && name.length > 3 && (await button.getAttribute('title')) === name, `a button names itself: ${name}`);
    }
    assert.match((await row.locator('.queued-steer').getAttribute('aria-label')) ?? '', /^Send now/);

    await view.deliver({ type: 'queuedMessages', messages: [{ id: 'q1', text: longText, attachments: [] }] });
    assert.ok(await page.locator('#steering-title').isHidden(), 'once the model takes it, the steered message leaves the list');
    assert.equal(await page.locator('.queued-text').count(), 1);
    assert.deepEqual(view.errors, []);
  });


  it('lists queued messages above the input, with Send now, Edit and Remove by keyboard', async () => {
    const view = await harness().open();
    const { page } = view;
    assert.ok(!(await page.locator('#queued-messages').isVisible()));
    await view.deliver(queued(['first thought', 'second thought']));
    assert.deepEqual(await page.locator('.queued-text').allInnerTexts(), ['first thought', 'second thought']);

    await page.locator('.queued-row').nth(0).locator('.queued-steer').focus();
    await page.keyboard.press('Enter');
    assert.deepEqual(await view.postedOfType('steerQueued'), [{ type: 'steerQueued', id: 'q1' }]);

    await page.locator('.queued-row').nth(1).locator('.queued-edit').focus();
    await page.keyboard.press('Enter');
    const editor = page.locator('.queued-editor');
    assert.equal(await editor.inputValue(), 'second thought');
    await editor.fill('second thought, reworded');
    await editor.press('Enter');
    assert.deepEqual(await view.postedOfType('editQueued'), [{ type: 'editQueued', id: 'q2', text: 'second thought, reworded' }]);

    await page.locator('.queued-row').nth(1).locator('.queued-edit').click();
    await page.locator('.queued-editor').fill('dropped change');
    await page.locator('.queued-editor').press('Escape');
    assert.equal((await view.postedOfType('editQueued')).length, 1, 'Escape keeps the message as it was');

    await page.locator('.queued-row').nth(1).locator('.queued-remove').focus();
    await page.keyboard.press('Enter');
    assert.deepEqual(await view.postedOfType('removeQueued'), [{ type: 'removeQueued', id: 'q2' }]);
    await view.deliver(queued([]));
    assert.ok(!(await page.locator('#queued-messages').isVisible()));
    assert.equal(await page.evaluate(() => document.activeElement?.id), 'prompt', 'focus goes back to the input with the last one gone');
  });
}
