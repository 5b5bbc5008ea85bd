import assert from 'node:assert/strict';
import * as fs from 'node:fs/promises';
import * as os from 'node:os';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { text, toolCall, type FakeLlmServer } from '../../support/fakeLlmServer';
import { sendPrompt, startNewChat, stopAndSettle, toolResultsSent, waitUntilIdle, workspaceFile } from '../support/chat';
import { page, webview } from '../support/driver';
import { agentDoes, exists, waitUntil } from '../support/review';

/** The model runs these calls one reply after another, then ends with `Done: <prompt>`. */
function script(server: FakeLlmServer, prompt: string, ...replies: Array<Array<[string, object]>>): void {
  server.enqueue(
    ...replies.map((calls) => ({ kind: 'reply' as const, content: calls.map(([name, input]) => toolCall(name, input)) })),
    { kind: 'reply', content: [text(`Done: ${prompt}`)] },
  );
}

async function setElbow(key: string, value: unknown): Promise<void> {
  await vscode.workspace.getConfiguration('elbow').update(key, value, vscode.ConfigurationTarget.Global);
}

/** The card of the question waiting for an answer (decided cards keep their hidden controls). */
const pending = '.tool-card[data-approval="pending"]';

async function pendingApproval(): Promise<void> {
  await webview.waitFor(`${pending} .approval-allow`, { timeoutMs: 20_000 });
}

