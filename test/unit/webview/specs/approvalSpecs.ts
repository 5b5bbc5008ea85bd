import assert from 'node:assert/strict';
import type { Locator, Page } from 'playwright-core';
import type { Approval, ChatItemOf } from '../../../../src/protocol/chatItems';
import type { ChatView, ChatViewHarness, HarnessWindow } from '../support/chatViewHarness';
import { conversation, tool, user } from '../support/chatFixtures';

const command = 'npm test -- --grep "a  b"\n  && echo done';

function ask(fields: Partial<Approval> = {}): Approval {
  return {
    kind: 'command',
    title: 'Run this command?',
    command,
    cwd: 'packages/app',
    reasons: ['npm test is not on the allow list', 'echo runs after &&'],
    alwaysAllow: ['npm test'],
    state: 'pending',
    ...fields,
  };
}

const createIssueArguments = '{\n  "title": "Crash on start",\n  "labels": [\n    "bug"\n  ]\n}';

/** An MCP tool call waiting for permission, as the extension asks it. */
function askMcp(fields: Partial<Approval> = {}): Approval {
  return ask({
    kind: 'mcpTool',
    title: 'Run this MCP tool?',
    command: undefined,
    cwd: undefined,
    detail: 'github › create_issue',
    arguments: createIssueArguments,
    reasons: ['create_issue is not marked read-only'],
    alwaysAllow: ['create_issue'],
    ...fields,
  });
}

function run(id: string, approval: Approval | undefined, fields: Partial<ChatItemOf<'tool'>> = {}): ChatItemOf<'tool'> {
  return tool(id, { name: 'run_command', title: 'Run npm test', arguments: '{"command":"npm test"}', approval, ...fields });
}

function card(page: Page, itemId: string): Locator {
  return page.locator(`#messages > .item-tool[data-item-id="${itemId}"] .tool-card`);
}

async function focusedClass(page: Page): Promise<string> {
  return page.evaluate(() => document.activeElement?.className ?? '');
}

/** Opens a running conversation with these tool calls, and waits for the frame in which questions take the focus. */
async function openWith(harness: ChatViewHarness, ...items: ChatItemOf<'tool'>[]): Promise<ChatView> {
  const view = await harness.open();
  await view.deliver(conversation([user('u1', 'Test it'), ...items], { running: true }));
  await view.nextFrame();
  return view;
}

