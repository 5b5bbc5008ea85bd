import assert from 'node:assert/strict';
import type { Approval, ChatItemOf, Subagent } from '../../../../src/protocol/chatItems';
import type { ChatViewHarness } from '../support/chatViewHarness';
import { conversation, tool, user } from '../support/chatFixtures';

const usage = { inputTokens: 12_300, outputTokens: 1_200, cacheReadTokens: 0, cacheWriteTokens: 0 };

function child(fields: Partial<Subagent> = {}): Subagent {
  return {
    taskId: 'child1',
    agent: 'explore',
    description: 'Find uses of parseConfig in the workspace packages',
    status: 'running',
    steps: [
      { kind: 'tool', id: 's1', name: 'search', toolKind: 'search', title: 'Searched packages/: 14 matches in 9 files', status: 'done' },
      { kind: 'tool', id: 'r1', name: 'read_file', toolKind: 'read', title: 'Read packages/config/src/parseConfig.ts', status: 'running' },
      { kind: 'text', id: 'text-2', text: 'It is used in <b>nine</b> files.' },
    ],
    usage,
    cost: 0.04,
    ...fields,
  };
}

function task(subagent: Subagent | undefined, fields: Partial<ChatItemOf<'tool'>> = {}): ChatItemOf<'tool'> {
  return tool('task1', { name: 'task', toolKind: 'task', title: 'Task: Find uses of parseConfig', arguments: '{"description":"Find uses of parseConfig","prompt":"…","agent":"explore"}', ...(subagent === undefined ? {} : { subagent }), ...fields });
}

const card = '[data-item-id="task1"] > .subagent';

