import assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { text, toolCall, type FakeLlmServer } from '../../support/fakeLlmServer';
import { setApiKeyOfCurrentProvider } from '../support/apiKey';
import { openChat, readWorkspaceFile, sendPrompt, startNewChat, stopAndSettle, waitUntilIdle, workspaceFile } from '../support/chat';
import { page, webview } from '../support/driver';
import { narrowChatTo, useTheme } from '../support/viewLayout';

const taskItem = '.item-tool:has(.tool-card[data-tool="task"])';
const child = `${taskItem} > .subagent`;
const answer = 'parseConfig is called from the settings loader and from the command-line entry point, nowhere else in the workspace.';

/** A reply hands a search to an explore subagent: its card streams under the task, folds when done, and opens from the keyboard. */
export function subagentTests(server: () => FakeLlmServer): void {
  describe('subagent cards', function () {
    this.timeout(180_000);

    before(async () => {
      await startNewChat();
      await openChat();
      if (await webview.evaluate<boolean>('document.getElementById("welcome")?.hidden === false')) await setApiKeyOfCurrentProvider();
    });
    afterEach(() => stopAndSettle(server()));
    after(async () => {
      await useTheme('Default Dark Modern');
      await startNewChat();
    });

    it('streams an explore child under its task card, folds it when done, and opens it from the keyboard, at 300 px in dark and light', async () => {
      const width = await narrowChatTo(300);
      assert.ok(width <= 300, `the chat is ${width} px wide`);
      server().enqueue(
        { kind: 'reply', content: [toolCall('task', { description: 'Find uses of parseConfig', prompt: 'Find every place parseConfig is called and summarise.', agent: 'explore' })] },
        { kind: 'reply', content: [toolCall('search', { pattern: 'parseConfig' })] },
        { kind: 'reply', content: [text(answer)], chunkSize: 4, chunkDelayMs: 120 },
        { kind: 'reply', content: [text('The explorer found two callers.')] },
      );
      await sendPrompt('Where is parseConfig used?');

      await webview.waitFor(`${child}[data-status="running"] .subagent-step .subagent-step-title`, { state: 'visible', timeoutMs: 30_000 });
      await webview.waitFor(`${child}[data-status="running"] .subagent-text`, { text: 'parseConfig', state: 'visible', timeoutMs: 30_000 });
      assert.equal(await webview.evaluate<string>(`document.querySelector('${child} .subagent-toggle').getAttribute('aria-expanded')`), 'true', 'open while it runs');
      assert.equal(await webview.evaluate<string>(`document.querySelector('${child} .subagent-agent').textContent`), 'explore');
      await page.screenshot('subagent-card-running-dark');

      await webview.waitFor(`${child}[data-status="done"]`, { timeoutMs: 30_000 });
      await webview.waitFor('.item-assistant', { text: 'The explorer found two callers.' });
      await waitUntilIdle();
      assert.equal(await webview.evaluate<string>(`document.querySelector('${child} .subagent-toggle').getAttribute('aria-expanded')`), 'false', 'folded once done');
      await webview.waitFor(`${child} > .subagent-steps`, { state: 'hidden' });
      const meta = await webview.evaluate<string>(`document.querySelector('${child} .subagent-meta').textContent`);
      assert.match(meta, /^Done · 1 step · .+ in · .+ out · /, meta);
      assert.equal(server().pending(), 0, 'the parent, the child twice, the parent again');
      assert.deepEqual(server().violations, []);
      await page.screenshot('subagent-card-dark');

      await webview.press(`${child} .subagent-toggle`, 'Enter');
      await webview.waitFor(`${child} > .subagent-steps`, { state: 'visible' });
      assert.equal(await webview.evaluate<string>(`document.querySelector('${child} .subagent-toggle').getAttribute('aria-expanded')`), 'true');
      await page.screenshot('subagent-card-open-dark');
      await useTheme('Default Light Modern');
      await page.screenshot('subagent-card-open-light');
      await webview.press(`${child} .subagent-toggle`, 'Enter');
      await webview.waitFor(`${child} > .subagent-steps`, { state: 'hidden' });
      await page.screenshot('subagent-card-light');
    });

    it('asks about a general child\'s edit on its task card, not on a parent card of the same call id, and applies it once approved, at 300 px', async () => {
      await useTheme('Default Dark Modern');
      await startNewChat();
      await narrowChatTo(300);
      const elbow = vscode.workspace.getConfiguration('elbow');
      await elbow.update('edits.review', 'beforeApply', vscode.ConfigurationTarget.Global);
      try {
        const path = 'subagent-notes.md';
        const content = 'Notes written by the general subagent.\n';
        server().enqueue(
          // The parent's own call_1 is a search; the child numbers its calls from call_1 too.
          { kind: 'reply', content: [toolCall('search', { pattern: 'parseConfig' }, 'call_1')] },
          { kind: 'reply', content: [toolCall('task', { description: 'Write the notes', prompt: 'Write the notes file.', agent: 'general' }, 'call_2')] },
          { kind: 'reply', content: [toolCall('write_file', { path, content }, 'call_1')] },
          { kind: 'reply', content: [text('Wrote subagent-notes.md.')] },
          { kind: 'reply', content: [text('The notes are written.')] },
        );
        await sendPrompt('Write the notes');
        const pending = `${taskItem} .proposal[data-state="pending"]`;
        await webview.waitFor(`${pending} .proposal-diff .diff-add`, { text: 'Notes written by the general subagent.', timeoutMs: 30_000 });
        assert.equal(await webview.evaluate<number>('document.querySelectorAll(".proposal").length'), 1, 'not asked on the search card of the same call id');
        await assert.rejects(readWorkspaceFile(path), 'nothing is written before Apply');
        await page.screenshot('subagent-edit-proposal-dark');
        await webview.click(`${pending} .proposal-apply`);
        await webview.waitFor('.item-assistant', { text: 'The notes are written.', timeoutMs: 30_000 });
        await waitUntilIdle();
        assert.equal(await readWorkspaceFile(path), content);
        // The task card lists the child's one changed file, approved, with its diff.
        await webview.waitFor(`${taskItem} .tool-card[data-review="accepted"]`);
        assert.equal(await webview.evaluate<string>(`document.querySelector('${taskItem} .tool-open-diff').title`), `Open diff of ${path}`);
        assert.equal(await webview.evaluate<string>(`document.querySelector('${taskItem} .proposal').dataset.state`), 'applied');
        assert.deepEqual(server().violations, []);
        await page.screenshot('subagent-edit-applied-dark');
        await useTheme('Default Light Modern');
        await page.screenshot('subagent-edit-applied-light');
        await vscode.workspace.fs.delete(workspaceFile(path));
      } finally {
        await elbow.update('edits.review', undefined, vscode.ConfigurationTarget.Global);
      }
    });
  });
}
