import assert from 'node:assert/strict';
import type { ChatViewHarness } from '../support/chatViewHarness';

/** The header switch that lets commands run without asking, and its banner. */
export function autoApproveSpecs(harness: () => ChatViewHarness): void {
  it('switches auto-approve from the header as the extension says, with a warning banner while it is on', async () => {
    const view = await harness().open();
    const { page } = view;
    const toggle = page.locator('#header #auto-approve');
    const banner = page.locator('#auto-approve-banner');
    assert.equal(await toggle.getAttribute('role'), 'switch');
    assert.equal(await toggle.getAttribute('aria-label'), 'Auto-approve commands');
    assert.equal(await toggle.getAttribute('aria-checked'), 'false');
    assert.ok(await banner.isHidden());

    await toggle.click();
    assert.deepEqual(await view.postedOfType('setAutoApprove'), [{ type: 'setAutoApprove', enabled: true }]);
    assert.equal(await toggle.getAttribute('aria-checked'), 'false', 'only the extension switches it');
    await view.deliver({ type: 'autoApprove', enabled: true });
    assert.equal(await toggle.getAttribute('aria-checked'), 'true');
    assert.ok(await banner.isVisible());
    assert.match(await banner.innerText(), /Auto-approve is on: commands run without asking \(deny rules still apply\)/);
    await page.evaluate(() => {
      document.documentElement.style.setProperty('--vscode-inputValidation-warningBackground', 'rgb(90, 60, 0)');
      document.documentElement.style.setProperty('--vscode-inputValidation-warningBorder', 'rgb(200, 150, 0)');
    });
    assert.equal(await banner.evaluate((element) => getComputedStyle(element).backgroundColor), 'rgb(90, 60, 0)');
    assert.equal(await banner.evaluate((element) => getComputedStyle(element).borderTopColor), 'rgb(200, 150, 0)');
    assert.equal(await toggle.evaluate((element) => getComputedStyle(element).borderTopColor), 'rgb(200, 150, 0)', 'the switch shows it too');

    await toggle.click();
    const turnOff = banner.locator('button.auto-approve-off');
    assert.equal(await turnOff.innerText(), 'Turn off');
    await turnOff.focus();
    await page.keyboard.press('Enter');
    assert.deepEqual((await view.postedOfType('setAutoApprove')).slice(1), [{ type: 'setAutoApprove', enabled: false }, { type: 'setAutoApprove', enabled: false }]);
    await view.deliver({ type: 'autoApprove', enabled: false });
    assert.equal(await toggle.getAttribute('aria-checked'), 'false');
    assert.ok(await banner.isHidden());
    assert.equal(await page.evaluate(() => document.activeElement?.id), 'auto-approve', 'the focus goes to the switch with the banner');
    assert.deepEqual(await view.cspViolations(), []);
  });
}
