import assert from 'node:assert/strict';
import type { Locator, Page } from 'playwright-core';
import type { Approval, ChatItemOf } from '../../../../src/protocol/chatItems';
import type { ChatView, ChatViewHarness, HarnessWindow } from '../support/chatViewHarness';
import { conversation, tool, user } from '../support/chatFixtures';
import { sandboxCommandApproval } from '../../../support/approvalFixtures';

const payload = '<img src=x onerror="window.__xss=1">';

const inSandbox = sandboxCommandApproval;

function outsideRequested(reason: string, fields: Partial<Approval> = {}): Approval {
  return inSandbox({ title: 'Run outside the sandbox?', command: 'npm publish', placement: { kind: 'outsideRequested', reason }, reasons: [], alwaysAllow: [], ...fields });
}

function withoutSandbox(fields: Partial<Approval> = {}): Approval {
  return inSandbox({ title: 'Run this command?', placement: { kind: 'noSandbox', reason: 'bubblewrap is not installed' }, alwaysAllow: [], ...fields });
}

const settingsDiff = [
  '--- .vscode/settings.json',
  '+++ .vscode/settings.json',
  '@@ -1,3 +1,3 @@',
  ' {',
  '-  "elbow.commands.autoApprove": false',
  '+  "elbow.commands.autoApprove": true',
  ' }',
  '',
].join('\n');

function protectedFile(fields: Partial<Approval> = {}): Approval {
  return {
    kind: 'protectedFile',
    title: 'Change a protected file?',
    detail: '.vscode/settings.json',
    diff: settingsDiff,
    reasons: ["It is protected because VS Code's settings (Elbow's too), tasks and launch configurations."],
    alwaysAllow: [],
    state: 'pending',
    ...fields,
  };
}

function run(id: string, approval: Approval | undefined, fields: Partial<ChatItemOf<'tool'>> = {}): ChatItemOf<'tool'> {
  return tool(id, { name: 'run_command', title: 'Run npm test', arguments: '{"command":"npm test"}', approval, ...fields });
}

function edit(id: string, approval: Approval | undefined): ChatItemOf<'tool'> {
  return tool(id, { name: 'edit_file', title: 'Edit .vscode/settings.json', arguments: '{"path":".vscode/settings.json"}', approval });
}

function card(page: Page, itemId: string): Locator {
  return page.locator(`#messages > .item-tool[data-item-id="${itemId}"] .tool-card`);
}

async function focusedClass(page: Page): Promise<string> {
  return page.evaluate(() => document.activeElement?.className ?? '');
}

/** The visible buttons of a pending question, in order, by their text. */
async function buttons(asked: Locator): Promise<string[]> {
  return asked.locator('.approval-actions > button:visible').allInnerTexts();
}

/** Opens a running conversation, then the questions arrive while the keyboard is in the conversation (not typing). */
async function openWith(harness: ChatViewHarness, items: ChatItemOf<'tool'>[], options: { width?: number } = {}): Promise<ChatView> {
  const view = await harness.open(options);
  await view.deliver(conversation([user('u1', 'Test it')], { running: true }));
  await view.page.locator('#messages').focus();
  await view.deliver(...items.map((item) => ({ type: 'itemAdded' as const, item })));
  await view.nextFrame();
  return view;
}

