import assert from 'node:assert/strict';
import type { PassThrough } from 'node:stream';
import { runInteractiveChat } from '../../../src/cli/repl';
import { AgentSession } from '../../../src/core/agent/agentSession';
import { createProvider } from '../../../src/core/llm/providers/createProvider';
import { ToolRegistry } from '../../../src/core/tools/registry';
import { startFakeLlmServer, text, type FakeLlmServer } from '../../support/fakeLlmServer';
import { createTempWorkspace, type TempWorkspace } from '../../support/tempWorkspace';
import { createTerminalScreen, type TerminalScreen } from '../../support/terminalScreen';

const ctrlC = '\x03';
const ctrlD = '\x04';

/** Drives the interactive chat through a terminal-like stream: keystrokes in, screen text out. */
describe('interactive chat', function () {
  this.timeout(10_000);
  let server: FakeLlmServer;
  let ws: TempWorkspace;
  let input: PassThrough;
  let terminal: TerminalScreen;
  let finished: Promise<void>;
  let session: AgentSession;

  const waitFor = (pattern: RegExp): Promise<void> => terminal.waitFor(pattern);

  beforeEach(async () => {
    server = await startFakeLlmServer();
    ws = await createTempWorkspace({});
    session = new AgentSession({ host: ws.host, provider: createProvider({ provider: 'openai', apiKey: server.apiKey, baseURL: server.openaiBaseUrl }), model: 'm', system: 's', registry: new ToolRegistry() });
    terminal = createTerminalScreen();
    ({ input } = terminal);
    finished = runInteractiveChat(session, { input, output: terminal.output, renderer: terminal.renderer });
  });
  afterEach(async () => {
    input.end();
    await finished;
    await server.close();
    await ws.cleanup();
  });

  it('answers at the You: prompt and keeps the conversation', async () => {
    server.enqueue({ kind: 'reply', content: [text('Hello there.')] }, { kind: 'reply', content: [text('Again.')] });
    await waitFor(/You: /);
    input.write('hi\r');
    await waitFor(/Elbow: Hello there\.\n/);
    input.write('once more\r');
    await waitFor(/Elbow: Again\.\n/);
    assert.equal(session.messages.length, 4);
    assert.deepEqual(server.violations, []);
  });

  it('cancels a running request with Ctrl-C and returns to the prompt', async () => {
    server.enqueue({ kind: 'hang' }, { kind: 'reply', content: [text('Back.')] });
    input.write('slow question\r');
    await new Promise((resolve) => setTimeout(resolve, 100));
    input.write(ctrlC);
    await waitFor(/Cancelled\.\n/);
    input.write('next\r');
    await waitFor(/Elbow: Back\.\n/);
    assert.deepEqual(server.violations, []);
  });

  it('quits on a second Ctrl-C at an empty prompt', async () => {
    input.write(ctrlC);
    await waitFor(/Press Ctrl-C again or Ctrl-D to quit/);
    input.write(ctrlC);
    await finished;
    assert.equal(server.requests.length, 0);
  });

  it('quits on Ctrl-D', async () => {
    input.write(ctrlD);
    await finished;
  });
});
