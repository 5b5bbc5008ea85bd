import assert from 'node:assert/strict';
import { execFileSync, spawn } from 'node:child_process';
import * as fs from 'node:fs/promises';
import * as os from 'node:os';
import * as path from 'node:path';
import type { PassThrough } from 'node:stream';
import { parseCliArguments } from '../../../src/cli/cliArguments';
import { resolveCliConfig } from '../../../src/cli/cliConfig';
import { createCliSession } from '../../../src/cli/createCliSession';
import { slashCommandHelp } from '../../../src/cli/slashCommands';
import { AgentSession } from '../../../src/core/agent/agentSession';
import { sessionSetup } from '../../../src/core/agent/sessionSetup';
import { createProvider } from '../../../src/core/llm/providers/createProvider';
import { ToolRegistry } from '../../../src/core/tools/registry';
import { cliPath, elbowEnvironment, useCliFixture } from '../../support/elbowCli';
import { startFakeLlmServer, text, toolCall, type FakeLlmServer, type RecordedRequest } from '../../support/fakeLlmServer';
import { settlesWithin } from '../../support/settlesWithin';
import { startTerminalChat } from '../../support/terminalChat';
import { createTempWorkspace, type TempWorkspace } from '../../support/tempWorkspace';
import type { TerminalScreen } from '../../support/terminalScreen';

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
    session = new AgentSession({ host: ws.host, setup: sessionSetup({ provider: createProvider({ provider: 'openai', apiKey: server.apiKey, baseURL: server.openaiBaseUrl }), settings: { provider: 'openai', model: 'm' }, system: 's', registry: new ToolRegistry() }) });
    ({ terminal, input, finished } = startTerminalChat(session));
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

  it('says a reply that broke off is discarded and that it retries, then shows the new answer', async () => {
    server.enqueue({ kind: 'streamError', status: 503, content: [text('The first half')] }, { kind: 'reply', content: [text('The whole reply.')] });
    await waitFor(/You: /);
    input.write('explain\r');
    await waitFor(/Elbow: The whole reply\.\n/);
    assert.match(terminal.text(), /Elbow: The first half\n\[Interrupted: the reply above broke off and is discarded; the model is asked again\.\]\n.*overloaded.* Retrying in 1 s \(retry 1 of 5\)\.\nElbow: The whole reply\.\n/);
    assert.equal(session.messages.length, 2, 'only the final reply joins the conversation');
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

  it('quits on Ctrl-D: the prompt loop ends, the line is closed and nothing typed after it is read', async () => {
    await waitFor(/You: /);
    input.write(ctrlD);
    assert.ok(await settlesWithin(finished, 2_000), `the chat did not end on Ctrl-D; the screen shows:\n${terminal.text()}`);
    assert.match(terminal.text(), /Ctrl-D quits\.\n\S*You: \S*\n$/, 'the prompt line is closed, and nothing else is printed');
    const screen = terminal.text();
    input.write('hello?\r');
    await new Promise((resolve) => setTimeout(resolve, 50));
    assert.equal(terminal.text(), screen, 'no prompt and no answer after quitting');
    assert.equal(server.requests.length, 0);
  });
});

