import assert from 'node:assert/strict';
import type { MentionCandidate } from '../../../../src/protocol/mentions';
import type { ChatViewHarness } from '../support/chatViewHarness';
import { conversation } from '../support/chatFixtures';

const rows: MentionCandidate[] = [
  { mention: { kind: 'problems' }, label: 'problems', description: 'Errors and warnings in the workspace', matched: [0] },
  { mention: { kind: 'file', path: 'src/app.ts' }, label: 'src/app.ts', matched: [4, 5] },
  { mention: { kind: 'folder', path: 'src' }, label: 'src/', matched: [] },
];

export function mentionPickerSpecs(harness: () => ChatViewHarness): void {
  it('opens on @, follows the typed query, and is chosen with the keyboard; the text keeps a readable @reference', async () => {
    const view = await harness().open({ width: 300 });
    const prompt = view.page.locator('#prompt');
    const picker = view.page.locator('#mention-picker');
    await view.deliver(conversation([]));
    await prompt.pressSequentially('explain @');
    assert.deepEqual(await view.postedOfType('mentionSearch'), [{ type: 'mentionSearch', query: '' }]);
    await prompt.pressSequentially('ap');
    assert.deepEqual((await view.postedOfType('mentionSearch')).map((message) => message.query), ['', 'a', 'ap']);
    await view.deliver({ type: 'mentionCandidates', query: 'a', candidates: rows }, { type: 'mentionCandidates', query: 'ap', candidates: rows });
    await picker.waitFor({ state: 'visible' });
    assert.equal(await picker.getAttribute('role'), 'listbox');
    assert.equal(await view.page.locator('#mention-picker [role="option"]').count(), 3);
    assert.equal(await prompt.getAttribute('aria-expanded'), 'true');
    assert.equal(await prompt.getAttribute('aria-activedescendant'), 'mention-option-0');

    await prompt.press('ArrowDown');
    assert.equal(await prompt.getAttribute('aria-activedescendant'), 'mention-option-1');
    assert.equal(await view.page.locator('#mention-option-1').getAttribute('aria-selected'), 'true');
    await prompt.press('ArrowUp');
    await prompt.press('ArrowUp');
    assert.equal(await prompt.getAttribute('aria-activedescendant'), 'mention-option-2', 'Up from the first row wraps to the last');
    await prompt.press('ArrowDown');
    await prompt.press('ArrowDown');
    await prompt.press('Enter');
    assert.deepEqual(await view.postedOfType('addMention'), [{ type: 'addMention', mention: { kind: 'file', path: 'src/app.ts' } }]);
    assert.deepEqual(await view.postedOfType('send'), [], 'Enter chose the row and sent nothing');
    assert.equal(await prompt.inputValue(), 'explain @src/app.ts ');
    assert.ok(await picker.isHidden());
    assert.equal(await prompt.getAttribute('aria-expanded'), 'false');

    await prompt.pressSequentially('and @');
    await view.deliver({ type: 'mentionCandidates', query: '', candidates: rows });
    await prompt.press('Tab');
    assert.deepEqual((await view.postedOfType('addMention')).at(-1)?.mention, { kind: 'problems' });
    assert.equal(await prompt.inputValue(), 'explain @src/app.ts and @problems ');
  });

  it('closes on Escape without losing the text, and chooses with the mouse', async () => {
    const view = await harness().open();
    const prompt = view.page.locator('#prompt');
    await view.deliver(conversation([]));
    await prompt.pressSequentially('see @sr');
    await view.deliver({ type: 'mentionCandidates', query: 'sr', candidates: rows });
    await view.page.locator('#mention-picker').waitFor({ state: 'visible' });
    await prompt.press('Escape');
    assert.ok(await view.page.locator('#mention-picker').isHidden());
    assert.equal(await prompt.inputValue(), 'see @sr');
    await prompt.pressSequentially('c');
    await view.deliver({ type: 'mentionCandidates', query: 'src', candidates: rows });
    await view.page.locator('#mention-option-2').click();
    assert.deepEqual((await view.postedOfType('addMention')).at(-1)?.mention, { kind: 'folder', path: 'src' });
    assert.equal(await prompt.inputValue(), 'see @src ');
    assert.ok(await prompt.evaluate((element) => element === document.activeElement), 'the prompt keeps the focus');
  });

  it('takes no e-mail address as a mention, and offers to check a path that matched nothing', async () => {
    const view = await harness().open();
    const prompt = view.page.locator('#prompt');
    await view.deliver(conversation([]));
    await prompt.pressSequentially('mail a@b.com');
    assert.deepEqual(await view.postedOfType('mentionSearch'), []);
    await prompt.fill('');
    await prompt.pressSequentially('@secret.env');
    await view.deliver({ type: 'mentionCandidates', query: 'secret.env', candidates: [] });
    await view.page.locator('#mention-option-0').waitFor();
    assert.match(await view.page.locator('#mention-option-0').innerText(), /secret\.env/);
    await prompt.press('Enter');
    assert.deepEqual((await view.postedOfType('addMention')).at(-1)?.mention, { kind: 'file', path: 'secret.env' });
  });

  it('shows each chip with what it attaches and its size, and a refused mention with why', async () => {
    const view = await harness().open({ width: 300 });
    await view.deliver(conversation([]), {
      type: 'attachments',
      attachments: [
        { id: 'a', kind: 'problems', path: 'Problems', detail: '12', tokens: 340 },
        { id: 'b', kind: 'file', path: 'src/app.ts', tokens: 1_234 },
        { id: 'c', kind: 'file', path: 'secret.env', problem: 'secret.env is hidden by .elbowignore, so Elbow cannot attach it.' },
      ],
    });
    assert.deepEqual(await view.page.locator('#attachments .chip').allInnerTexts(), ['Problems · 12 · 340 tokens', 'src/app.ts · 1.2k tokens', 'secret.env is hidden by .elbowignore, so Elbow cannot attach it.']);
    assert.ok(await view.page.locator('#attachments .chip-problem').isVisible());
    const overflow = await view.page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    assert.equal(overflow, 0, 'nothing sticks out of a 300 px view');
  });
}