/** Permission cards for commands in and out of the sandbox, and for protected files. */
export function sandboxApprovalSpecs(harness: () => ChatViewHarness): void {
  it('asks to run a command in the sandbox: says what the sandbox allows, offers running it outside, and shows where it was allowed', async () => {
    const view = await openWith(harness(), [run('t1', inSandbox()), run('t2', inSandbox())]);
    const { page } = view;
    const asked = card(page, 't1');
    assert.equal(await asked.locator('.approval').getAttribute('data-placement'), 'sandbox');
    assert.equal(await asked.locator('.approval-title').innerText(), 'Run this command in the sandbox?');
    assert.match(await asked.locator('.approval-placement').innerText(), /write only in the workspace, with no network .* no access to your credentials/);
    assert.ok(await asked.locator('.approval-model-reason').isHidden());
    assert.deepEqual(await buttons(asked), ['Allow', 'Always allow npm test', 'Run outside the sandbox', 'Deny', 'Deny with reason…']);
    assert.match((await asked.locator('.approval-allow').getAttribute('class')) ?? '', /primary-button/);
    assert.equal(await asked.locator('.approval-run-outside').getAttribute('title'), 'Run it once outside the sandbox, with your full rights');

    assert.match(await focusedClass(page), /^approval$/, 'the keyboard lands on the question, not on a choice');
    await asked.locator('.approval-allow').focus();
    for (const next of ['approval-always', 'approval-run-outside', 'approval-deny', 'approval-reason-toggle']) {
      await page.keyboard.press('Tab');
      assert.match(await focusedClass(page), new RegExp(next));
    }
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Shift+Tab');
    assert.match(await focusedClass(page), /approval-run-outside/);
    await page.keyboard.press('Space');
    await card(page, 't2').locator('.approval-allow').focus();
    await page.keyboard.press('Enter');
    assert.deepEqual(await view.postedOfType('resolveApproval'), [
      { type: 'resolveApproval', itemId: 't1', decision: 'allowOutsideSandbox' },
      { type: 'resolveApproval', itemId: 't2', decision: 'allow' },
    ]);

    await view.deliver(
      { type: 'itemUpdated', item: run('t1', inSandbox({ state: 'allowed', allowedPlacement: 'outsideSandbox' })) },
      { type: 'itemUpdated', item: run('t2', inSandbox({ state: 'allowed', allowedPlacement: 'sandboxed' })) },
    );
    assert.equal(await asked.locator('.approval-outcome').innerText(), 'Allowed — outside the sandbox');
    assert.equal(await card(page, 't2').locator('.approval-outcome').innerText(), 'Allowed — in the sandbox');
    assert.equal(await page.locator('.approval button:visible').count(), 0);
    assert.deepEqual(view.errors, []);
  });

  it('asks to run a command outside the sandbox with the model’s reason as text, the sandbox as its primary choice and no Always allow', async () => {
    const reason = `It must write ~/.npmrc ${payload}`;
    const view = await openWith(harness(), [run('t1', outsideRequested(reason, { alwaysAllow: ['npm publish'] })), run('t2', outsideRequested('Needs the network'))]);
    const { page } = view;
    const asked = card(page, 't1');
    assert.equal(await asked.locator('.approval-title').innerText(), 'Run outside the sandbox?');
    assert.match((await asked.locator('.approval-title-icon').getAttribute('class')) ?? '', /codicon-warning/);
    assert.equal(await asked.locator('.approval-model-reason-text').textContent(), reason);
    assert.ok(await asked.locator('.approval-model-reason').isVisible());
    assert.equal(await page.evaluate(() => (window as unknown as HarnessWindow).__xss), undefined);
    assert.equal(await page.locator('#messages img, #messages [onerror]').count(), 0);
    assert.match(await asked.locator('.approval-placement').innerText(), /with your full rights/);
    assert.deepEqual(await buttons(asked), ['Allow outside the sandbox', 'Run in the sandbox instead', 'Deny', 'Deny with reason…'], 'no Always allow, even if one came');
    assert.match((await asked.locator('.approval-sandbox-instead').getAttribute('class')) ?? '', /primary-button/);
    assert.doesNotMatch((await asked.locator('.approval-allow').getAttribute('class')) ?? '', /primary-button/);
    assert.equal(await asked.locator('.approval-allow').getAttribute('title'), 'Run it once outside the sandbox, with your full rights');
    const second = card(page, 't2');
    assert.match(await focusedClass(page), /^approval$/, 'the keyboard lands on the question, not on full rights');
    assert.equal(await page.evaluate(() => document.activeElement?.closest('.item')?.getAttribute('data-item-id')), 't2', 'of the latest question');
    await page.keyboard.press('Tab');
    assert.match(await focusedClass(page), /approval-command/, 'the command first');
    await page.keyboard.press('Tab');
    assert.match(await focusedClass(page), /approval-allow/);
    await page.keyboard.press('Enter');
    await asked.locator('.approval-sandbox-instead').click();
    assert.deepEqual(await view.postedOfType('resolveApproval'), [
      { type: 'resolveApproval', itemId: 't2', decision: 'allow' },
      { type: 'resolveApproval', itemId: 't1', decision: 'allowInSandbox' },
    ]);
    await view.deliver(
      { type: 'itemUpdated', item: run('t1', outsideRequested(reason, { state: 'allowed', allowedPlacement: 'sandboxed' })) },
      { type: 'itemUpdated', item: run('t2', outsideRequested('Needs the network', { state: 'allowed', allowedPlacement: 'outsideSandbox' })) },
    );
    assert.equal(await asked.locator('.approval-outcome').innerText(), 'Allowed — in the sandbox');
    assert.equal(await asked.locator('.approval-model-reason-text').textContent(), reason, 'the reason stays');
    assert.equal(await second.locator('.approval-outcome').innerText(), 'Allowed — outside the sandbox');
    assert.deepEqual(await view.cspViolations(), []);
  });

  it('asks where no sandbox runs: says why and that it runs with the user’s full rights, without Always allow', async () => {
    const view = await openWith(harness(), [run('t1', withoutSandbox({ alwaysAllow: ['npm test'] }))]);
    const { page } = view;
    const asked = card(page, 't1');
    assert.equal(await asked.locator('.approval-title').innerText(), 'Run this command?');
    assert.equal(await asked.locator('.approval-placement').innerText(), 'Commands run with your full rights here. No sandbox: bubblewrap is not installed.');
    assert.deepEqual(await buttons(asked), ['Allow', 'Deny', 'Deny with reason…']);
    assert.match(await focusedClass(page), /^approval$/);
    await page.keyboard.press('Enter');
    assert.deepEqual(await view.postedOfType('resolveApproval'), [], 'Enter on the question answers nothing');
    await page.keyboard.press('Tab');
    assert.match(await focusedClass(page), /approval-command/, 'the command first');
    await page.keyboard.press('Tab');
    assert.match(await focusedClass(page), /approval-allow/);
    await page.keyboard.press('Enter');
    assert.deepEqual(await view.postedOfType('resolveApproval'), [{ type: 'resolveApproval', itemId: 't1', decision: 'allow' }]);
    await view.deliver({ type: 'itemUpdated', item: run('t1', withoutSandbox({ state: 'allowed', allowedPlacement: 'outsideSandbox' })) });
    assert.equal(await asked.locator('.approval-outcome').innerText(), 'Allowed — without a sandbox');
  });

  it('asks before a protected file changes, with its path, why it is protected and the diff as a diff', async () => {
    const hostileDiff = `@@ -1 +1 @@\n-${payload}\n+<script>window.__xss=2</script>\n`;
    const view = await openWith(harness(), [
      edit('t1', protectedFile()),
      edit('t2', protectedFile({ title: 'Create a protected file?', detail: 'AGENTS.md', diff: hostileDiff })),
    ]);
    const { page } = view;
    const asked = card(page, 't1');
    assert.equal(await asked.locator('.approval').getAttribute('data-kind'), 'protectedFile');
    assert.match((await asked.locator('.approval-title-icon').getAttribute('class')) ?? '', /codicon-lock/);
    assert.equal(await asked.locator('.approval-title').innerText(), 'Change a protected file?');
    assert.equal(await asked.locator('.approval-detail').innerText(), '.vscode/settings.json');
    assert.deepEqual(await asked.locator('.approval-reasons li').allTextContents(), ["It is protected because VS Code's settings (Elbow's too), tasks and launch configurations."]);
    const lines = asked.locator('pre.approval-diff.diff-block > span');
    assert.deepEqual(await lines.evaluateAll((spans) => spans.map((span) => span.className || null)), ['diff-header', 'diff-header', 'diff-hunk', null, 'diff-remove', 'diff-add', null]);
    assert.equal(await asked.locator('.approval-diff').getAttribute('aria-label'), 'The change (unified diff)');
    assert.equal(await asked.locator('.approval-diff').getAttribute('tabindex'), '0');
    assert.ok(await asked.locator('.approval-placement').isHidden());
    assert.deepEqual(await buttons(asked), ['Allow', 'Deny', 'Deny with reason…']);
    assert.equal(await card(page, 't2').locator('.approval-title').innerText(), 'Create a protected file?');
    assert.deepEqual(await card(page, 't2').locator('.approval-diff > span').allTextContents(), ['@@ -1 +1 @@', `-${payload}`, '+<script>window.__xss=2</script>']);
    assert.equal(await page.evaluate(() => (window as unknown as HarnessWindow).__xss), undefined);

    await asked.locator('.approval-allow').click();
    const second = card(page, 't2');
    await second.locator('.approval-reason-toggle').click();
    await page.keyboard.type('Keep AGENTS.md as it is.');
    await page.keyboard.press('Control+Enter');
    assert.deepEqual(await view.postedOfType('resolveApproval'), [
      { type: 'resolveApproval', itemId: 't1', decision: 'allow' },
      { type: 'resolveApproval', itemId: 't2', decision: 'deny', reason: 'Keep AGENTS.md as it is.' },
    ]);
    await view.deliver({ type: 'itemUpdated', item: edit('t1', protectedFile({ state: 'allowed' })) });
    assert.equal(await asked.locator('.approval-outcome').innerText(), 'Allowed');
    assert.ok(await asked.locator('.approval-diff').isVisible(), 'the diff stays');
    assert.deepEqual(await view.cspViolations(), []);
  });

  it('fits a 300 px side bar: the choices wrap and nothing scrolls sideways', async () => {
    const view = await openWith(harness(), [
      run('t1', inSandbox({ alwaysAllow: ['npm run build:production'] })),
      run('t2', outsideRequested('It has to reach the registry with your credentials to publish the package.')),
      edit('t3', protectedFile()),
      run('t4', undefined, { status: 'done', title: 'Ran npm run a-long-script-name -- --with-flags · exit 0', placement: 'outsideSandbox' }),
    ], { width: 300 });
    const { page } = view;
    const overflow = await page.evaluate(() => [...document.querySelectorAll('.approval, .approval-actions, .tool-summary')]
      .filter((element) => element.scrollWidth > element.clientWidth + 1)
      .map((element) => element.className));
    assert.deepEqual(overflow, []);
    assert.equal(await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth), true);
    for (const id of ['t1', 't2']) {
      for (const button of await card(page, id).locator('.approval-actions > button:visible').all()) {
        const box = await button.boundingBox();
        assert.ok(box !== null && box.x >= 0 && box.x + box.width <= 300, `${id}: every button on screen`);
      }
    }
    assert.ok(await card(page, 't4').locator('.tool-placement').isVisible());
  });

  it('takes its colours from the theme, the outside request marked with the warning colours', async () => {
    const view = await openWith(harness(), [run('t1', outsideRequested('Needs the network'))]);
    const { page } = view;
    await page.evaluate(() => {
      document.documentElement.style.setProperty('--vscode-editorWarning-foreground', 'rgb(200, 150, 0)');
      document.documentElement.style.setProperty('--vscode-inputValidation-warningBackground', 'rgb(90, 60, 0)');
      document.documentElement.style.setProperty('--vscode-inputValidation-warningBorder', 'rgb(255, 200, 0)');
    });
    const reason = card(page, 't1').locator('.approval-model-reason');
    assert.equal(await reason.evaluate((element) => getComputedStyle(element).borderLeftColor), 'rgb(200, 150, 0)');
    assert.equal(await reason.evaluate((element) => getComputedStyle(element).backgroundColor), 'rgb(90, 60, 0)');
    assert.equal(await card(page, 't1').evaluate((element) => getComputedStyle(element).borderTopColor), 'rgb(255, 200, 0)');
  });
}
