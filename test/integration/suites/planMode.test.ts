import assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { planModeNote } from '../../../src/core/agent/planModeNote';
import { text, toolCall, type FakeLlmServer } from '../../support/fakeLlmServer';
import { setApiKeyOfCurrentProvider } from '../support/apiKey';
import { lastUserMessage, openChat, readWorkspaceFile, sendPrompt, startNewChat, stopAndSettle, toolResultsSent, waitUntilIdle, workspaceFile } from '../support/chat';
import { pickAgentInHeader, pickedAgent } from '../support/agentPicker';
import { page, webview } from '../support/driver';
import { narrowChatTo, useTheme } from '../support/viewLayout';

const target = 'plan-target.txt';
const plan = '1. Change alpha to beta in plan-target.txt.\n2. Check that nothing else says alpha.\n\n| File | Change |\n|---|---|\n| plan-target.txt | alpha to beta |';
const editedPlan = '1. Change alpha to beta in plan-target.txt.';
const planOn = pickedAgent('Plan');
const planOff = pickedAgent('Agent');
const plannedTitle = 'Plan the release notes';

async function openFromHistory(title: string): Promise<void> {
  await vscode.commands.executeCommand('elbow.showHistory');
  await webview.click(`.history-entry:has-text("${title}") .history-open`);
  await webview.waitFor('.item-user', { text: title });
}

