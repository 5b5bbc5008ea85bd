import assert from 'node:assert/strict';
import type { Approval, ChatItemOf } from '../../../../src/protocol/chatItems';
import type { ChatViewHarness } from '../support/chatViewHarness';
import { conversation, tool, user } from '../support/chatFixtures';

function command(placement: NonNullable<Approval['placement']>): Approval {
  return { kind: 'command', title: 'Run this command?', command: 'npm test', placement, reasons: ['npm test is not on the allow list'], alwaysAllow: placement.kind === 'sandbox' ? ['npm test'] : [], state: 'pending' };
}

/** Every question the chat can ask, as its card comes. */
const questions: Array<[string, Partial<ChatItemOf<'tool'>>]> = [
  ['a command in the sandbox', { approval: command({ kind: 'sandbox' }) }],
  ['a command the model wants outside the sandbox', { approval: command({ kind: 'outsideRequested', reason: 'it needs the network' }) }],
  ['a command with no sandbox', { approval: command({ kind: 'noSandbox', reason: 'bubblewrap is not installed' }) }],
  ['a change to a protected file', { approval: { kind: 'protectedFile', title: 'Change a protected file?', detail: '.vscode/settings.json', diff: '--- a\n+++ b\n@@ -1 +1 @@\n-a\n+b', reasons: [], alwaysAllow: [], state: 'pending' } }],
  ['a path outside the workspace', { approval: { kind: 'outsideWorkspace', title: 'Read a file outside the workspace?', detail: '~/.ssh/id_rsa', reasons: [], alwaysAllow: [], state: 'pending' } }],
  ['an MCP tool', { approval: { kind: 'mcpTool', title: 'Run an MCP tool?', detail: 'github › create_issue', arguments: '{\n  "title": "x"\n}', reasons: [], alwaysAllow: ['create_issue'], state: 'pending' } }],
  ['a web page', { approval: { kind: 'webPage', title: 'Read this web page?', detail: 'https://example.com/?q=secret', reasons: [], alwaysAllow: ['example.com'], state: 'pending' } }],
  ['going on past a guard rail', { approval: { kind: 'continue', title: 'Keep going?', reasons: ['50 tool calls in this run'], alwaysAllow: [], state: 'pending' } }],
  ['an edit waiting for Apply', { name: 'edit_file', toolKind: 'edit', title: 'Edit src/app.ts', proposal: { diff: '--- a/src/app.ts\n+++ b/src/app.ts\n@@ -1 +1 @@\n-old\n+new', state: 'pending' } }],
];

/** What a keyboard press answered: any decision posted for a question. */
async function decisions(view: Awaited<ReturnType<ChatViewHarness['open']>>): Promise<string[]> {
  const posted = await view.posted();
  return posted.flatMap((message) => message.type === 'resolveApproval' || message.type === 'resolveProposal' ? [`${message.itemId}: ${message.decision}`] : []);
}

/** Where the keyboard lands on a question never approves anything: Enter there answers nothing, Tab reaches the buttons. */
export function questionFocusSpecs(harness: () => ChatViewHarness): void {
  for (const [name, fields] of questions) {
    it(`Focus Chat then Enter answers nothing for ${name}; the keyboard is on the question, which names it`, async () => {
      const view = await harness().open({ width: 300, height: 690 });
      const { page } = view;
      await view.deliver(conversation([user('u1', 'Go on')], { running: true }));
      await page.locator('#prompt').focus();
      await view.deliver({ type: 'itemAdded', item: tool('q1', fields) });
      await view.nextFrame();
      await view.deliver({ type: 'focusInput' });
      const focused = await page.evaluate(() => {
        const element = document.activeElement;
        return { tag: element?.tagName, role: element?.getAttribute('role'), label: element?.getAttribute('aria-label') ?? element?.getAttribute('aria-labelledby'), inCard: element?.closest('[data-item-id="q1"]') !== null };
      });
      assert.deepEqual({ tag: focused.tag, role: focused.role, inCard: focused.inCard }, { tag: 'DIV', role: 'group', inCard: true });
      assert.ok((focused.label ?? '') !== '', 'the question has an accessible name');
      await page.keyboard.press('Enter');
      await page.keyboard.press('Space');
      await view.nextFrame();
      assert.deepEqual(await decisions(view), []);
      // The buttons are a Tab away.
      for (let tabs = 0; tabs < 4 && await page.evaluate(() => document.activeElement?.tagName) !== 'BUTTON'; tabs++) await page.keyboard.press('Tab');
      assert.equal(await page.evaluate(() => document.activeElement?.closest('.approval-actions, .proposal-actions') !== null), true);
    });
  }

  it('a question that arrives after one was answered by keyboard takes no Enter meant for something else', async () => {
    const view = await harness().open({ width: 300, height: 690 });
    const { page } = view;
    const sandboxed = { approval: command({ kind: 'sandbox' }) };
    await view.deliver(conversation([user('u1', 'Go on')], { running: true }), { type: 'itemAdded', item: tool('a', sandboxed) });
    await view.nextFrame();
    await view.deliver({ type: 'focusInput' });
    for (let tabs = 0; tabs < 4 && !/approval-allow/.test(await page.evaluate(() => document.activeElement?.className ?? '')); tabs++) await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    assert.deepEqual(await decisions(view), ['a: allow']);
    await view.deliver({ type: 'itemUpdated', item: tool('a', { ...sandboxed, status: 'done', approval: { ...command({ kind: 'sandbox' }), state: 'allowed' } }) });
    for (const [index, [, fields]] of questions.entries()) {
      if (index === 0) continue;
      await view.deliver({ type: 'itemAdded', item: tool(`b-${index}`, fields) });
      await view.nextFrame();
      await view.nextFrame();
      await page.keyboard.press('Enter');
      await page.keyboard.press('Enter');
    }
    assert.deepEqual(await decisions(view), ['a: allow']);
  });

  it('counts no question of a tool that ended: Focus Chat goes to the prompt box', async () => {
    const view = await harness().open({ width: 300, height: 690 });
    const { page } = view;
    const sandboxed = { approval: command({ kind: 'sandbox' }) };
    await view.deliver(conversation([user('u1', 'Go on'), tool('q1', { ...sandboxed, status: 'error', title: 'Interrupted by a window reload' })]));
    await view.nextFrame();
    assert.equal(await page.evaluate(() => document.body.dataset.questionWaiting), 'false');
    await view.deliver({ type: 'focusInput' });
    assert.equal(await page.evaluate(() => document.activeElement?.id), 'prompt');
  });
}
