import assert from 'node:assert/strict';
import * as fs from 'node:fs/promises';
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { FakeLlmServer } from '../../support/fakeLlmServer';
import { startLoopbackWitness, type LoopbackWitness } from '../../support/loopbackWitness';
import { text, toolCall } from '../../support/fakeLlmServer';
import { sendPrompt, startNewChat, stopAndSettle, textsOf, toolResultsSent, waitUntilIdle, workspaceFolder } from '../support/chat';
import { webview } from '../support/driver';
import { agentDoes } from '../support/review';

const SANDBOXED_TERMINAL = 'Elbow (sandboxed)';
/** The card of the question waiting for an answer. */
const pending = '.tool-card[data-approval="pending"]';

/** The model runs these calls one reply after another, then ends with `Done: <prompt>`. */
function script(server: FakeLlmServer, prompt: string, ...replies: Array<Array<[string, object]>>): void {
  server.enqueue(
    ...replies.map((calls) => ({ kind: 'reply' as const, content: calls.map(([name, input]) => toolCall(name, input)) })),
    { kind: 'reply', content: [text(`Done: ${prompt}`)] },
  );
}

export function sandboxTests(server: () => FakeLlmServer): void {
  describe('commands in the sandbox', function () {
    this.timeout(90_000);
    let witness: LoopbackWitness;

    before(async () => {
      await startNewChat();
      witness = await startLoopbackWitness();
    });
    afterEach(async () => {
      await stopAndSettle(server());
    });
    after(() => witness.close());

    it('runs an allowed command unasked in the sandboxed terminal, through shell integration, and the card says so', async () => {
      await agentDoes(server(), 'Say hello', [['run_command', { command: 'echo hello-from-the-sandbox && pwd' }]]);
      const result = toolResultsSent(server());
      assert.match(result, /^Exit code: 0$/m, result);
      assert.match(result, /hello-from-the-sandbox/);
      assert.match(result, /^Ran in the sandbox\.$/m);
      assert.doesNotMatch(result, /separate process/, 'shell integration was used');
      const terminal = vscode.window.terminals.find((candidate) => candidate.name === SANDBOXED_TERMINAL);
      assert.ok(terminal?.shellIntegration, 'the sandboxed terminal has shell integration');
      assert.ok((await textsOf('.tool-card')).some((card) => /sandboxed/.test(card)), 'the card says sandboxed');
    });

    it('runs an auto-approved command in the sandbox, where it cannot reach a loopback listener', async () => {
      await vscode.commands.executeCommand('elbow.toggleAutoApprove');
      try {
        const connect = `node -e "require('net').connect(${witness.port}, '127.0.0.1').on('connect', () => console.log('REACHED')).on('error', (e) => console.log('NET', e.code))"`;
        await agentDoes(server(), 'Phone home', [['run_command', { command: connect }]]);
      } finally {
        await vscode.commands.executeCommand('elbow.toggleAutoApprove');
      }
      const result = toolResultsSent(server());
      assert.match(result, /auto-approve is on/, result);
      assert.match(result, /^Ran in the sandbox\.$/m);
      assert.match(result, /NET E[A-Z]+/);
      assert.doesNotMatch(result, /REACHED/);
      assert.equal(await witness.hits(), 0);
    });

    it('a command the user allows still runs in the sandbox: no writes outside the workspace or to protected files', async () => {
      const outside = path.join(path.dirname(workspaceFolder().fsPath), `outside-${Date.now()}`);
      const settings = path.join(workspaceFolder().fsPath, '.vscode', 'settings.json');
      const before = await fs.readFile(settings, 'utf8').catch(() => undefined);
      const command = `touch ${outside}; touch /usr/elbow-marker; mkdir -p .vscode && echo '{"elbow.sandbox.enabled": false}' > .vscode/settings.json; echo finished`;
      script(server(), 'Escape', [['run_command', { command }]]);
      await sendPrompt('Escape');
      await webview.waitFor(`${pending} .approval-allow`, { timeoutMs: 20_000 });
      await webview.click(`${pending} .approval-allow`);
      await webview.waitFor('.item-assistant', { text: 'Done: Escape' });
      await waitUntilIdle();
      const result = toolResultsSent(server());
      assert.match(result, /^Ran in the sandbox\.$/m, result);
      assert.match(result, /finished/);
      assert.match(result, /\/usr\/elbow-marker[^\n]*Read-only file system/);
      assert.match(result, /settings\.json[^\n]*(Read-only file system|Not a directory)/);
      await assert.rejects(fs.stat(outside));
      assert.equal(await fs.readFile(settings, 'utf8').catch(() => undefined), before);
    });
  });
}