/** Plan picked in the header, a refused edit, and "Act on this plan", in a 300 px side bar. */
export function planModeTests(server: () => FakeLlmServer): void {
  describe('plan mode', function () {
    this.timeout(180_000);

    before(async () => {
      await startNewChat();
      await vscode.workspace.fs.writeFile(workspaceFile(target), new TextEncoder().encode('alpha\n'));
      await openChat();
      // Run on its own, no earlier suite has stored the key.
      if (await webview.evaluate<boolean>('document.getElementById("welcome")?.hidden === false')) await setApiKeyOfCurrentProvider();
    });
    after(async () => {
      await stopAndSettle(server());
      await useTheme('Default Dark Modern');
      await vscode.commands.executeCommand('elbow.acceptAllChanges');
      await vscode.commands.executeCommand('workbench.action.closeAllEditors');
      await vscode.workspace.fs.delete(workspaceFile(target)).then(undefined, () => undefined);
    });

    it('refuses the edit the model asks for in plan mode; Act on the edited plan switches to act mode and sends it', async () => {
      const width = await narrowChatTo(300);
      assert.ok(width <= 300, `the chat is ${width} px wide`);
      await webview.waitFor(planOff);
      await page.screenshot('plan-mode-switch-off-dark');
      await pickAgentInHeader('Plan');
      await webview.waitFor(`${planOn} .agent-picker-text`, { text: 'Plan' });
      await page.screenshot('plan-mode-switch-on-dark');

      server().enqueue(
        { kind: 'reply', content: [toolCall('edit_file', { path: target, old_str: 'alpha', new_str: 'beta' })] },
        { kind: 'reply', content: [text(plan)] },
      );
      await sendPrompt('Rename alpha to beta');
      await webview.waitFor('.tool-card[data-tool="edit_file"][data-status="refused"]', { text: target, timeoutMs: 20_000 });
      await webview.waitFor('.item-assistant', { text: 'Check that nothing else says alpha.' });
      await waitUntilIdle();
      assert.equal(await readWorkspaceFile(target), 'alpha\n', 'the file is unchanged');
      assert.match(toolResultsSent(server()), /^edit_file was not run\. Elbow is in plan mode/);
      const refusal = await webview.evaluate<string>('document.querySelector(\'.tool-card[data-tool="edit_file"] .tool-result\').textContent');
      assert.match(refusal, /Elbow is in plan mode: files are not changed/, 'the card shows the refusal');
      assert.ok(JSON.stringify(server().requests.at(-2)?.body).includes(planModeNote.slice(0, 50)), 'the model was told it plans');
      const refusedCard = '.item-tool:has(.tool-card[data-tool="edit_file"])';
      assert.equal(await webview.evaluate<string>(`document.querySelector('${refusedCard} .tool-title').textContent`), `Not run: ${target}`);
      await webview.waitFor(`${refusedCard} .tool-refusal`, { text: 'Plan mode only reads and plans', state: 'visible' });
      const colours = await webview.evaluate<{ title: string; error: string }>(`(() => {
        const probe = document.createElement('span');
        probe.style.color = 'var(--vscode-errorForeground)';
        document.body.append(probe);
        const error = getComputedStyle(probe).color;
        probe.remove();
        return { title: getComputedStyle(document.querySelector('${refusedCard} .tool-title')).color, error };
      })()`);
      assert.notEqual(colours.title, colours.error, 'the refusal is not coloured as an error');
      await page.screenshot('plan-mode-refusal-dark');
      await useTheme('Default Light Modern');
      await page.screenshot('plan-mode-refusal-light');
      await useTheme('Default Dark Modern');

      await webview.click('.tool-card[data-tool="edit_file"] .tool-summary');
      await webview.click('.item-assistant:last-child .act-on-plan-open');
      await webview.waitFor('.act-on-plan-preview', { state: 'visible' });
      assert.deepEqual(
        await webview.evaluate<string[]>('[...document.querySelectorAll(".act-on-plan-preview ol > li")].map((step) => step.textContent)'),
        ['Change alpha to beta in plan-target.txt.', 'Check that nothing else says alpha.'],
        'the box shows the plan rendered, its steps numbered',
      );
      assert.equal(await webview.evaluate<number>('document.querySelectorAll(".act-on-plan-preview table").length'), 1, 'the table shows as a table');
      assert.equal(await webview.evaluate<number>('document.querySelector(".act-on-plan-preview").scrollTop'), 0, 'from its top');
      await page.screenshot('act-on-plan-dark');
      await useTheme('Default Light Modern');
      await page.screenshot('act-on-plan-light');
      await webview.click('.act-on-plan-edit');
      await webview.waitFor('.act-on-plan-text', { state: 'visible' });
      assert.equal(await webview.evaluate<string>('document.querySelector(".act-on-plan-text").value'), plan, 'Edit holds the plan’s markdown');
      await webview.fill('.act-on-plan-text', editedPlan);

      server().enqueue(
        { kind: 'reply', content: [toolCall('edit_file', { path: target, old_str: 'alpha', new_str: 'beta' })] },
        { kind: 'reply', content: [text('Done: alpha is beta now.')] },
      );
      await webview.click('.act-on-plan-act');
      await webview.waitFor(planOff);
      await webview.waitFor('.item-assistant', { text: 'Done: alpha is beta now.', timeoutMs: 20_000 });
      await waitUntilIdle();
      assert.equal(lastUserMessage(server()), `Carry out this plan:\n\n${editedPlan}`, 'the edited plan is the next user message, with no plan mode note');
      assert.equal(await readWorkspaceFile(target), 'beta\n', 'in act mode the edit lands');
      await page.screenshot('plan-mode-switch-off-light');
      assert.deepEqual(server().violations, []);
    });

    it('keeps the mode with its conversation: the palette command sets it, a new chat starts in act mode, history reopens it in plan mode', async () => {
      await startNewChat();
      await webview.waitFor(planOff);
      await vscode.commands.executeCommand('elbow.togglePlanMode');
      await webview.waitFor(planOn);
      await page.screenshot('plan-mode-switch-on-light');
      server().enqueue({ kind: 'reply', content: [text('1. Collect the changes.\n2. Write the notes.')] });
      await sendPrompt(plannedTitle);
      await webview.waitFor('.item-assistant', { text: 'Write the notes.' });
      await waitUntilIdle();
      await startNewChat();
      await webview.waitFor(planOff);
      await openFromHistory(plannedTitle);
      await webview.waitFor(planOn);
      await webview.waitFor('.item-assistant:last-child .act-on-plan-open');
      await useTheme('Default Dark Modern');
    });
  });
}

/** After the window reloads: the conversation left in plan mode is still in it. */
export function planModeAfterReloadTests(): void {
  describe('plan mode after a window reload', () => {
    it('reopens the conversation left in plan mode in plan mode', async () => {
      await openChat();
      await openFromHistory(plannedTitle);
      await webview.waitFor(planOn);
      await webview.waitFor('.item-assistant:last-child .act-on-plan-open');
      await vscode.commands.executeCommand('elbow.togglePlanMode');
      await webview.waitFor(planOff);
    });
  });
}