/** The chat's own commands, on a session wired as `elbow` wires it (model table, transcript archive). */
describe('interactive chat: /usage, /compact and /help', function () {
  this.timeout(10_000);
  let server: FakeLlmServer;
  let ws: TempWorkspace;
  let dataFolder: string;
  let input: PassThrough;
  let terminal: TerminalScreen;
  let finished: Promise<void>;
  let session: AgentSession;

  const waitFor = (pattern: RegExp): Promise<void> => terminal.waitFor(pattern);

  beforeEach(async () => {
    server = await startFakeLlmServer();
    ws = await createTempWorkspace({});
    dataFolder = await fs.mkdtemp(path.join(os.tmpdir(), 'elbow-data-'));
    const env = { OPENAI_API_KEY: server.apiKey, OPENAI_API_BASE: server.openaiBaseUrl, OPENAI_MODEL: 'gpt-4.1', ELBOW_DATA_DIR: dataFolder };
    session = await createCliSession(resolveCliConfig(parseCliArguments([]), env), ws.root);
    ({ terminal, input, finished } = startTerminalChat(session));
  });
  afterEach(async () => {
    input.end();
    await finished;
    await session.dispose();
    await server.close();
    await ws.cleanup();
    await fs.rm(dataFolder, { recursive: true, force: true });
  });

  it('/usage shows the tokens, the cost and the context gauge', async () => {
    await waitFor(/You: /);
    input.write('/usage\r');
    await waitFor(/Context: no request yet\n/);
    server.enqueue({ kind: 'reply', content: [text('Hello there.')], usage: { input: 1_200, output: 30, cacheRead: 800 } });
    input.write('hi\r');
    await waitFor(/Elbow: Hello there\.\n/);
    input.write('/usage\r');
    await waitFor(/Context: 2k \/ 1M tokens \(0%\)\nWindow: {2}1M tokens, from Elbow's built-in model table\n/);
    assert.match(terminal.text(), /Tokens: {2}1\.2k input · 800 cache read · 0 cache write · 30 output\nCost: {4}\$0\.00\n/);
    assert.equal(server.requests.length, 1, '/usage is not sent to the model');
  });

  it('/usage counts a subagent’s tokens in the conversation’s, while the gauge stays the parent’s context', async () => {
    const isChild = (request: RecordedRequest): boolean => JSON.stringify(request.body).includes('Count the files');
    server.enqueue(
      { kind: 'reply', content: [toolCall('task', { description: 'Count files', prompt: 'Count the files.', agent: 'explore' }, 'call_task')], usage: { input: 1_000, output: 20 } },
      (request) => (isChild(request) ? { kind: 'reply', content: [text('There are none.')], usage: { input: 5_000, output: 100 } } : { kind: 'error', status: 500 }),
      { kind: 'reply', content: [text('No files.')], usage: { input: 1_100, output: 10 } },
    );
    input.write('how many files?\r');
    await waitFor(/Elbow: No files\.\n/);
    assert.match(terminal.text(), / {2}✓ Count files \(explore\) done · 0 tool calls · 5\.1k tokens · \$0\.0\d\n/);
    input.write('/usage\r');
    await waitFor(/Context: 1\.1k \/ 1M tokens \(0%\)\n/);
    assert.match(terminal.text(), /Tokens: {2}7\.1k input · 0 cache read · 0 cache write · 130 output\n/);
    assert.deepEqual(server.violations, []);
  });

  it('/compact has the model summarise the conversation and archives the full transcript', async () => {
    server.enqueue({ kind: 'reply', content: [text('Hello there.')] }, { kind: 'reply', content: [text('The user greeted me; nothing else happened.')] });
    input.write('hi\r');
    await waitFor(/Elbow: Hello there\.\n/);
    input.write('/compact the greeting\r');
    await waitFor(/Earlier messages summarised — \S+ → \S+ tokens\. Full transcript: .*\n/);
    assert.match(terminal.text(), /Summarising earlier messages to free context…\n/);
    const archive = /Full transcript: (.*)\n/.exec(terminal.text())?.[1] ?? '';
    assert.equal(path.dirname(archive), path.join(dataFolder, 'transcripts'));
    const transcript = await fs.readFile(archive, 'utf8');
    assert.match(transcript, /"hi"/);
    assert.match(JSON.stringify(server.requests.at(-1)?.body), /the greeting/, 'the focus reaches the model');
    assert.match(JSON.stringify(session.messages), /nothing else happened/);
    // The gauge follows the compaction: the estimate of the smaller history.
    const after = /summarised — \S+ → (\S+) tokens/.exec(terminal.text())?.[1] ?? '';
    input.write('/usage\r');
    await waitFor(new RegExp(`Context: ${after.replace('.', '\\.')} / 1M tokens \\(0%, estimated\\)\n`));
    assert.deepEqual(server.violations, []);
  });

  it('Ctrl-C cancels /compact and keeps the history', async () => {
    server.enqueue({ kind: 'reply', content: [text('Hello there.')] }, { kind: 'hang' });
    input.write('hi\r');
    await waitFor(/Elbow: Hello there\.\n/);
    const before = JSON.stringify(session.messages);
    input.write('/compact\r');
    await waitFor(/Summarising earlier messages to free context…\n/);
    await new Promise((resolve) => setTimeout(resolve, 100));
    input.write(ctrlC);
    await waitFor(/Could not summarise earlier messages: Cancelled\. The full history was kept\.\n/);
    await waitFor(/Cancelled\.\n[^\n]*You: /);
    assert.equal(JSON.stringify(session.messages), before);
  });

  it('/help lists the commands', async () => {
    input.write('/help\r');
    await waitFor(/\/exit/);
    assert.ok(terminal.text().includes(slashCommandHelp), terminal.text());
    assert.equal(server.requests.length, 0);
  });
});

/** `elbow` itself on a pseudo-terminal (util-linux `script`), as a user runs it: how it ends and with what code. */
describe('elbow in a terminal', function () {
  this.timeout(30_000);
  const fixture = useCliFixture();

  before(function () {
    try {
      execFileSync('script', ['--version'], { stdio: 'ignore' });
    } catch {
      this.skip();
    }
  });

  it('quits on Ctrl-D at the prompt with exit code 0, sending nothing', async () => {
    const shell = (value: string): string => `'${value.replaceAll("'", "'\\''")}'`;
    const command = `exec ${shell(process.execPath)} ${shell(cliPath)} --cwd ${shell(fixture.cwd)}`;
    const child = spawn('script', ['--quiet', '--return', '--flush', '--command', command, '/dev/null'], { env: elbowEnvironment(fixture.server, 'openai') });
    let screen = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (screen += chunk));
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    try {
      for (let waited = 0; !/You: /.test(screen); waited += 50) {
        if (waited > 10_000) assert.fail(`elbow never showed its prompt:\n${screen}`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      child.stdin.write(ctrlD);
      assert.ok(await settlesWithin(exited, 5_000), `elbow did not end on Ctrl-D; the screen shows:\n${screen}`);
      assert.equal(await exited, 0);
      assert.match(screen, /You: \S*\r\n$/, 'the prompt line is closed');
      assert.equal(fixture.server.requests.length, 0);
    } finally {
      child.kill();
    }
  });
});
