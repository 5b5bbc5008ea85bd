import assert from 'node:assert/strict';
import type { ChatViewHarness } from '../support/chatViewHarness';

const choices = [
  { name: 'Agent', description: 'Reads, edits and runs commands, asking where your approvals say to' },
  { name: 'Plan', description: 'Only reads and runs read-only commands, then answers with a plan' },
  { name: 'security-reviewer-with-a-long-name', description: 'Reviews changes without editing files', origin: 'workspace' as const },
];

/** The header's agent picker: names the conversation's agent; the list itself is the extension's quick pick. */
export function agentPickerSpecs(harness: () => ChatViewHarness): void {
  it('names the picked agent in the header, asks the extension for the list from the keyboard, and fits a 300 px side bar', async () => {
    const view = await harness().open({ width: 300, height: 400 });
    const { page } = view;
    await view.deliver({ type: 'model', model: { provider: 'Anthropic', model: 'claude-sonnet-4-6' } });
    const picker = page.locator('#header #agent-picker');
    assert.equal(await picker.innerText(), 'Agent');
    assert.equal(await picker.getAttribute('aria-haspopup'), 'dialog');

    await picker.focus();
    await page.keyboard.press('Enter');
    await page.keyboard.press('Space');
    assert.deepEqual(await view.postedOfType('pickAgent'), [{ type: 'pickAgent' }, { type: 'pickAgent' }]);
    assert.equal(await picker.innerText(), 'Agent', 'only the extension changes the agent');

    await view.deliver({ type: 'agent', picked: 'Plan', choices });
    assert.equal(await picker.innerText(), 'Plan');
    assert.ok(await picker.locator('.codicon-checklist').isVisible(), 'Plan keeps plan mode\'s icon');
    assert.match((await picker.getAttribute('title')) ?? '', /^Agent: Plan: Only reads/);

    await view.deliver({ type: 'agent', picked: 'security-reviewer-with-a-long-name', choices });
    assert.equal(await picker.getAttribute('aria-label'), 'Agent: security-reviewer-with-a-long-name (from this workspace). Pick an agent');
    assert.match((await picker.getAttribute('title')) ?? '', /from this workspace\): Reviews changes without editing files/);
    const header = await page.locator('#header').evaluate((element) => ({ scroll: element.scrollWidth, client: element.clientWidth }));
    assert.ok(header.scroll <= header.client, `the header fits: ${JSON.stringify(header)}`);
    for (const id of ['agent-picker', 'auto-approve', 'model-button']) {
      const box = await page.locator(`#${id}`).boundingBox();
      assert.ok(box !== null && box.width > 0 && box.x + box.width <= 300, `#${id} shows whole: ${JSON.stringify(box)}`);
    }
    const text = await picker.locator('.agent-picker-text').evaluate((element) => ({ scroll: element.scrollWidth, client: element.clientWidth, overflow: getComputedStyle(element).textOverflow }));
    assert.ok(text.client < text.scroll && text.overflow === 'ellipsis', `a long name is cut with an ellipsis: ${JSON.stringify(text)}`);

    await page.evaluate(() => document.documentElement.style.setProperty('--vscode-badge-background', 'rgb(1, 2, 3)'));
    assert.equal(await picker.evaluate((element) => getComputedStyle(element).backgroundColor), 'rgb(1, 2, 3)', 'a picked agent other than Agent stands out in the theme\'s badge colour');
    await view.deliver({ type: 'agent', picked: 'Agent', choices });
    assert.notEqual(await picker.evaluate((element) => getComputedStyle(element).backgroundColor), 'rgb(1, 2, 3)');
    assert.ok(await picker.locator('.codicon-hubot').isVisible());
    assert.deepEqual(await view.cspViolations(), []);
    assert.deepEqual(view.errors, []);
  });
}
