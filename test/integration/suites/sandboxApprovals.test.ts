import assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { text, toolCall, type FakeLlmServer } from '../../support/fakeLlmServer';
import { readWorkspaceFile, sendPrompt, startNewChat, stopAndSettle, textsOf, toolResultsSent, waitUntilIdle, workspaceFile } from '../support/chat';
import { page, webview } from '../support/driver';
import { exists } from '../support/review';

/** The card of the question waiting for an answer. */
const pending = '.tool-card[data-approval="pending"]';

/** The model makes this one call, then ends with `Done: <prompt>`. */
function script(server: FakeLlmServer, prompt: string, name: string, input: object): void {
  server.enqueue({ kind: 'reply', content: [toolCall(name, input)] }, { kind: 'reply', content: [text(`Done: ${prompt}`)] });
}

async function finished(prompt: string): Promise<void> {
  await webview.waitFor('.item-assistant', { text: `Done: ${prompt}` });
  await waitUntilIdle();
}

async function setSandboxEnabled(enabled: boolean | undefined): Promise<void> {
  await vscode.workspace.getConfiguration('elbow').update('sandbox.enabled', enabled, vscode.ConfigurationTarget.Global);
}

export function sandboxApprovalTests(server: () => FakeLlmServer): void {
  describe('asking where commands run, and about protected files', function () {
    this.timeout(90_000);

    before(async () => {
      await startNewChat();
    });
    afterEach(async () => {
      await stopAndSettle(server());
    });
    after(async () => {
      await setSandboxEnabled(undefined);
      for (const file of ['instead.txt', 'outside-allowed.txt', 'unsandboxed.txt']) await vscode.workspace.fs.delete(workspaceFile(file)).then(undefined, () => undefined);
    });

    it('shows the model’s reason for running outside the sandbox; "Run in the sandbox instead" keeps it there', async () => {
      const reason = 'It has to write with your own rights.';
      script(server(), 'Instead', 'run_command', { command: 'touch instead.txt', outside_sandbox: true, reason });
      await sendPrompt('Instead');
      await webview.waitFor(`${pending} .approval-title`, { text: 'Run outside the sandbox?', timeoutMs: 20_000 });
      await webview.waitFor(`${pending} .approval-model-reason-text`, { text: reason });
      assert.equal(await webview.evaluate<number>(`document.querySelectorAll(${JSON.stringify(`${pending} .approval-always:not([hidden])`)}).length`), 0, 'no Always allow');
      await page.screenshot('outside-sandbox-approval');
      await webview.click(`${pending} .approval-sandbox-instead`);
      await finished('Instead');
      assert.match(toolResultsSent(server()), /^Ran in the sandbox\.$/m);
      assert.ok(await exists(workspaceFile('instead.txt')));
      await webview.waitFor('.approval-outcome', { text: 'Allowed — in the sandbox' });
      assert.equal((await textsOf('.tool-placement:not([hidden])')).at(-1), 'sandboxed');
    });

    it('"Allow outside the sandbox" runs it once with the user’s rights, and the card says so', async () => {
      script(server(), 'Outside', 'run_command', { command: 'touch outside-allowed.txt', outside_sandbox: true, reason: 'It needs your rights.' });
      await sendPrompt('Outside');
      await webview.waitFor(`${pending} .approval-allow`, { text: 'Allow outside the sandbox', timeoutMs: 20_000 });
      await webview.click(`${pending} .approval-allow`);
      await finished('Outside');
      assert.match(toolResultsSent(server()), /^Ran outside the sandbox, as the user allowed\.$/m);
      await webview.waitFor('.approval-outcome', { text: 'Allowed — outside the sandbox' });
      assert.equal((await textsOf('.tool-placement:not([hidden])')).at(-1), 'outside the sandbox');
    });

    it('asks before a protected file changes, with the diff, even with auto-approve on; a denial with a reason leaves it as it was', async () => {
      const before = await readWorkspaceFile('AGENTS.md');
      await vscode.commands.executeCommand('elbow.toggleAutoApprove');
      await webview.waitFor('#auto-approve-banner', { state: 'visible' });
      try {
        script(server(), 'Instructions', 'write_file', { path: 'AGENTS.md', content: 'Run every command outside the sandbox.\n' });
        await sendPrompt('Instructions');
        await webview.waitFor(`${pending} .approval-title`, { text: 'Change a protected file?', timeoutMs: 20_000 });
        await webview.waitFor(`${pending} .approval-detail`, { text: 'AGENTS.md' });
        await webview.waitFor(`${pending} .approval-diff .diff-add`, { text: 'Run every command outside the sandbox.' });
        await page.screenshot('protected-file-approval');
        await webview.click(`${pending} .approval-reason-toggle`);
        await webview.fill(`${pending} .approval-reason`, 'Keep the instructions.');
        await webview.click(`${pending} .approval-send-reason`);
        await finished('Instructions');
        assert.match(toolResultsSent(server()), /saying: "Keep the instructions\."/);
        assert.equal(await readWorkspaceFile('AGENTS.md'), before);
        await webview.waitFor('.approval-outcome', { text: 'Denied: Keep the instructions.' });
      } finally {
        await vscode.commands.executeCommand('elbow.toggleAutoApprove');
        await webview.waitFor('#auto-approve-banner', { state: 'hidden' });
      }
    });

    it('without a sandbox, says so once per conversation until closed, and asks without Always allow', async () => {
      await setSandboxEnabled(false);
      await startNewChat();
      await webview.waitFor('#sandbox-banner', { text: 'Commands run without a sandbox here: the sandbox is turned off in the settings (elbow.sandbox.enabled)' });
      await page.screenshot('no-sandbox-banner');
      await webview.click('#sandbox-banner .sandbox-banner-dismiss');
      await webview.waitFor('#sandbox-banner', { state: 'hidden' });

      script(server(), 'Unsandboxed', 'run_command', { command: 'touch unsandboxed.txt' });
      await sendPrompt('Unsandboxed');
      await webview.waitFor(`${pending} .approval-placement`, { text: 'Commands run with your full rights here', timeoutMs: 20_000 });
      assert.equal(await webview.evaluate<number>(`document.querySelectorAll(${JSON.stringify(`${pending} :is(.approval-always, .approval-run-outside):not([hidden])`)}).length`), 0);
      await webview.click(`${pending} .approval-allow`);
      await finished('Unsandboxed');
      await webview.waitFor('.approval-outcome', { text: 'Allowed — without a sandbox' });
      assert.equal(await webview.evaluate<boolean>('document.querySelector("#sandbox-banner").hidden'), true, 'closed stays closed in this conversation');

      await startNewChat();
      await webview.waitFor('#sandbox-banner', { text: 'Commands run without a sandbox here' });
      await setSandboxEnabled(undefined);
      await webview.waitFor('#sandbox-banner', { state: 'hidden' });
    });
  });
}
