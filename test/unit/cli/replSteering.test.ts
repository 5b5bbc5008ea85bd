import assert from 'node:assert/strict';
import type { PassThrough } from 'node:stream';
import { AgentSession } from '../../../src/core/agent/agentSession';
import { sessionSetup } from '../../../src/core/agent/sessionSetup';
import { createProvider } from '../../../src/core/llm/providers/createProvider';
import { builtinTools } from '../../../src/core/tools/builtin';
import { ToolRegistry } from '../../../src/core/tools/registry';
import { startFakeLlmServer, text, toolCall, type FakeLlmServer } from '../../support/fakeLlmServer';
import { startTerminalChat } from '../../support/terminalChat';
import { createTempWorkspace, type TempWorkspace } from '../../support/tempWorkspace';
import type { TerminalScreen } from '../../support/terminalScreen';

const ctrlC = '\x03';

interface WireMessage {
  role: string;
  content: unknown;
}

/** Lines typed while Elbow works: queued for when it ends, or steered in with /steer. */
describe('interactive chat: typing while a run goes on', function () {
  this.timeout(15_000);
  let server: FakeLlmServer;
  let ws: TempWorkspace;
  let input: PassThrough;
  let terminal: TerminalScreen;
  let finished: Promise<void>;

  const waitFor = (pattern: RegExp): Promise<void> => terminal.waitFor(pattern);
  const conversation = (index: number): WireMessage[] => (server.requests[index]?.body as { messages: WireMessage[] }).messages.filter((message) => message.role !== 'system');

  beforeEach(async () => {
    server = await startFakeLlmServer();
    ws = await createTempWorkspace({ 'a.txt': 'alpha\n' });
    const registry = new ToolRegistry();
    for (const tool of builtinTools()) registry.register(tool);
    const session = new AgentSession({ host: ws.host, setup: sessionSetup({ provider: createProvider({ provider: 'openai', apiKey: server.apiKey, baseURL: server.openaiBaseUrl }), settings: { provider: 'openai', model: 'm' }, system: 's', registry }) });
    ({ terminal, input, finished } = startTerminalChat(session));
    await waitFor(/You: /);
  });
  afterEach(async () => {
    input.end();
    await finished;
    await server.close();
    await ws.cleanup();
  });

  it('queues a line typed during a run and sends it when the run ends', async () => {
    server.enqueue({ kind: 'reply', content: [text('A long first answer.')], chunkSize: 2, chunkDelayMs: 60 }, { kind: 'reply', content: [text('Second answer.')] });
    input.write('first question\r');
    await waitFor(/Elbow: A/);
    input.write('and then this\r');
    await waitFor(/\(Queued: sent when Elbow finishes\. \/steer sends it now\.\)/);
    await waitFor(/Elbow: Second answer\./);
    assert.match(terminal.text(), /first answer\.\nYou \(queued\): and then this\nElbow: Second answer\./);
    assert.deepEqual(conversation(1).map((message) => [message.role, message.content]).slice(-2), [['assistant', 'A long first answer.'], ['user', 'and then this']]);
    assert.deepEqual(server.violations, []);
  });

  it('steers a message in with /steer: it reaches the next request, after the tool results', async () => {
    server.enqueue({ kind: 'reply', content: [text('Reading it.'), toolCall('read_file', { path: 'a.txt' })], chunkSize: 2, chunkDelayMs: 40 }, { kind: 'reply', content: [text('Done.')] });
    input.write('read a.txt\r');
    await waitFor(/Elbow: R/);
    input.write('/steer also count the lines\r');
    await waitFor(/\(Steering: Elbow reads this before its next step\.\)/);
    await waitFor(/Elbow: Done\./);
    assert.match(terminal.text(), /read_file\(a\.txt\)[\s\S]*→ The model now sees your message: also count the lines\n/);
    assert.equal(server.requests.length, 2, 'steering adds no request of its own');
    assert.deepEqual(conversation(1).map((message) => message.role), ['user', 'assistant', 'tool', 'user']);
    assert.equal(conversation(1)[3]?.content, 'also count the lines');
    assert.deepEqual(server.violations, []);
  });

  it('steers the queued lines with /steer alone', async () => {
    server.enqueue({ kind: 'reply', content: [text('Working on it.'), toolCall('read_file', { path: 'a.txt' })], chunkSize: 2, chunkDelayMs: 40 }, { kind: 'reply', content: [text('Done.')] });
    input.write('read a.txt\r');
    await waitFor(/Elbow: W/);
    input.write('in French please\r');
    await waitFor(/\(Queued/);
    input.write('/steer\r');
    await waitFor(/Elbow: Done\./);
    assert.equal(conversation(1)[3]?.content, 'in French please');
    assert.equal(server.requests.length, 2, 'the queued line was steered, not sent again after the run');
  });

  it('gives queued lines back at the prompt when the run is cancelled', async () => {
    server.enqueue({ kind: 'hang' });
    input.write('slow question\r');
    await new Promise((resolve) => setTimeout(resolve, 100));
    input.write('keep this\r');
    await waitFor(/\(Queued/);
    input.write(ctrlC);
    await waitFor(/your queued message is back at the prompt\.\)\n.*You: .*keep this/);
    assert.equal(server.requests.length, 1);
  });
});
