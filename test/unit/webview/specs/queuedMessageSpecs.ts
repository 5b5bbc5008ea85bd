import assert from 'node:assert/strict';
import type { ChatViewHarness } from '../support/chatViewHarness';

const queued = (texts: string[]): { type: 'queuedMessages'; messages: Array<{ id: string; text: string; attachments: [] }> } => ({
  type: 'queuedMessages',
  messages: texts.map((text, index) => ({ id: `q${index + 1}`, text, attachments: [] })),
});

export function queuedMessageSpecs(harness: () => ChatViewHarness): void {
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
