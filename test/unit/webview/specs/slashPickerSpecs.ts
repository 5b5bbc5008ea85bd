import assert from 'node:assert/strict';
import type { SlashCommandRow } from '../../../../src/protocol/slashCommands';
import type { ChatViewHarness } from '../support/chatViewHarness';
import { conversation } from '../support/chatFixtures';

const rows: SlashCommandRow[] = [
  { name: 'compact', description: 'Summarise the conversation now to free context', kind: 'elbow', source: 'Elbow' },
  { name: 'plan', description: 'Plan mode: the agent reads and plans but changes nothing', kind: 'elbow', source: 'Elbow' },
  { name: 'review-pr', description: 'Review a pull request for bugs and style', kind: 'prompt', argumentHint: '[pr-number] [priority]', source: '.claude/commands/review-pr.md', note: '"allowed-tools" is not applied: a prompt file never approves or adds tools' },
  { name: 'create-form', description: 'Generate a new form component', kind: 'prompt', source: '.github/prompts/create-form.prompt.md' },
  { name: 'pdf', description: 'Fill in PDF forms', kind: 'skill', source: '.agents/skills/pdf/SKILL.md' },
];

export function slashPickerSpecs(harness: () => ChatViewHarness): void {
  it('opens on / at the start, filters as the name is typed, and is chosen with the keyboard into "/name "', async () => {
    const view = await harness().open({ width: 300 });
    const prompt = view.page.locator('#prompt');
    const picker = view.page.locator('#slash-picker');
    await view.deliver(conversation([]), { type: 'slashCommands', commands: rows });
    await prompt.pressSequentially('/');
    await picker.waitFor({ state: 'visible' });
    assert.equal(await picker.getAttribute('role'), 'listbox');
    assert.equal(await view.page.locator('#slash-picker [role="option"]').count(), 5);
    assert.equal(await prompt.getAttribute('aria-expanded'), 'true');
    assert.equal(await prompt.getAttribute('aria-controls'), 'slash-picker');
    assert.equal(await prompt.getAttribute('aria-activedescendant'), 'slash-option-0');
    assert.deepEqual(await view.postedOfType('mentionSearch'), [], 'no @ search for a slash');

    await prompt.pressSequentially('r');
    assert.deepEqual(await view.page.locator('#slash-picker .slash-name').allInnerTexts(), ['/review-pr', '/create-form'], 'names starting with the text first, then those containing it');
    const review = view.page.locator('#slash-option-0');
    assert.match(await review.innerText(), /\[pr-number\] \[priority\]/);
    assert.match(await review.innerText(), /\.claude\/commands\/review-pr\.md/);
    assert.match(await review.innerText(), /Note: "allowed-tools" is not applied/);
    await prompt.press('ArrowDown');
    assert.equal(await prompt.getAttribute('aria-activedescendant'), 'slash-option-1');
    await prompt.press('ArrowDown');
    assert.equal(await prompt.getAttribute('aria-activedescendant'), 'slash-option-0', 'Down from the last row wraps to the first');
    await prompt.press('Enter');
    assert.equal(await prompt.inputValue(), '/review-pr ');
    assert.ok(await picker.isHidden());
    assert.equal(await prompt.getAttribute('aria-expanded'), 'false');
    assert.deepEqual(await view.postedOfType('send'), [], 'Enter chose the row and sent nothing');

    await prompt.pressSequentially('7 high');
    assert.ok(await picker.isHidden(), 'the arguments do not reopen it');
    await prompt.press('Enter');
    assert.deepEqual(await view.postedOfType('send'), [{ type: 'send', text: '/review-pr 7 high' }]);
  });

  it('closes on Escape keeping the text, chooses with Tab and with the mouse, and opens only at the start', async () => {
    const view = await harness().open();
    const prompt = view.page.locator('#prompt');
    const picker = view.page.locator('#slash-picker');
    await view.deliver(conversation([]), { type: 'slashCommands', commands: rows });
    await prompt.pressSequentially('/pl');
    await picker.waitFor({ state: 'visible' });
    await prompt.press('Escape');
    assert.ok(await picker.isHidden());
    assert.equal(await prompt.inputValue(), '/pl');
    await prompt.pressSequentially('a');
    await picker.waitFor({ state: 'visible' });
    await prompt.press('Tab');
    assert.equal(await prompt.inputValue(), '/plan ');
    await prompt.fill('');
    await prompt.pressSequentially('/cr');
    await view.page.locator('#slash-option-0').click();
    assert.equal(await prompt.inputValue(), '/create-form ');
    assert.ok(await prompt.evaluate((element) => element === document.activeElement), 'the prompt keeps the focus');
    await prompt.fill('');
    await prompt.pressSequentially('see a/b');
    assert.ok(await picker.isHidden(), 'a slash inside the text is no command');
    await prompt.fill('');
    await prompt.pressSequentially('/zzz');
    assert.ok(await picker.isHidden(), 'nothing matches: no empty list');
    await prompt.press('Enter');
    assert.deepEqual(await view.postedOfType('send'), [{ type: 'send', text: '/zzz' }]);
  });

  it('gives a refused command back to an empty input', async () => {
    const view = await harness().open();
    const prompt = view.page.locator('#prompt');
    await view.deliver(conversation([]), { type: 'slashCommands', commands: rows });
    await view.deliver({ type: 'restoreDraft', text: '/create-form' });
    assert.equal(await prompt.inputValue(), '/create-form');
    await prompt.fill('new text');
    await view.deliver({ type: 'restoreDraft', text: '/create-form' });
    assert.equal(await prompt.inputValue(), 'new text');
  });

  for (const theme of ['dark', 'light'] as const) {
    it(`shows the picker at 300 px in the ${theme} theme`, async () => {
      const view = await harness().open({ width: 300, height: 520 });
      await view.page.evaluate((kind) => document.body.classList.add(kind === 'dark' ? 'vscode-dark' : 'vscode-light'), theme);
      await view.deliver(conversation([]), { type: 'slashCommands', commands: rows });
      await view.page.locator('#prompt').pressSequentially('/');
      const picker = view.page.locator('#slash-picker');
      await picker.waitFor({ state: 'visible' });
      const box = await picker.boundingBox();
      assert.ok(box !== null && box.x >= 0 && box.x + box.width <= 300, 'the picker fits the 300 px view');
      const overflowing = await view.page.locator('#slash-picker .slash-option').evaluateAll((options) => options.filter((option) => option.scrollWidth > option.clientWidth + 1).length);
      assert.equal(overflowing, 0, 'no row is wider than the picker');
    });
  }
}
