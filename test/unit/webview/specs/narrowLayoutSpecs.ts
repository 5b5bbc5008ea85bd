import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import type { ChatItemOf } from '../../../../src/protocol/chatItems';
import type { ChatViewHarness } from '../support/chatViewHarness';
import { setEditorFont } from '../support/editorFont';
import { conversation, tool, user } from '../support/chatFixtures';

const path = 'src/calculator/calc.js';

function edited(id: string, title: string): ChatItemOf<'tool'> {
  return tool(id, { name: 'edit_file', toolKind: 'edit', status: 'done', title, changedFile: { uri: `file:///work/${path}`, path } });
}

/** What of an element shows: its width, the width its text needs, and whether its box is inside its clipping parent and the page. */
async function visibility(page: Page, selector: string): Promise<{ text: string; shown: number; needed: number; inside: boolean }[]> {
  return page.locator(selector).evaluateAll((elements) => elements.map((element) => {
    const box = element.getBoundingClientRect();
    const clip = element.parentElement?.getBoundingClientRect();
    const inside = clip !== undefined && box.width > 0 && box.left >= clip.left - 0.5 && box.right <= clip.right + 0.5 && box.right <= document.documentElement.clientWidth;
    // Fractional widths: a name a fraction of a pixel too wide already shows an ellipsis.
    const content = document.createRange();
    content.selectNodeContents(element);
    return { text: element.textContent ?? '', shown: box.width, needed: content.getBoundingClientRect().width, inside };
  }));
}

/** The side bar at its default width, about 300 px: what tells items apart must still show. */
export function narrowLayoutSpecs(harness: () => ChatViewHarness): void {
  it('keeps the lines and counts of two edits of one file, a command’s exit code, and the model’s name, visible in a 300 px side bar', async () => {
    const view = await harness().open({ width: 300, height: 500 });
    const { page } = view;
    await setEditorFont(page);
    await view.deliver(
      { type: 'model', model: { provider: 'Anthropic', model: 'claude-sonnet-4-6' } },
      conversation([
        user('u1', 'Fix both functions'),
        edited('t1', `Edited ${path}:3–5 +1 −1`),
        edited('t2', `Edited ${path}:12 +1 −1`),
        tool('t3', { name: 'run_command', toolKind: 'command', status: 'error', title: 'Ran node src/calculator/calc.js --verbose · exit 1', placement: 'sandboxed' }),
      ]),
    );

    const tails = await visibility(page, '.tool-title-tail');
    assert.deepEqual(tails.map((tail) => tail.text), [':3–5 +1 −1', ':12 +1 −1', ' · exit 1'], 'and how a command ended');
    for (const tail of tails) assert.ok(tail.inside && tail.shown >= tail.needed, `the lines and counts show whole: ${JSON.stringify(tail)}`);
    for (const name of await visibility(page, '.tool-title-name')) {
      assert.ok(name.text === 'calc.js' && name.inside && name.shown >= name.needed, `the file’s name shows whole: ${JSON.stringify(name)}`);
    }
    assert.equal(await page.locator('.tool-title').first().getAttribute('title'), `Edited ${path}:3–5 +1 −1`, 'the whole title is the tooltip');
    for (const diff of await visibility(page, '.tool-open-diff')) assert.ok(diff.inside, 'Open diff stays on the card');

    const [label] = await visibility(page, '.model-label');
    assert.equal(label?.text, 'claude-sonnet-4-6');
    assert.ok(label !== undefined && label.inside && label.shown >= label.needed, `the model’s name shows whole: ${JSON.stringify(label)}`);
    assert.match((await page.locator('#model-button').getAttribute('title')) ?? '', /^Anthropic · claude-sonnet-4-6\./, 'the provider is in the tooltip');
    assert.match((await page.locator('#model-button').getAttribute('aria-label')) ?? '', /Anthropic · claude-sonnet-4-6/);
    assert.deepEqual(view.errors, []);
  });

  it('keeps the lines and counts of several edits in one call whole in a 300 px side bar, giving up the file name’s end first', async () => {
    const view = await harness().open({ width: 300, height: 300 });
    const { page } = view;
    await setEditorFont(page);
    const longPath = 'src/components/multi-edit-settings.txt';
    const title = `Edited ${longPath}:2, 9, 15–16 +4 −4`;
    await view.deliver(
      { type: 'model', model: { provider: 'Anthropic', model: 'claude-sonnet-4-6' } },
      conversation([user('u1', 'Three changes'), tool('t1', { name: 'edit_file', toolKind: 'edit', status: 'done', title, changedFile: { uri: `file:///work/${longPath}`, path: longPath } })]),
    );
    const [tail] = await visibility(page, '.tool-title-tail');
    assert.ok(tail !== undefined && tail.text === ':2, 9, 15–16 +4 −4' && tail.inside && tail.shown >= tail.needed, `the lines and counts show whole: ${JSON.stringify(tail)}`);
    const [name] = await visibility(page, '.tool-title-name');
    assert.ok(name !== undefined && name.inside && name.shown > 0, `the name stays on the card: ${JSON.stringify(name)}`);
    assert.deepEqual(view.errors, []);
  });
}