export function commandTests(server: () => FakeLlmServer): void {
  describe('commands in the terminal', function () {
    this.timeout(90_000);

    before(async () => {
      await startNewChat();
    });
    afterEach(async () => {
      // A failed test must not leave a question or a command running for the next one.
      await stopAndSettle(server());
    });
    after(async () => {
      await setElbow('commands.allow', undefined);
      await setElbow('terminal.shellPath', undefined);
      await setElbow('terminal.shellIntegrationTimeoutSeconds', undefined);
      await setElbow('sandbox.enabled', undefined);
    });

    it('runs an allowed command in the "Elbow (sandboxed)" terminal through shell integration and returns its output and exit code', async () => {
      await agentDoes(server(), 'List a missing file', [['run_command', { command: 'echo hello-from-elbow && ls missing-file-xyz' }]]);
      const result = toolResultsSent(server());
      assert.match(result, /^Exit code: 2$/m, result);
      assert.match(result, /hello-from-elbow/);
      assert.match(result, /missing-file-xyz/);
      assert.ok(!result.includes('\u001b') && !result.includes(']633;'), 'terminal escapes are stripped');
      assert.doesNotMatch(result, /separate process/, 'shell integration was used');
      const terminal = vscode.window.terminals.find((candidate) => candidate.name === 'Elbow (sandboxed)');
      assert.ok(terminal?.shellIntegration, 'the sandboxed Elbow terminal has shell integration');
      await page.waitFor('.terminal-wrapper, .terminal', { timeoutMs: 10_000 });
    });

    it('asks before a command that is not allowed: Allow runs it', async () => {
      script(server(), 'Compute', [['run_command', { command: 'node -e "console.log(6 * 7)"' }]]);
      await sendPrompt('Compute');
      await pendingApproval();
      await webview.waitFor(`${pending} .approval-command`, { text: 'node -e "console.log(6 * 7)"' });
      await page.screenshot('command-approval');
      await webview.click(`${pending} .approval-allow`);
      await webview.waitFor('.item-assistant', { text: 'Done: Compute' });
      await waitUntilIdle();
      assert.match(toolResultsSent(server()), /^Exit code: 0\n[\s\S]*\b42\b/m);
    });

    it('denies with a reason the model receives, and the command does not run', async () => {
      script(server(), 'Touch a file', [['run_command', { command: 'touch denied-marker.txt' }]]);
      await sendPrompt('Touch a file');
      await pendingApproval();
      await webview.click(`${pending} .approval-reason-toggle`);
      await webview.fill(`${pending} .approval-reason`, 'use write_file instead');
      await webview.click(`${pending} .approval-send-reason`);
      await webview.waitFor('.item-assistant', { text: 'Done: Touch a file' });
      await waitUntilIdle();
      assert.match(toolResultsSent(server()), /denied permission to run `touch denied-marker\.txt`, saying: "use write_file instead"/);
      assert.equal(await exists(workspaceFile('denied-marker.txt')), false);
      await webview.waitFor('.approval-outcome', { text: 'use write_file instead' });
    });

    it('asks through a notification while the chat is hidden, and Allow there runs the command', async () => {
      server().enqueue(
        { kind: 'reply', content: [text('Creating the file now, slowly.'), toolCall('run_command', { command: 'touch notified.txt' })], chunkSize: 4, chunkDelayMs: 300 },
        { kind: 'reply', content: [text('Done: Notify')] },
      );
      await sendPrompt('Notify');
      await webview.waitFor('.item-assistant', { text: 'Creating' });
      await vscode.commands.executeCommand('workbench.view.explorer');
      // The headless window has no focus, so VS Code files the notification under the bell instead of as a toast.
      await page.waitFor('.statusbar-item[id="status.notifications"] .codicon-bell-dot', { timeoutMs: 20_000 });
      await page.click('.statusbar-item[id="status.notifications"]');
      await page.waitFor('.notifications-center .notification-list-item', { text: 'Elbow wants to run: touch notified.txt' });
      await page.screenshot('command-approval-notification');
      await page.click('.notifications-center .notification-list-item .monaco-button', 'Allow');
      await waitUntil('the command ran', () => exists(workspaceFile('notified.txt')), 20_000);
      // Leave no open notification centre behind: it would take the next Escape meant for a quick pick.
      await vscode.commands.executeCommand('notifications.clearAll');
      await vscode.commands.executeCommand('notifications.hideList');
      await page.waitFor('.notifications-center', { state: 'hidden' });
      await vscode.commands.executeCommand('elbow.focusChat');
      await webview.waitFor('.item-assistant', { text: 'Done: Notify' });
      await waitUntilIdle();
      await vscode.workspace.fs.delete(workspaceFile('notified.txt'));
    });

    it('"Always allow" adds the prefix to the allow list, and the next such command runs without asking', async () => {
      script(server(), 'Count', [['run_command', { command: 'seq 3' }]]);
      await sendPrompt('Count');
      await pendingApproval();
      await webview.waitFor(`${pending} .approval-always`, { text: 'seq' });
      await webview.click(`${pending} .approval-always`);
      await webview.waitFor('.item-assistant', { text: 'Done: Count' });
      await waitUntilIdle();
      const allow = vscode.workspace.getConfiguration('elbow').inspect<string[]>('commands.allow')?.globalValue ?? [];
      assert.ok(allow.includes('seq'), allow.join(', '));
      assert.ok(allow.includes('git status'), 'the built-in list is kept');
      await agentDoes(server(), 'Count again', [['run_command', { command: 'seq 2' }]]);
      assert.match(toolResultsSent(server()), /^Exit code: 0\n[\s\S]*1\n2/m);
    });

    it('with auto-approve on: long output is cut in the middle and paged, timeouts stop the command, background processes start, report and stop', async () => {
      await webview.click('#auto-approve');
      await webview.waitFor('#auto-approve-banner', { state: 'visible' });
      try {
        await agentDoes(server(), 'Print many lines', [['run_command', { command: 'node -e "for (let i = 1; i <= 20000; i++) console.log(\'line \' + i)"' }]]);
        const long = toolResultsSent(server());
        assert.match(long, /line 1\n/);
        assert.match(long, /line 20000/);
        const omitted = /omitted\. Read them with read_command_output \{"id": "(cmd-\d+)", "start_line": (\d+)\}/.exec(long);
        assert.ok(omitted, long.slice(0, 2000));
        assert.ok(long.length < 34_000, `${long.length} characters`);
        await agentDoes(server(), 'Read the middle', [['read_command_output', { id: omitted[1] as string, start_line: 10_000, line_count: 2 }]]);
        assert.match(toolResultsSent(server()), /line 10000\nline 10001(?!\d)/);

        await agentDoes(server(), 'Wait too long', [['run_command', { command: 'sleep 60 && echo never', timeout_seconds: 2 }]]);
        const timedOut = toolResultsSent(server());
        assert.match(timedOut, /Timed out after 2 s/);
        assert.doesNotMatch(timedOut, /^never$/m);

        const ticker = 'node -e "let n = 0; setInterval(() => console.log(\'tick \' + ++n), 200)"';
        await agentDoes(server(), 'Start a ticker', [['run_command', { command: ticker, background: true }]]);
        const id = /Started in the background as (cmd-\d+)/.exec(toolResultsSent(server()))?.[1];
        assert.ok(id, toolResultsSent(server()));
        assert.ok(vscode.window.terminals.some((terminal) => terminal.name.startsWith('Elbow (sandboxed): node')), 'the background process has its own terminal');
        await agentDoes(server(), 'Check the ticker', [['read_command_output', { id }]]);
        assert.match(toolResultsSent(server()), /Still running\.[\s\S]*tick \d+/);
        await agentDoes(server(), 'Stop the ticker', [['stop_command', { id }]]);
        assert.match(toolResultsSent(server()), new RegExp(`Stopped ${id}`));
        await waitUntil('the background terminal closes', () => !vscode.window.terminals.some((terminal) => terminal.name.startsWith('Elbow (sandboxed): node')));
      } finally {
        await webview.click('#auto-approve');
        await webview.waitFor('#auto-approve-banner', { state: 'hidden' });
      }
    });

    it('Stop during a command stops it and tells the model', async () => {
      await setElbow('commands.allow', ['sleep']);
      try {
        script(server(), 'Sleep', [['run_command', { command: 'sleep 45' }]]);
        await sendPrompt('Sleep');
        await webview.waitFor('.tool-card[data-status="running"]', { text: 'sleep 45' });
        await new Promise((resolve) => setTimeout(resolve, 1500));
        await vscode.commands.executeCommand('elbow.stop');
        await waitUntilIdle();
        await webview.waitFor('.tool-card', { text: 'cancelled' });
      } finally {
        await setElbow('commands.allow', undefined);
      }
    });

    it('asks before reading outside the workspace and refuses to write there', async () => {
      const outside = path.join(os.tmpdir(), `elbow-outside-${Date.now()}.txt`);
      await fs.writeFile(outside, 'outside secret\n');
      script(server(), 'Read outside', [['read_file', { path: outside }]], [['write_file', { path: outside, content: 'changed\n' }]]);
      await sendPrompt('Read outside');
      await pendingApproval();
      await webview.waitFor(`${pending} .approval-detail`, { text: outside });
      await webview.click(`${pending} .approval-allow`);
      await webview.waitFor('.item-assistant', { text: 'Done: Read outside' });
      await waitUntilIdle();
      const reads = server().requests.at(-2)?.body as { messages: Array<{ role: string; content: unknown }> };
      assert.match(JSON.stringify(reads.messages.at(-1)), /outside secret/);
      assert.match(toolResultsSent(server()), /outside the workspace, and Elbow does not write outside it/);
      assert.equal(await fs.readFile(outside, 'utf8'), 'outside secret\n');
      await fs.rm(outside, { force: true });
    });

    it('falls back to a child process mirrored into a terminal when the shell has no shell integration', async () => {
      // The user's own shell runs commands only outside the sandbox (inside it is always bash).
      await setElbow('sandbox.enabled', false);
      await setElbow('terminal.shellPath', '/bin/sh');
      await setElbow('terminal.shellIntegrationTimeoutSeconds', 2);
      for (const terminal of vscode.window.terminals.filter((candidate) => candidate.name === 'Elbow')) terminal.dispose();
      // Plain words: under sh, Elbow parses nothing, so anything more would ask.
      await agentDoes(server(), 'Run without integration', [['run_command', { command: 'ls fallback-ok missing-file-xyz' }]]);
      const result = toolResultsSent(server());
      assert.match(result, /^Exit code: 2$/m, result);
      assert.match(result, /fallback-ok/);
      assert.match(result, /separate process/);
      const terminal = vscode.window.terminals.find((candidate) => candidate.name === 'Elbow');
      assert.ok(terminal, 'the mirrored terminal is there');
      assert.equal(terminal.shellIntegration, undefined);
    });
  });
}
