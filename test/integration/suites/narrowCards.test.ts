import assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { text, toolCall, type FakeLlmServer } from '../../support/fakeLlmServer';
import { openChat, sendPrompt, startNewChat, stopAndSettle, textsOf, waitUntilIdle, workspaceFile } from '../support/chat';
import { page, webview } from '../support/driver';
import { narrowChatTo, useTheme } from '../support/viewLayout';

const pending = '.tool-card[data-approval="pending"]';
const calc = Array.from({ length: 20 }, (_, index) => `const line${index + 1} = ${index + 1};`).join('\n') + '\nconsole.log(line1 + line20);\n';

/** Which of the elements matching `selector` show whole: inside their parent's box and the view, and not cut. */
function wholeness(selector: string): Promise<{ text: string; whole: boolean }[]> {
  return webview.evaluate(`[...document.querySelectorAll(${JSON.stringify(selector)})].map((element) => {
    const box = element.getBoundingClientRect();
    const parent = element.parentElement.getBoundingClientRect();
    const content = document.createRange();
    content.selectNodeContents(element);
    const inside = box.width > 0 && box.left >= parent.left - 0.5 && box.right <= parent.right + 0.5 && box.right <= document.documentElement.clientWidth;
    return { text: element.textContent, whole: inside && box.width + 0.5 >= content.getBoundingClientRect().width };
  })`);
}

/** Two edits of one file and a command that asks first, in the side bar at its default width, in dark and light themes. */
export function narrowCardTests(server: () => FakeLlmServer): void {
  describe('cards in a 300 px side bar', function () {
    this.timeout(120_000);

    before(async () => {
      await startNewChat();
      await vscode.workspace.fs.writeFile(workspaceFile('calc.js'), new TextEncoder().encode(calc));
      await openChat();
    });
    after(async () => {
      await stopAndSettle(server());
      await vscode.commands.executeCommand('elbow.acceptAllChanges');
      await vscode.commands.executeCommand('workbench.action.closeAllEditors');
      await vscode.workspace.fs.delete(workspaceFile('calc.js')).then(undefined, () => undefined);
      await useTheme('Default Dark Modern');
    });

    it('tells two edits of one file apart by their lines, shows the model’s name, and titles a command by what happens to it', async () => {
      const width = await narrowChatTo(300);
      assert.ok(width <= 300 && width >= 200, `the chat is ${width} px wide`);
      server().enqueue(
        { kind: 'reply', content: [toolCall('edit_file', { path: 'calc.js', old_str: 'const line3 = 3;', new_str: 'const line3 = 30;' })] },
        { kind: 'reply', content: [toolCall('edit_file', { path: 'calc.js', old_str: 'const line12 = 12;', new_str: 'const line12 = 120;' })] },
        { kind: 'reply', content: [toolCall('run_command', { command: 'node calc.js' })] },
        { kind: 'reply', content: [text('Both lines changed, and calc.js runs.')] },
      );
      await sendPrompt('Change lines 3 and 12 of calc.js, then run it');
      await webview.waitFor(`${pending} .approval-title`, { timeoutMs: 60_000 });

      assert.equal((await textsOf(`${pending} .tool-title`))[0], 'Wants to run node calc.js', 'nothing runs while it waits');
      const reasons = await textsOf(`${pending} .approval-reasons li`);
      assert.ok(reasons.length > 0 && reasons.every((reason) => !reason.includes('`')), `no backticks: ${reasons.join(' | ')}`);
      assert.ok((await textsOf(`${pending} .approval-reasons li code`)).includes('node calc.js'), 'the command shows as code');
      assert.equal(await webview.evaluate<boolean>(`document.querySelector(${JSON.stringify(`${pending} .tool-arguments`)}).checkVisibility()`), false, 'the arguments box does not repeat the command');

      const tails = [...await wholeness('.tool-title-lines'), ...await wholeness('.tool-title-counts')];
      assert.deepEqual(tails.map((tail) => tail.text), [':3', ':12', ' +1 −1', ' +1 −1']);
      assert.ok(tails.every((tail) => tail.whole), `the lines and counts show whole: ${JSON.stringify(tails)}`);
      assert.ok((await wholeness('.tool-title-name')).every((name) => name.text === 'calc.js' && name.whole), 'the file’s name shows whole');
      const [model] = await wholeness('.model-label');
      assert.deepEqual(model, { text: 'fake-model', whole: true });
      await page.screenshot('chatcards-narrow-approval-dark');
      await useTheme('Default Light Modern');
      await page.screenshot('chatcards-narrow-approval-light');
      await useTheme('Default Dark Modern');

      await webview.click(`${pending} .approval-allow`);
      await webview.waitFor('.item-assistant', { text: 'calc.js runs' });
      await waitUntilIdle();
      const command = '.tool-card[data-approval="allowed"]';
      assert.equal((await textsOf(`${command} .tool-title`))[0], 'Ran node calc.js · exit 0');
      assert.deepEqual(await wholeness(`${command} .tool-title-tail`), [{ text: ' · exit 0', whole: true }], 'the exit code shows whole');
      assert.equal(await webview.evaluate<boolean>(`document.querySelector(${JSON.stringify(`${command} .approval-title`)}).checkVisibility()`), false, 'the question is answered');
      assert.match((await textsOf(`${command} .approval-outcome`))[0] ?? '', /^Allowed/);
      await page.screenshot('chatcards-narrow-ran-dark');
      await useTheme('Default Light Modern');
      await page.screenshot('chatcards-narrow-ran-light');
    });
  });
}
