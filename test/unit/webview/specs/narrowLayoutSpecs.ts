import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import type { ChatItemOf } from '../../../../src/protocol/chatItems';
import type { ChatViewHarness } from '../support/chatViewHarness';
import { setEditorFont } from '../support/editorFont';
import { conversation, tool, user } from '../support/chatFixtures';

const path = 'src/calculator/calc.js';

function edited(id: string, title: string): ChatItemOf<'tool'> {
  return tool(id, { name: 'edit_file', toolKind: 'edit', status: 'done', title, changedFiles: [{ uri: `file:///work/${path}`, path }] });
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

    const lines = await visibility(page, '.tool-title-lines');
    const counts = await visibility(page, '.tool-title-counts');
    const tails = await visibility(page, '.tool-title-tail');
    assert.deepEqual(lines.map((part) => part.text), [':3–5', ':12']);
    assert.deepEqual(counts.map((part) => part.text), [' +1 −1', ' +1 −1']);
    assert.deepEqual(tails.map((tail) => tail.text), [' · exit 1'], 'and how a command ended');
    for (const tail of [...lines, ...counts, ...tails]) assert.ok(tail.inside && tail.shown >= tail.needed, `the lines and counts show whole: ${JSON.stringify(tail)}`);
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

  it('keeps the counts of several edits in one call whole in a 300 px side bar, giving up the list of lines before the file’s name', async () => {
    const view = await harness().open({ width: 300, height: 300 });
    const { page } = view;
    await setEditorFont(page);
    const longPath = 'src/components/multi-edit-settings.txt';
    const title = `Edited ${longPath}:2, 9, 15–16 +4 −4`;
    await view.deliver(
      { type: 'model', model: { provider: 'Anthropic', model: 'claude-sonnet-4-6' } },
      conversation([user('u1', 'Three changes'), tool('t1', { name: 'edit_file', toolKind: 'edit', status: 'done', title, changedFiles: [{ uri: `file:///work/${longPath}`, path: longPath }] })]),
    );
    const [counts] = await visibility(page, '.tool-title-counts');
    assert.ok(counts !== undefined && counts.text === ' +4 −4' && counts.inside && counts.shown >= counts.needed, `the counts show whole: ${JSON.stringify(counts)}`);
    const [name] = await visibility(page, '.tool-title-name');
    const [lines] = await visibility(page, '.tool-title-lines');
    assert.ok(name !== undefined && name.inside && name.shown > 0, `the name stays on the card: ${JSON.stringify(name)}`);
    assert.ok(lines !== undefined && (lines.shown < 1 || name.shown >= name.needed), `the lines give way before the name: ${JSON.stringify({ lines, name })}`);
    assert.deepEqual(view.errors, []);
  });
}

type TitleParts = Record<string, { text: string; shown: number; whole: boolean } | undefined>;

/** The parts of the title of the `index`th card, by name (`verb`, `folders`, `name`, `lines`, `counts`), as they show. */
async function titleParts(page: Page, index: number): Promise<TitleParts> {
  return page.locator('.tool-card').nth(index).locator('.tool-title-split > span').evaluateAll((elements) => Object.fromEntries(elements.map((element) => {
    const box = element.getBoundingClientRect();
    const content = document.createRange();
    content.selectNodeContents(element);
    const part = { text: element.textContent ?? '', shown: box.width, whole: box.width > 0 && box.width + 0.5 >= content.getBoundingClientRect().width };
    return [element.className.replace('tool-title-', ''), part];
  })));
}

/** An edit card's title at the narrowest side bar: the folders give way first, then the line list; the verb, the file's name and the counts never. */
export function narrowTitleSpecs(harness: () => ChatViewHarness): void {
  for (const width of [300, 280]) {
    it(`keeps the verb, the file’s name and the counts of an edit readable at ${width} px, giving up the folders, then the line list`, async () => {
      const view = await harness().open({ width, height: 300 });
      const { page } = view;
      await setEditorFont(page);
      const file = 'src/webview/components/review.ts';
      await view.deliver(conversation([
        user('u1', 'Tighten the review'),
        tool('t1', { name: 'edit_file', toolKind: 'edit', status: 'done', title: `Edited ${file}:3, 16 +2 −2`, changedFiles: [{ uri: `file:///work/${file}`, path: file }], review: 'pending' }),
        tool('t2', { name: 'edit_file', toolKind: 'edit', status: 'done', title: `Edited ${file}:3, 16, 42–48, 120, 133–140 +12 −9`, changedFiles: [{ uri: `file:///work/${file}`, path: file }], review: 'accepted' }),
      ]));
      const first = await titleParts(page, 0);
      const second = await titleParts(page, 1);
      const whole = width >= 300 ? ['verb', 'name', 'lines', 'counts'] : ['verb', 'name', 'counts'];
      for (const part of whole) assert.ok(first[part]?.whole === true, `${part} of a short path shows whole: ${JSON.stringify(first)}`);
      assert.equal(first.lines?.text, ':3, 16');
      assert.equal(first.folders?.whole, false, `the folders give way first: ${JSON.stringify(first)}`);
      for (const part of ['verb', 'name', 'counts']) assert.ok(second[part]?.whole === true, `${part} of a long list of lines shows whole: ${JSON.stringify(second)}`);
      assert.ok(second.lines?.whole === false && (second.folders?.shown ?? 0) < 1, `the folders are gone before the line list gives way: ${JSON.stringify(second)}`);
      assert.equal(await page.locator('.tool-title').first().getAttribute('title'), `Edited ${file}:3, 16 +2 −2`, 'the whole title is the tooltip');
      assert.deepEqual(view.errors, []);
    });
  }
}
