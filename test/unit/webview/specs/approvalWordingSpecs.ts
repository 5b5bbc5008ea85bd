import assert from 'node:assert/strict';
import type { Locator, Page } from 'playwright-core';
import type { Approval, ChatItemOf } from '../../../../src/protocol/chatItems';
import type { ChatViewHarness, HarnessWindow } from '../support/chatViewHarness';
import { conversation, tool, user } from '../support/chatFixtures';

function ask(fields: Partial<Approval> = {}): Approval {
  return {
    kind: 'command',
    title: 'Run this command?',
    command: 'node fizzbuzz.js',
    cwd: 'the workspace folder',
    placement: { kind: 'noSandbox', reason: 'bubblewrap is not installed' },
    reasons: ['`node fizzbuzz.js` is not on the allow list'],
    alwaysAllow: [],
    state: 'pending',
    ...fields,
  };
}

function runCall(id: string, approval: Approval, fields: Partial<ChatItemOf<'tool'>> = {}): ChatItemOf<'tool'> {
  return tool(id, { name: 'run_command', toolKind: 'command', title: 'Running node fizzbuzz.js', arguments: '{"command":"node fizzbuzz.js"}', approval, ...fields });
}

function card(page: Page, itemId: string): Locator {
  return page.locator(`#messages > .item-tool[data-item-id="${itemId}"] .tool-card`);
}

/** How a command's card reads to the user while it waits, runs, ran or was denied. */
export function approvalWordingSpecs(harness: () => ChatViewHarness): void {
  it('titles a command’s card by what happens to it: asked, running, ran with its exit code, or denied', async () => {
    const view = await harness().open();
    await view.deliver(conversation([user('u1', 'Run it'), runCall('t1', ask()), runCall('t2', ask())], { running: true }));
    const { page } = view;
    const asked = card(page, 't1');
    const title = asked.locator('.tool-title');
    assert.equal(await title.innerText(), 'Wants to run node fizzbuzz.js', 'nothing runs while it waits');
    assert.equal(await title.getAttribute('title'), 'Wants to run node fizzbuzz.js');
    assert.ok(await asked.locator('.approval-title').isVisible());

    await view.deliver({ type: 'itemUpdated', item: runCall('t1', ask({ state: 'allowed', allowedPlacement: 'outsideSandbox' })) });
    assert.equal(await title.innerText(), 'Running node fizzbuzz.js');
    assert.ok(await asked.locator('.approval-title').isHidden(), 'the question is answered');
    assert.equal(await asked.locator('.approval-outcome').innerText(), 'Allowed — without a sandbox');

    await view.deliver({ type: 'itemUpdated', item: runCall('t1', ask({ state: 'allowed', allowedPlacement: 'outsideSandbox' }), { status: 'done', title: 'Ran node fizzbuzz.js · exit 0', result: 'Exit code: 0' }) });
    assert.equal(await title.textContent(), 'Ran node fizzbuzz.js · exit 0');

    const denied = card(page, 't2');
    await view.deliver({ type: 'itemUpdated', item: runCall('t2', ask({ state: 'denied' }), { status: 'error', title: 'The user denied permission to run node fizzbuzz.js. Do not try it again…', result: 'The user denied permission' }) });
    assert.equal(await denied.locator('.tool-title').innerText(), 'Denied: node fizzbuzz.js');
    assert.ok(await denied.locator('.approval-title').isHidden());
    assert.equal(await denied.locator('.approval-outcome').innerText(), 'Denied');
    assert.deepEqual(view.errors, []);
  });

  it('shows the code a reason marks with backticks as code, never the backticks, and never as markup', async () => {
    const payload = '<img src=x onerror="window.__xss=1">';
    const view = await harness().open();
    await view.deliver(conversation([
      user('u1', 'Run it'),
      runCall('t1', ask({ reasons: ['`node fizzbuzz.js` is not on the allow list', `\`${payload}\` matches \`rm\``, 'a lone ` stays'] })),
    ], { running: true }));
    const reasons = card(view.page, 't1').locator('.approval-reasons li');
    assert.deepEqual(await reasons.allTextContents(), ['node fizzbuzz.js is not on the allow list', `${payload} matches rm`, 'a lone ` stays']);
    assert.deepEqual(await reasons.nth(0).locator('code').allTextContents(), ['node fizzbuzz.js']);
    assert.deepEqual(await reasons.nth(1).locator('code').allTextContents(), [payload, 'rm']);
    assert.equal(await view.page.locator('img, [onerror]').count(), 0);
    assert.equal(await view.page.evaluate(() => (window as unknown as HarnessWindow).__xss), undefined);
    assert.deepEqual(await view.cspViolations(), []);
  });

  it('shows under a question only the arguments it does not already show', async () => {
    const view = await harness().open();
    await view.deliver(conversation([
      user('u1', 'Run it'),
      runCall('t1', ask(), { arguments: '{"command":"node fizzbuzz.js","cwd":"."}' }),
      runCall('t2', ask(), { arguments: '{"command":"npm test","timeout_seconds":600,"background":false}' }),
      runCall('t3', ask({ kind: 'mcpTool', command: undefined, cwd: undefined, placement: undefined, detail: 'github › create_issue', arguments: '{\n  "title": "Crash"\n}' }), { name: 'mcp__github__create_issue', toolKind: 'mcp', arguments: '{"title":"Crash"}' }),
    ], { running: true }));
    const { page } = view;
    for (const id of ['t1', 't3']) {
      const labels = await card(page, id).locator('.tool-section-label:visible').allTextContents();
      assert.ok(!labels.includes('Arguments') && await card(page, id).locator('.tool-arguments').isHidden(), `${id}: the question shows them all`);
    }
    const rest = card(page, 't2').locator('.tool-arguments');
    assert.ok(await rest.isVisible());
    assert.equal(await rest.textContent(), '{\n  "timeout_seconds": 600,\n  "background": false\n}');
    assert.deepEqual(view.errors, []);
  });
}