export function approvalSpecs(harness: () => ChatViewHarness): void {
  it('names the question it answers, so a later question on the same card gets its own answer', async () => {
    const view = await openWith(harness(), run('t1', ask({ question: 'q7' })));
    const asked = card(view.page, 't1');
    await asked.locator('.approval-allow').click();
    await view.deliver({ type: 'itemUpdated', item: run('t1', ask({ question: 'q8', title: 'Run it outside the sandbox?' })) });
    await asked.locator('.approval-deny').click();
    assert.deepEqual(await view.postedOfType('resolveApproval'), [
      { type: 'resolveApproval', itemId: 't1', decision: 'allow', question: 'q7' },
      { type: 'resolveApproval', itemId: 't1', decision: 'deny', question: 'q8' },
    ]);
  });

  it('shows a pending command open, with the exact command, where it runs and why Elbow asks, and posts Allow once', async () => {
    const view = await openWith(harness(), run('t1', ask({ detail: 'Runs the test suite' })));
    const { page } = view;
    const asked = card(page, 't1');
    assert.equal(await asked.getAttribute('open'), '', 'a question opens its card');
    assert.equal(await asked.getAttribute('data-approval'), 'pending');
    const status = asked.locator('.tool-status');
    assert.match((await status.getAttribute('class')) ?? '', /codicon-shield/);
    assert.equal(await status.getAttribute('aria-label'), 'Waiting for your permission');
    assert.equal(await asked.locator('.approval-title').innerText(), 'Run this command?');
    assert.equal(await asked.locator('.approval-command').textContent(), command);
    assert.equal(await asked.locator('.approval-command').evaluate((element) => element.tagName), 'PRE');
    assert.equal(await asked.locator('.approval-cwd').innerText(), 'in packages/app');
    assert.equal(await asked.locator('.approval-detail').innerText(), 'Runs the test suite');
    assert.deepEqual(await asked.locator('.approval-reasons li').allTextContents(), ['npm test is not on the allow list', 'echo runs after &&']);
    assert.equal(await asked.locator('[aria-live="polite"]').textContent(), 'Elbow asks: Run this command?');
    assert.equal(await asked.locator('.approval-allow').innerText(), 'Allow');
    assert.match((await asked.locator('.approval-allow').getAttribute('class')) ?? '', /primary-button/);
    assert.equal(await asked.locator('.approval-deny').innerText(), 'Deny');
    assert.equal(await asked.locator('.approval-reason-toggle').innerText(), 'Deny with reason…');
    assert.ok(await asked.locator('.approval-reason').isHidden());
    assert.ok(await asked.locator('.approval-outcome').isHidden());

    await asked.locator('.approval-allow').click();
    await asked.locator('.approval-allow').click({ force: true });
    assert.deepEqual(await view.postedOfType('resolveApproval'), [{ type: 'resolveApproval', itemId: 't1', decision: 'allow' }]);
    for (const button of await asked.locator('.approval button').all()) assert.ok(await button.isDisabled(), 'no second decision');

    await view.deliver({ type: 'itemUpdated', item: run('t1', ask()) });
    assert.ok(await asked.locator('.approval-allow').isEnabled(), 'an update that is still pending allows deciding again');
    await view.deliver({ type: 'itemUpdated', item: run('t1', ask({ state: 'allowed' })) });
    assert.equal(await asked.getAttribute('data-approval'), 'allowed');
    assert.equal(await asked.locator('.approval-outcome').innerText(), 'Allowed');
    assert.equal(await asked.locator('.approval button:visible').count(), 0, 'no buttons once decided');
    assert.equal(await asked.locator('.approval-command').textContent(), command, 'the command stays');
    assert.match((await status.getAttribute('class')) ?? '', /codicon-loading/, 'then it runs');
    assert.deepEqual(view.errors, []);
  });

  it('offers Always allow with the prefixes, and only when there are some', async () => {
    const view = await openWith(
      harness(),
      run('t1', ask({ alwaysAllow: ['npm test', 'npm run build'] })),
      run('t2', ask({ alwaysAllow: [] })),
      run('t3', ask({ kind: 'outsideWorkspace', title: 'Read outside the workspace?', command: undefined, cwd: undefined, detail: '/etc/hosts', alwaysAllow: [] })),
      run('t4', ask({ kind: 'continue', title: 'Keep going?', command: undefined, cwd: undefined, reasons: ['50 turns without an answer'], alwaysAllow: [] })),
    );
    const { page } = view;
    const always = card(page, 't1').locator('.approval-always');
    assert.equal(await always.innerText(), 'Always allow npm test, npm run build');
    assert.deepEqual(await always.locator('code').allTextContents(), ['npm test', 'npm run build']);
    await always.click();
    assert.deepEqual(await view.postedOfType('resolveApproval'), [{ type: 'resolveApproval', itemId: 't1', decision: 'alwaysAllow' }]);
    for (const id of ['t2', 't3', 't4']) {
      assert.ok(await card(page, id).locator('.approval-always').isHidden(), `${id}: nothing to always allow`);
      assert.ok(await card(page, id).locator('.approval-allow').isVisible());
    }
    const outside = card(page, 't3');
    assert.equal(await outside.locator('.approval-title').innerText(), 'Read outside the workspace?');
    assert.equal(await outside.locator('.approval-detail').innerText(), '/etc/hosts');
    assert.ok(await outside.locator('.approval-command').isHidden());
    assert.ok(await outside.locator('.approval-cwd').isHidden());
    assert.deepEqual(await card(page, 't4').locator('.approval-reasons li').allTextContents(), ['50 turns without an answer']);
  });

  it('asks for an MCP tool with its server › tool and arguments, and offers Always allow this tool', async () => {
    const mcpCall = { name: 'mcp__github__create_issue', title: 'github › create_issue', arguments: '{"title":"Crash on start","labels":["bug"]}' };
    const view = await openWith(harness(), run('t1', askMcp(), mcpCall), run('t2', askMcp({ alwaysAllow: [] }), mcpCall), run('t3', ask()));
    const { page } = view;
    const asked = card(page, 't1');
    assert.equal(await asked.getAttribute('data-approval'), 'pending');
    assert.equal(await asked.locator('.approval').getAttribute('data-kind'), 'mcpTool');
    assert.match((await asked.locator('.approval-title-icon').getAttribute('class')) ?? '', /codicon-server-environment/);
    assert.equal(await asked.locator('.approval-title').innerText(), 'Run this MCP tool?');
    assert.equal(await asked.locator('.approval-detail').innerText(), 'github › create_issue');
    const args = asked.locator('.approval-arguments');
    assert.equal(await args.textContent(), createIssueArguments);
    assert.equal(await args.evaluate((element) => element.tagName), 'PRE');
    assert.equal(await args.getAttribute('tabindex'), '0');
    assert.equal(await args.getAttribute('aria-label'), 'Arguments');
    assert.equal(await args.evaluate((element) => getComputedStyle(element).whiteSpace), 'pre-wrap', 'the command box’s look');
    assert.ok(await asked.locator('.approval-command').isHidden());
    assert.ok(await asked.locator('.approval-cwd').isHidden());
    assert.deepEqual(await asked.locator('.approval-reasons li').allTextContents(), ['create_issue is not marked read-only']);

    const always = asked.locator('.approval-always');
    assert.equal(await always.innerText(), 'Always allow this tool');
    assert.equal(await always.getAttribute('title'), 'Allow now, and from now on run create_issue without asking');
    assert.equal(await always.locator('code').count(), 0);
    assert.ok(await card(page, 't2').locator('.approval-always').isHidden(), 'not offered: hidden');
    const command = card(page, 't3');
    assert.ok(await command.locator('.approval-arguments').isHidden(), 'a command has no arguments box');
    assert.equal(await command.locator('.approval-always').innerText(), 'Always allow npm test');
    assert.equal(await command.locator('.approval-always').getAttribute('title'), 'Allow now, and from now on run commands starting with npm test without asking');

    await always.click();
    assert.deepEqual(await view.postedOfType('resolveApproval'), [{ type: 'resolveApproval', itemId: 't1', decision: 'alwaysAllow' }]);
    await view.deliver({ type: 'itemUpdated', item: run('t1', askMcp({ state: 'allowed' }), { ...mcpCall, status: 'done', result: 'Created #12' }) });
    assert.equal(await asked.locator('.approval-outcome').innerText(), 'Allowed');
    assert.equal(await args.textContent(), createIssueArguments, 'the arguments stay');
    assert.deepEqual(view.errors, []);
  });

  it('denies, with a reason sent by keyboard or without one, and shows what was decided', async () => {
    const view = await openWith(harness(), run('t1', ask()), run('t2', ask()), run('t3', ask()));
    const { page } = view;
    await card(page, 't1').locator('.approval-deny').click();
    const third = card(page, 't3');
    await third.locator('.approval-reason-toggle').click();
    await third.locator('.approval-send-reason').click();

    const second = card(page, 't2');
    const toggle = second.locator('.approval-reason-toggle');
    await toggle.focus();
    await page.keyboard.press('Enter');
    assert.equal(await toggle.getAttribute('aria-expanded'), 'true');
    assert.match(await focusedClass(page), /approval-reason/, 'the reason box takes the focus');
    assert.equal(await second.locator('.approval-send-reason').innerText(), 'Deny and tell Elbow');
    await page.keyboard.type('  Use npm ci first.  ');
    await page.keyboard.press('Escape');
    assert.ok(await second.locator('.approval-reason').isHidden(), 'Escape closes the box');
    assert.match(await focusedClass(page), /approval-reason-toggle/);
    await page.keyboard.press('Enter');
    await page.keyboard.press('Control+Enter');
    assert.deepEqual(await view.postedOfType('resolveApproval'), [
      { type: 'resolveApproval', itemId: 't1', decision: 'deny' },
      { type: 'resolveApproval', itemId: 't3', decision: 'deny' },
      { type: 'resolveApproval', itemId: 't2', decision: 'deny', reason: 'Use npm ci first.' },
    ]);
    assert.ok(await second.locator('.approval-reason').isDisabled());

    await view.deliver(
      { type: 'itemUpdated', item: run('t1', ask({ state: 'denied' }), { status: 'error', title: 'Command denied' }) },
      { type: 'itemUpdated', item: run('t2', ask({ state: 'denied', reason: 'Use npm ci first.' }), { status: 'error', title: 'Command denied' }) },
    );
    assert.equal(await card(page, 't1').locator('.approval-outcome').innerText(), 'Denied');
    assert.equal(await second.locator('.approval-outcome').innerText(), 'Denied: Use npm ci first.');
    assert.equal(await second.getAttribute('data-approval'), 'denied');
    assert.equal(await page.locator('[data-item-id="t1"] .approval button:visible, [data-item-id="t2"] .approval :is(button, textarea):visible').count(), 0);
    assert.match(await focusedClass(page), /approval-outcome/, 'the keyboard stays in the card that was decided');
  });

  it('takes the focus to a new question itself, never to a choice nor from the composer, and reaches every button by Tab', async () => {
    const view = await openWith(harness());
    const { page } = view;
    const prompt = page.locator('#prompt');
    await prompt.focus();
    await page.keyboard.type('next I want');
    await view.deliver({ type: 'itemAdded', item: run('t1', ask()) });
    await view.nextFrame();
    assert.equal(await page.evaluate(() => document.activeElement?.id), 'prompt', 'typing is not interrupted');
    await page.keyboard.type(' more');
    assert.equal(await prompt.inputValue(), 'next I want more');

    await page.locator('#messages').focus();
    await view.deliver({ type: 'itemAdded', item: run('t2', undefined) });
    await view.deliver({ type: 'itemUpdated', item: run('t2', ask({ alwaysAllow: ['npm test'] })) });
    await view.nextFrame();
    assert.equal(await page.evaluate(() => document.activeElement?.closest('.item')?.getAttribute('data-item-id')), 't2');
    assert.match(await focusedClass(page), /^approval$/);
    for (const next of ['approval-command', 'approval-allow', 'approval-always', 'approval-deny', 'approval-reason-toggle']) {
      await page.keyboard.press('Tab');
      assert.match(await focusedClass(page), new RegExp(next));
    }
    await view.deliver({ type: 'itemUpdated', item: run('t2', ask()) });
    await view.nextFrame();
    assert.match(await focusedClass(page), /approval-reason-toggle/, 'an update of a question already asked moves nothing');
  });

  it('shows a hostile command, its reasons and the denial as text', async () => {
    const payload = '<img src=x onerror="window.__xss=1">';
    const hostile = ask({ title: payload, command: `echo ${payload}`, cwd: payload, detail: payload, reasons: [payload], alwaysAllow: [payload] });
    const hostileMcp = askMcp({ title: payload, detail: `${payload} › ${payload}`, arguments: `{"body": "${payload}"}`, reasons: [payload], alwaysAllow: [payload] });
    const view = await openWith(harness(), run('t1', hostile), run('t2', { ...hostile, state: 'denied', reason: payload }, { status: 'error' }), run('t3', hostileMcp));
    const { page } = view;
    await card(page, 't2').locator('summary').click({ position: { x: 4, y: 4 } });
    await page.waitForTimeout(100);
    assert.equal(await page.evaluate(() => (window as unknown as HarnessWindow).__xss), undefined);
    assert.equal(await page.locator('img, script:not([nonce]), [onerror]').count(), 0);
    const asked = card(page, 't1');
    assert.equal(await asked.locator('.approval-command').textContent(), `echo ${payload}`);
    assert.equal(await asked.locator('.approval-title').textContent(), payload);
    assert.equal(await asked.locator('.approval-cwd').textContent(), `in ${payload}`);
    assert.deepEqual(await asked.locator('.approval-reasons li').allTextContents(), [payload]);
    assert.equal(await asked.locator('.approval-always code').textContent(), payload);
    assert.equal(await card(page, 't2').locator('.approval-outcome-reason').textContent(), payload);
    const mcpAsked = card(page, 't3');
    assert.equal(await mcpAsked.locator('.approval-detail').textContent(), `${payload} › ${payload}`);
    assert.equal(await mcpAsked.locator('.approval-arguments').textContent(), `{"body": "${payload}"}`);
    assert.equal(await mcpAsked.locator('.approval-always').getAttribute('title'), `Allow now, and from now on run ${payload} without asking`);
    assert.deepEqual(await view.cspViolations(), []);
  });
}
