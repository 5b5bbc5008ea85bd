import assert from 'node:assert/strict';
import * as fs from 'node:fs/promises';
import * as path from 'node:path';
import { AgentSession } from '../../../src/core/agent/agentSession';
import { sessionSetup } from '../../../src/core/agent/sessionSetup';
import { planModeNote } from '../../../src/core/agent/planModeNote';
import { createProvider } from '../../../src/core/llm/providers/createProvider';
import { builtinTools } from '../../../src/core/tools/builtin';
import { ToolRegistry } from '../../../src/core/tools/registry';
import { elbowEnvironment, runElbow, useCliFixture } from '../../support/elbowCli';
import { startFakeLlmServer, text, toolCall, type FakeLlmServer } from '../../support/fakeLlmServer';
import { startTerminalChat } from '../../support/terminalChat';
import { createTempWorkspace, type TempWorkspace } from '../../support/tempWorkspace';

interface SentMessage {
  role: string;
  content: unknown;
}

function sentMessages(server: FakeLlmServer, index: number): SentMessage[] {
  return (server.requests[index]?.body as { messages: SentMessage[] }).messages;
}

describe('plan mode in the chat', function () {
  this.timeout(15_000);
  let server: FakeLlmServer;
  let ws: TempWorkspace;

  beforeEach(async () => {
    server = await startFakeLlmServer();
    ws = await createTempWorkspace({ 'a.txt': 'alpha\n' });
  });
  afterEach(async () => {
    await server.close();
    await ws.cleanup();
  });

  it('/plan shows the mode in the prompt, refuses the model\'s write, and /act and /plan off switch back', async () => {
    const registry = new ToolRegistry();
    for (const tool of builtinTools()) registry.register(tool);
    const provider = createProvider({ provider: 'openai', apiKey: server.apiKey, baseURL: server.openaiBaseUrl });
    const session = new AgentSession({ host: ws.host, setup: sessionSetup({ provider, settings: { provider: 'openai', model: 'm' }, system: 's', registry }) });
    const { terminal, input, finished } = startTerminalChat(session);
    server.enqueue(
      { kind: 'reply', content: [toolCall('write_file', { path: 'a.txt', content: 'beta\n' })] },
      { kind: 'reply', content: [text('1. Write beta to a.txt.')] },
    );
    await terminal.waitFor(/You: /);
    input.write('/plan\r');
    await terminal.waitFor(/Plan mode: Elbow reads, searches and runs read-only commands.*\n[^\n]*You \(plan\): /);
    input.write('make a.txt say beta\r');
    await terminal.waitFor(/Elbow: 1\. Write beta to a\.txt\.\n[^\n]*You \(plan\): /);
    assert.match(terminal.text(), /write_file was not run\. Elbow is in plan mode/);
    assert.equal(await ws.readText('a.txt'), 'alpha\n');
    input.write('/act\r');
    await terminal.waitFor(/Act mode: Elbow may edit files and run commands again.*\n[^\n]*You: /);
    input.write('/plan on\r');
    await terminal.waitFor(/\/plan on\s+Plan mode/);
    input.write('/plan off\r');
    await terminal.waitFor(/\/plan off\s+Act mode.*\n[^\n]*You: /);
    assert.equal(session.mode, 'act');
    input.write('/help\r');
    await terminal.waitFor(/\/plan \[on\|off\]\s+plan mode.*\n\s+\/act\s+back to act mode/);
    input.end();
    await finished;
    assert.deepEqual(server.violations, []);
  });
});

describe('elbow -p --plan', function () {
  this.timeout(30_000);
  const fixture = useCliFixture();

  it('runs the prompt in plan mode: the edit is refused and the plan is the answer', async () => {
    const { server, cwd } = fixture;
    await fs.writeFile(path.join(cwd, 'a.txt'), 'alpha\n');
    server.enqueue(
      { kind: 'reply', content: [toolCall('edit_file', { path: 'a.txt', old_str: 'alpha', new_str: 'beta' })] },
      { kind: 'reply', content: [text('1. Change alpha to beta in a.txt.')] },
    );
    const run = await runElbow(['-p', 'rename alpha', '--plan', '--cwd', cwd], elbowEnvironment(server, 'openai'));
    assert.deepEqual({ code: run.code, stdout: run.stdout }, { code: 0, stdout: '1. Change alpha to beta in a.txt.\n' }, run.stderr);
    assert.match(run.stderr, /edit_file was not run\. Elbow is in plan mode/);
    assert.equal(await fs.readFile(path.join(cwd, 'a.txt'), 'utf8'), 'alpha\n');
    assert.ok(JSON.stringify(sentMessages(server, 0)).includes(planModeNote.slice(0, 40)));
    assert.deepEqual(server.violations, []);
  });

  it('without --plan sends the prompt alone', async () => {
    const { server, cwd } = fixture;
    server.enqueue({ kind: 'reply', content: [text('Hi.')] });
    await runElbow(['-p', 'hello', '--cwd', cwd], elbowEnvironment(server, 'openai'));
    assert.deepEqual(sentMessages(server, 0).filter((message) => message.role === 'user'), [{ role: 'user', content: 'hello' }]);
  });
});
