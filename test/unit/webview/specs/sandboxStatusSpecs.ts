import assert from 'node:assert/strict';
import type { ChatViewHarness, HarnessWindow } from '../support/chatViewHarness';
import { conversation, tool, user } from '../support/chatFixtures';

/** Where commands ran (the tool cards' marker), and the banner saying that no sandbox runs here. */
export function sandboxStatusSpecs(harness: () => ChatViewHarness): void {
  it('marks where each command ran in its card, and nothing on other tools', async () => {
    const view = await harness().open();
    const { page } = view;
    const command = { name: 'run_command', status: 'done', arguments: '{"command":"ls"}' } as const;
    await view.deliver(conversation([
      user('u1', 'Look'),
      tool('t1', { ...command, title: 'Ran ls · exit 0', placement: 'sandboxed' }),
      tool('t2', { ...command, title: 'Ran npm publish · exit 0', placement: 'outsideSandbox' }),
      tool('t3', { ...command, title: 'Ran ls · exit 0' }),
      tool('t4', { status: 'done' }),
    ]));
    const marker = (id: string) => page.locator(`[data-item-id="${id}"] .tool-summary .tool-placement`);
    assert.equal(await marker('t1').innerText(), 'sandboxed');
    assert.match((await marker('t1').locator('.codicon').getAttribute('class')) ?? '', /codicon-shield/);
    assert.equal(await marker('t1').getAttribute('aria-label'), 'Ran in the sandbox');
    assert.equal(await marker('t1').getAttribute('role'), 'img');
    assert.equal(await marker('t2').innerText(), 'outside the sandbox');
    assert.equal(await marker('t2').getAttribute('aria-label'), 'Ran outside the sandbox, with your full rights');
    assert.equal(await marker('t2').getAttribute('data-placement'), 'outsideSandbox');
    assert.ok(await marker('t3').isHidden(), 'no sandbox on this machine: no marker');
    assert.ok(await marker('t4').isHidden());

    await view.deliver({ type: 'itemUpdated', item: tool('t3', { ...command, title: 'Ran ls · exit 0', placement: 'sandboxed' }) });
    assert.equal(await marker('t3').innerText(), 'sandboxed', 'an update brings it');
  });

  it('says once per conversation that commands run without a sandbox and why, until closed', async () => {
    const view = await harness().open();
    const { page } = view;
    const banner = page.locator('#sandbox-banner');
    assert.ok(await banner.isHidden());
    const reason = 'bubblewrap is not installed <b onmouseover="window.__xss=1">x</b>.';
    await view.deliver({ type: 'sandboxNotice', notice: { reason } });
    assert.ok(await banner.isVisible());
    assert.equal(await banner.getAttribute('role'), 'status');
    assert.equal(
      await banner.locator('.sandbox-banner-text').textContent(),
      'Commands run without a sandbox here: bubblewrap is not installed <b onmouseover="window.__xss=1">x</b>. Only read-only commands run without asking; the others ask first and run with your full rights.',
    );
    assert.equal(await banner.locator('b').count(), 0, 'the reason is text');

    const dismiss = banner.locator('button.sandbox-banner-dismiss');
    assert.equal(await dismiss.getAttribute('aria-label'), 'Dismiss: do not say this again in this conversation');
    await dismiss.focus();
    await page.keyboard.press('Enter');
    assert.deepEqual(await view.postedOfType('dismissSandboxNotice'), [{ type: 'dismissSandboxNotice' }]);
    assert.ok(await banner.isVisible(), 'only the extension closes it');
    await view.deliver({ type: 'sandboxNotice', notice: null });
    assert.ok(await banner.isHidden());
    assert.equal(await page.evaluate(() => document.activeElement?.id), 'prompt', 'the keyboard goes to the composer');
    assert.equal(await page.evaluate(() => (window as unknown as HarnessWindow).__xss), undefined);

    await page.evaluate(() => {
      document.documentElement.style.setProperty('--vscode-inputValidation-warningBackground', 'rgb(90, 60, 0)');
      document.documentElement.style.setProperty('--vscode-inputValidation-warningBorder', 'rgb(200, 150, 0)');
    });
    await view.deliver({ type: 'sandboxNotice', notice: { reason: 'sandbox-exec is missing' } });
    assert.equal(await banner.evaluate((element) => getComputedStyle(element).backgroundColor), 'rgb(90, 60, 0)', 'the warning box of the theme');
    assert.equal(await banner.evaluate((element) => getComputedStyle(element).borderTopColor), 'rgb(200, 150, 0)');
    assert.deepEqual(await view.cspViolations(), []);
  });

  it('fits a 300 px side bar', async () => {
    const view = await harness().open({ width: 300 });
    const { page } = view;
    await view.deliver({ type: 'sandboxNotice', notice: { reason: 'bubblewrap cannot create a user namespace: unprivileged user namespaces are turned off (kernel.unprivileged_userns_clone=0)' } });
    const banner = page.locator('#sandbox-banner');
    assert.equal(await banner.evaluate((element) => element.scrollWidth <= element.clientWidth + 1), true);
    const box = await banner.locator('.sandbox-banner-dismiss').boundingBox();
    assert.ok(box !== null && box.x + box.width <= 300);
  });
}
