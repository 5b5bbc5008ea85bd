import assert from 'node:assert/strict';
import * as fs from 'node:fs/promises';
import * as os from 'node:os';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { text, toolCall, type FakeLlmServer } from '../../support/fakeLlmServer';
import { setApiKeyOfCurrentProvider } from '../support/apiKey';
import { openChat, sendPrompt, startNewChat, stopAndSettle, toolResultsSent, waitUntilIdle, workspaceFile, workspaceFolder } from '../support/chat';
import { trustWorkspaceCustomizations } from '../support/customizationTrust';
import { page, webview } from '../support/driver';
import { narrowChatTo, useTheme } from '../support/viewLayout';

const reason = 'use make check instead of ls';
const hookCard = '.tool-card[data-tool="run_command"]';

/** Claude Code's PreToolUse hooks: a workspace's runs only once trusted, and then in the sandbox; the user's own refuses a command, and the card and the model say why. */
export function hookTests(server: () => FakeLlmServer): void {
  describe('hooks', function () {
    this.timeout(180_000);
    const ranMarker = 'hook-ran.txt';
    // Beside the workspace folder: a hook in the sandbox cannot write there.
    const escaped = path.join(path.dirname(workspaceFolder().fsPath), 'elbow-hook-escaped.txt');
    // The test window's home folder is a temporary one.
    const userSettings = path.join(os.homedir(), '.claude', 'settings.json');

    before(async () => {
      const hook = `touch "$CLAUDE_PROJECT_DIR/${ranMarker}"; touch ${JSON.stringify(escaped)}; echo "${reason}" >&2; exit 2`;
      const settings = { hooks: { PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command', command: hook }] }] } };
      await vscode.workspace.fs.writeFile(workspaceFile('.claude/settings.json'), new TextEncoder().encode(JSON.stringify(settings, null, 2)));
      await startNewChat();
      await openChat();
      if (await webview.evaluate<boolean>('document.getElementById("welcome")?.hidden === false')) await setApiKeyOfCurrentProvider();
    });
    afterEach(() => stopAndSettle(server()));
    after(async () => {
      await useTheme('Default Dark Modern');
      await vscode.workspace.fs.delete(workspaceFile('.claude'), { recursive: true }).then(undefined, () => undefined);
      await vscode.workspace.fs.delete(workspaceFile(ranMarker)).then(undefined, () => undefined);
      await fs.rm(escaped, { force: true });
      await fs.rm(userSettings, { force: true });
      await startNewChat();
    });

    it('does not run a workspace hook before the user trusts it', async () => {
      server().enqueue({ kind: 'reply', content: [toolCall('run_command', { command: 'ls' })] }, { kind: 'reply', content: [text('Listed.')] });
      await sendPrompt('List the files');
      await webview.waitFor('.item-assistant', { text: 'Listed.', timeoutMs: 30_000 });
      await waitUntilIdle();
      assert.doesNotMatch(toolResultsSent(server()), new RegExp(reason));
      await assert.rejects(fs.stat(workspaceFile(ranMarker).fsPath), 'the hook did not run');
      await webview.waitFor('.item-notice', { text: 'not trusted yet' });
    });

    it('runs the workspace hook once trusted, in the sandbox: it refuses the command, and cannot write beside the workspace', async () => {
      await trustWorkspaceCustomizations('1 hook from 1 file', ['.claude/settings.json']);
      await startNewChat();
      server().enqueue({ kind: 'reply', content: [toolCall('run_command', { command: 'ls' })] }, { kind: 'reply', content: [text('Understood.')] });
      await sendPrompt('List the files');
      await webview.waitFor(`${hookCard}[data-status="error"]`, { text: 'Refused by a hook', timeoutMs: 30_000 });
      await webview.waitFor('.item-assistant', { text: 'Understood.' });
      await waitUntilIdle();
      assert.match(toolResultsSent(server()), new RegExp(reason));
      await fs.stat(workspaceFile(ranMarker).fsPath);
      await assert.rejects(fs.stat(escaped), 'the sandbox kept the hook from writing beside the workspace');
      await vscode.commands.executeCommand('elbow.customize.forgetTrust');
    });

    it('the user\'s own PreToolUse hook refuses a command: the card says so and the model reads why', async () => {
      await vscode.workspace.fs.delete(workspaceFile('.claude'), { recursive: true });
      const hook = `echo "${reason}" >&2; exit 2`;
      await fs.mkdir(path.dirname(userSettings), { recursive: true });
      await fs.writeFile(userSettings, JSON.stringify({ hooks: { PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command', command: hook }] }] } }, null, 2));
      await startNewChat();
      const width = await narrowChatTo(300);
      assert.ok(width <= 300, `the chat is ${width} px wide`);
      server().enqueue({ kind: 'reply', content: [toolCall('run_command', { command: 'ls' })] }, { kind: 'reply', content: [text('I will use make check.')] });
      await sendPrompt('List the files');
      await webview.waitFor(`${hookCard}[data-status="error"]`, { text: 'Refused by a hook', timeoutMs: 30_000 });
      await webview.waitFor('.item-assistant', { text: 'I will use make check.' });
      await waitUntilIdle();
      assert.match(toolResultsSent(server()), new RegExp(`run_command was not run: a PreToolUse hook refused it: ${reason}`));
      await page.screenshot('hook-refusal-dark');
      await useTheme('Default Light Modern');
      await page.screenshot('hook-refusal-light');
    });
  });
}