/** A `task` call's child shows under its card: live while it runs, folded once done, open to the keyboard. */
export function subagentCardSpecs(harness: () => ChatViewHarness): void {
  it('streams a running child\'s steps open under its card, then folds them when it is done', async () => {
    const view = await harness().open({ width: 300, height: 600 });
    const { page } = view;
    await view.deliver(conversation([user('u1', 'Where is parseConfig used?')], { running: true }), { type: 'itemAdded', item: task(undefined) });
    assert.equal(await page.locator(card).count(), 0, 'no child before it reports');

    await view.deliver({ type: 'itemUpdated', item: task(child()) });
    const toggle = page.locator(`${card} > .subagent-header > .subagent-toggle`);
    assert.equal(await page.locator(card).getAttribute('data-status'), 'running');
    assert.equal(await toggle.locator('.subagent-agent').innerText(), 'explore');
    assert.equal(await toggle.locator('.subagent-description').innerText(), 'Find uses of parseConfig in the workspace packages');
    assert.ok(await page.locator(`${card} > .subagent-header > .subagent-status.codicon-loading.codicon-modifier-spin`).isVisible());
    assert.equal(await page.locator(`${card} > .subagent-header > .subagent-status`).getAttribute('aria-label'), 'Running');
    assert.equal(await page.locator(`${card} > .subagent-meta`).innerText(), 'Running · 2 steps · 12.3k in · 1.2k out · $0.04');
    assert.equal(await toggle.getAttribute('aria-expanded'), 'true', 'open while it runs');
    const steps = page.locator(`${card} > .subagent-steps`);
    assert.ok(await steps.isVisible());
    assert.deepEqual(await steps.locator('.subagent-step-title').allInnerTexts(), ['Searched packages/: 14 matches in 9 files', 'Read packages/config/src/parseConfig.ts']);
    assert.equal(await steps.locator('.subagent-step[data-status="running"] .subagent-step-icon.codicon-file').count(), 1);
    assert.equal(await steps.locator('.subagent-text').innerText(), 'It is used in <b>nine</b> files.');
    assert.equal(await steps.locator('.subagent-text b').count(), 0, 'the child\'s text is plain');

    await view.deliver({ type: 'itemUpdated', item: task(child({ status: 'done', steps: child().steps.map((step) => (step.kind === 'tool' ? { ...step, status: 'done' } : step)) }), { status: 'done', title: 'Task done: Find uses of parseConfig' }) });
    assert.equal(await page.locator(card).getAttribute('data-status'), 'done');
    assert.equal(await toggle.getAttribute('aria-expanded'), 'false', 'folded once done');
    assert.ok(!(await steps.isVisible()));
    assert.ok(await page.locator(`${card} > .subagent-header > .subagent-status.codicon-check`).isVisible());
    assert.equal(await page.locator(`${card} > .subagent-meta`).innerText(), 'Done · 2 steps · 12.3k in · 1.2k out · $0.04');
  });

  it('opens and folds a finished child\'s steps from the keyboard, and the choice holds as the card changes', async () => {
    const view = await harness().open({ width: 300, height: 600 });
    const { page } = view;
    await view.deliver(conversation([user('u1', 'Where?'), task(child({ status: 'done' }), { status: 'done' })]));
    const toggle = page.locator(`${card} .subagent-toggle`);
    assert.equal(await toggle.getAttribute('aria-expanded'), 'false', 'a reopened conversation shows its children folded');
    assert.equal(await toggle.getAttribute('aria-controls'), await page.locator(`${card} > .subagent-steps`).getAttribute('id'));
    await toggle.focus();
    await page.keyboard.press('Enter');
    assert.equal(await toggle.getAttribute('aria-expanded'), 'true');
    assert.ok(await page.locator(`${card} > .subagent-steps`).isVisible());
    await view.deliver({ type: 'itemUpdated', item: task(child({ status: 'done', cost: 0.05 }), { status: 'done' }) });
    assert.equal(await toggle.getAttribute('aria-expanded'), 'true', 'an update keeps the user\'s choice');
    await page.keyboard.press('Space');
    assert.equal(await toggle.getAttribute('aria-expanded'), 'false');
    assert.ok(!(await page.locator(`${card} > .subagent-steps`).isVisible()));
  });

  it('nests a child\'s own child in the step of its task, and shows a stopped or failed child for what it is', async () => {
    const view = await harness().open({ width: 300, height: 600 });
    const { page } = view;
    const grandchild = child({ taskId: 'child2', description: 'Read the parser', status: 'cancelled', steps: [], usage: { ...usage, inputTokens: 0, outputTokens: 0 } });
    const parent = child({ status: 'failed', steps: [{ kind: 'tool', id: 't1', name: 'task', toolKind: 'task', title: 'Task: Read the parser', status: 'error', subagent: grandchild }], droppedSteps: 3 });
    await view.deliver(conversation([user('u1', 'Where?'), task(parent, { status: 'error' })]));
    await page.locator(`${card} .subagent-toggle`).first().click();
    const nested = page.locator(`${card} > .subagent-steps > .subagent-step > .subagent`);
    assert.equal(await nested.getAttribute('data-status'), 'cancelled');
    assert.equal(await nested.locator('.subagent-description').innerText(), 'Read the parser');
    assert.equal(await nested.locator('.subagent-status').getAttribute('aria-label'), 'Stopped');
    assert.equal(await nested.locator('.subagent-meta').innerText(), 'Stopped · 0 steps');
    assert.equal(await page.locator(`${card} > .subagent-header .subagent-status`).getAttribute('aria-label'), 'Failed');
    assert.equal(await page.locator(`${card} > .subagent-meta`).innerText(), 'Failed · 4 steps · 12.3k in · 1.2k out · $0.04');
    assert.equal(await page.locator(`${card} > .subagent-steps > .subagent-dropped`).innerText(), '3 earlier steps not shown');
  });

  it('asks a child\'s question on its task card, named by the child, with its waiting step in view', async () => {
    const view = await harness().open({ width: 300, height: 600 });
    const { page } = view;
    const approval: Approval = { kind: 'command', title: 'explore · Find uses asks: Run this command in the sandbox?', command: 'grep -rn parseConfig .', reasons: ['grep is not on the allow list'], alwaysAllow: ['grep'], placement: { kind: 'sandbox' }, state: 'pending' };
    const waiting = child({ status: 'done', steps: [{ kind: 'tool', id: 'c1', name: 'run_command', toolKind: 'command', title: 'Run grep', status: 'running', asking: true }] });
    await view.deliver(conversation([user('u1', 'Where?'), task(child({ status: 'done' }))], { running: true }));
    await view.deliver({ type: 'itemUpdated', item: task(waiting, { approval }) });
    assert.equal(await page.locator('[data-item-id="task1"] .tool-title').innerText(), 'explore · Find uses of parseConfig in the workspace packages wants to run grep -rn parseConfig .');
    assert.ok(await page.locator('[data-item-id="task1"] .approval-allow').isVisible());
    assert.equal(await page.locator(`${card} .subagent-toggle`).getAttribute('aria-expanded'), 'true', 'a waiting step unfolds its child');
    assert.equal(await page.locator(`${card} .subagent-step[data-status="asking"] .subagent-step-status`).getAttribute('aria-label'), 'Waiting for your permission');
    assert.equal(await page.evaluate(() => document.body.dataset.questionWaiting), 'true');
    await page.locator('[data-item-id="task1"] .approval-allow').click();
    const posted = await view.postedOfType('resolveApproval');
    assert.equal(posted[0]?.itemId, 'task1');
  });

  it('keeps the agent, the status and the counts whole in a 300 px side bar, the description giving way', async () => {
    const view = await harness().open({ width: 300, height: 600 });
    const { page } = view;
    await view.deliver(conversation([user('u1', 'Where?'), task(child())], { running: true }));
    const boxes = await page.locator(card).evaluate((element) => {
      const parts = ['.subagent-agent', '.subagent-description', '.subagent-status', '.subagent-meta', '.subagent-step-title'].map((selector) => {
        const part = element.querySelector(selector);
        const box = part?.getBoundingClientRect();
        return { selector, right: box?.right ?? 0, width: box?.width ?? 0, scroll: part?.scrollWidth ?? 0, client: part?.clientWidth ?? 0 };
      });
      return { parts, card: element.getBoundingClientRect().right, page: document.documentElement.clientWidth };
    });
    assert.ok(boxes.card <= boxes.page, 'the card fits the side bar');
    for (const part of boxes.parts) assert.ok(part.width > 0 && part.right <= boxes.card + 0.5, JSON.stringify(part));
    const agent = boxes.parts[0];
    assert.ok(agent !== undefined && agent.scroll <= agent.client, 'the agent\'s name is whole');
    const description = boxes.parts[1];
    assert.ok(description !== undefined && description.scroll > description.client, 'the long description is cut with an ellipsis');
    assert.equal(await page.locator(`${card} .subagent-toggle`).getAttribute('title'), 'Hide the steps of explore: Find uses of parseConfig in the workspace packages', 'the whole description in the tooltip');
  });
}
