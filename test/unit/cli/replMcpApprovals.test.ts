import assert from 'node:assert/strict';
import * as fs from 'node:fs/promises';
import * as os from 'node:os';
import * as path from 'node:path';
import type { PassThrough } from 'node:stream';
import { TerminalApprovals } from '../../../src/cli/cliApprovals';
import { createCliMcp, type CliMcp } from '../../../src/cli/createCliMcp';
import { runInteractiveChat } from '../../../src/cli/repl';
import { TrustedContentStore, trustStoreFile } from '../../../src/cli/trustedContentStore';
import { AgentSession } from '../../../src/core/agent/agentSession';
import { sessionSetup } from '../../../src/core/agent/sessionSetup';
import { createProvider } from '../../../src/core/llm/providers/createProvider';
import type { McpManager } from '../../../src/core/mcp/mcpManager';
import { FixedPermissionSettings } from '../../../src/core/permissions/fixedPermissionSettings';
import { PermissionGate } from '../../../src/core/permissions/permissionGate';
import { builtinTools } from '../../../src/core/tools/builtin/index';
import { ToolRegistry } from '../../../src/core/tools/registry';
import { createMcpManager } from '../../../src/node/createMcpManager';
import { startFakeLlmServer, text, toolCall, type FakeLlmServer } from '../../support/fakeLlmServer';
import { everythingServerScript, waitUntil } from '../../support/mcpServers';
import { startRecordingHttpListener, type RecordingHttpListener } from '../../support/recordingHttpListener';
import { startAskingTerminalChat } from '../../support/terminalChat';
import { createTempWorkspace, type TempWorkspace } from '../../support/tempWorkspace';
import { createTerminalScreen, type TerminalScreen } from '../../support/terminalScreen';

describe('interactive chat: MCP tool prompts', function () {
  this.timeout(30_000);
  let server: FakeLlmServer;
  let ws: TempWorkspace;
  let mcp: McpManager;
  let input: PassThrough;
  let terminal: TerminalScreen;
  let finished: Promise<void>;

  beforeEach(async () => {
    server = await startFakeLlmServer();
    ws = await createTempWorkspace({ '.elbow/mcp.json': JSON.stringify({ mcpServers: { everything: { command: process.execPath, args: [everythingServerScript] } } }) });
    const silent = { info: () => undefined, warn: () => undefined, output: () => undefined };
    mcp = createMcpManager({ workspaceRoots: () => [ws.root], environment: { ELBOW_CONFIG_DIR: path.join(os.tmpdir(), 'elbow-no-user-config'), PATH: process.env.PATH }, clientVersion: 'test', log: silent });
    const registry = new ToolRegistry();
    for (const tool of builtinTools()) registry.register(tool);
    registry.addSource(mcp);
    ({ terminal, input, finished } = startAskingTerminalChat(ws.host, server, registry));
  });
  afterEach(async () => {
    input.end();
    await finished;
    await mcp.dispose();
    await server.close();
    await ws.cleanup();
  });

  it('shows the server, tool and arguments; "a" runs it and writes alwaysAllow, so the next call does not ask', async () => {
    server.enqueue(
      { kind: 'reply', content: [toolCall('mcp__everything__echo', { message: 'one' })] },
      { kind: 'reply', content: [text('First.')] },
      { kind: 'reply', content: [toolCall('mcp__everything__echo', { message: 'two' })] },
      { kind: 'reply', content: [text('Second.')] },
    );
    input.write('echo one\r');
    await terminal.waitFor(/Elbow wants to use echo of the MCP server "everything" \(read-only\) with:\n {2}\{\n {4}"message": "one"\n {2}\}\n\[y\]es, \[a\]lways allow echo of everything, \[n\]o, or type why not: $/, 15_000);
    input.write('a\r');
    await terminal.waitFor(/Elbow: First\.\n/, 8_000);
    assert.match(JSON.stringify(server.requests[1]?.body), /Echo: one/);
    const config = JSON.parse(await fs.readFile(ws.path('.elbow/mcp.json'), 'utf8')) as { mcpServers: { everything: { alwaysAllow?: string[] } } };
    assert.deepEqual(config.mcpServers.everything.alwaysAllow, ['echo']);

    input.write('echo two\r');
    await terminal.waitFor(/Elbow: Second\.\n/, 8_000);
    assert.match(JSON.stringify(server.requests[3]?.body), /Echo: two/);
    assert.equal(terminal.text().match(/Elbow wants to use echo/g)?.length, 1, 'asked only once');
    assert.deepEqual(server.violations, []);
  });
});

describe('interactive chat: trusting the workspace\'s MCP configuration', function () {
  this.timeout(30_000);
  const secret = 'sk-secret-from-the-environment-4711';
  let server: FakeLlmServer;
  let ws: TempWorkspace;
  let listener: RecordingHttpListener;
  let dataFolder: string;
  let chats: Array<{ input: PassThrough; finished: Promise<void>; mcp: CliMcp }> = [];

  beforeEach(async () => {
    server = await startFakeLlmServer();
    listener = await startRecordingHttpListener();
    dataFolder = await fs.mkdtemp(path.join(os.tmpdir(), 'elbow-trust-data-'));
    ws = await createTempWorkspace({ '.elbow/mcp.json': JSON.stringify({ mcpServers: {
      everything: { command: process.execPath, args: [everythingServerScript] },
      remote: { url: `${listener.url}/mcp`, headers: { Authorization: 'Bearer ${env:SOME_SECRET}' } },
    } }, undefined, 2) });
  });
  afterEach(async () => {
    for (const chat of chats) {
      chat.input.end();
      await chat.finished;
      await chat.mcp.manager.dispose();
    }
    chats = [];
    await server.close();
    await listener.close();
    await ws.cleanup();
    await fs.rm(dataFolder, { recursive: true, force: true });
  });

  /** The chat as `elbow` runs it: its MCP servers behind the trust check, whose questions it asks on the terminal. */
  function startChat(): { terminal: TerminalScreen; input: PassThrough; errors: string[]; mcp: CliMcp } {
    const errors: string[] = [];
    const silent = { info: () => undefined, warn: () => undefined, output: () => undefined };
    const mcp = createCliMcp({
      root: ws.root,
      extraFiles: [],
      passedEnvironment: ['SOME_SECRET'],
      store: new TrustedContentStore(trustStoreFile(dataFolder)),
      trustWorkspace: false,
      environment: { ELBOW_CONFIG_DIR: path.join(os.tmpdir(), 'elbow-no-user-config'), PATH: process.env.PATH, SOME_SECRET: secret },
      clientVersion: 'test',
      log: silent,
      writeErr: (text) => errors.push(text),
    });
    const registry = new ToolRegistry();
    for (const tool of builtinTools()) registry.register(tool);
    registry.addSource(mcp.tools);
    const approvals = new TerminalApprovals();
    const permissions = new PermissionGate({ settings: new FixedPermissionSettings(), approvals });
    const provider = createProvider({ provider: 'openai', apiKey: server.apiKey, baseURL: server.openaiBaseUrl });
    const terminal = createTerminalScreen();
    const finished = runInteractiveChat(new AgentSession({ host: ws.host, setup: sessionSetup({ provider, settings: { provider: 'openai', model: 'm' }, system: 's', registry }), permissions }), {
      input: terminal.input,
      output: terminal.output,
      renderer: terminal.renderer,
      onAskLine: (askLine) => {
        approvals.attach(askLine);
        mcp.trust.attach(askLine);
      },
    });
    chats.push({ input: terminal.input, finished, mcp });
    return { terminal, input: terminal.input, errors, mcp };
  }

  const question = /\.elbow\/mcp\.json of this workspace wants to start MCP servers, which run with your rights:\n {2}everything: \S+ \S+index\.js\n {2}remote: http:\/\/127\.0\.0\.1:\d+\/mcp \(headers: Authorization; reads \$\{env:SOME_SECRET\}\)\nThe file \(\S+mcp\.json\):\n {2}│ \{\n {2}│ {3}"mcpServers": \{\n[^]*\n {2}│ \}\nStart its servers\? Elbow remembers a yes until the file changes\. \[y\]es, \[n\]o: $/;
  const timesAsked = (terminal: TerminalScreen): number => terminal.text().match(/of this workspace wants to start/g)?.length ?? 0;
  const offered = (index: number): boolean => /"name":"mcp__everything__echo"/.test(JSON.stringify(server.requests[index]?.body));
  const sentSecret = (): boolean => listener.requests.some((request) => request.headers.authorization === `Bearer ${secret}`);

  it('asks once, before servers first start, showing the file and each server\'s command line or URL; a yes starts them and is remembered', async () => {
    server.enqueue({ kind: 'reply', content: [text('First.')] }, { kind: 'reply', content: [text('Second.')] }, { kind: 'reply', content: [text('Next chat.')] });
    const chat = startChat();
    chat.input.write('hello\r');
    await chat.terminal.waitFor(question, 10_000);
    assert.deepEqual(chat.mcp.manager.serverNames(), [], 'nothing read before the answer');
    assert.deepEqual(listener.requests, []);
    assert.equal(server.requests.length, 0);

    chat.input.write('y\r');
    await chat.terminal.waitFor(/Elbow: First\.\n/, 15_000);
    assert.ok(offered(0), 'the servers\' tools are offered once trusted');
    await waitUntil(sentSecret, 'the trusted URL server is sent the expanded header');
    chat.input.write('again\r');
    await chat.terminal.waitFor(/Elbow: Second\.\n/, 8_000);
    assert.equal(timesAsked(chat.terminal), 1, 'asked once');
    assert.deepEqual(chat.errors, []);

    const next = startChat();
    next.input.write('hello\r');
    await next.terminal.waitFor(/Elbow: Next chat\.\n/, 15_000);
    assert.equal(timesAsked(next.terminal), 0, 'a later chat remembers the yes');
    assert.ok(offered(2));
  });

  it('"n" starts nothing and expands no variable; the chat does not ask again, the next one does', async () => {
    server.enqueue({ kind: 'reply', content: [text('Without.')] }, { kind: 'reply', content: [text('Still without.')] });
    const chat = startChat();
    chat.input.write('hello\r');
    await chat.terminal.waitFor(question, 10_000);
    chat.input.write('n\r');
    await chat.terminal.waitFor(/Elbow: Without\.\n/, 8_000);
    chat.input.write('again\r');
    await chat.terminal.waitFor(/Elbow: Still without\.\n/, 8_000);
    assert.equal(timesAsked(chat.terminal), 1);
    assert.deepEqual(chat.errors, ['elbow: the MCP servers of .elbow/mcp.json are not started; Elbow asks again in the next chat.\n']);
    assert.equal(offered(0) || offered(1), false);
    assert.deepEqual(chat.mcp.manager.serverNames(), []);
    assert.deepEqual(listener.requests, [], 'nothing reached the URL server');

    const next = startChat();
    next.input.write('hello\r');
    await next.terminal.waitFor(question, 10_000);
  });

  it('asks again once the file changed', async () => {
    server.enqueue({ kind: 'reply', content: [text('Trusted.')] });
    const chat = startChat();
    chat.input.write('hello\r');
    await chat.terminal.waitFor(question, 10_000);
    chat.input.write('y\r');
    await chat.terminal.waitFor(/Elbow: Trusted\.\n/, 15_000);

    await fs.writeFile(ws.path('.elbow/mcp.json'), JSON.stringify({ mcpServers: { everything: { command: process.execPath, args: [everythingServerScript, 'stdio'] } } }, undefined, 2));
    const next = startChat();
    next.input.write('hello\r');
    await next.terminal.waitFor(/everything: \S+ \S+index\.js stdio\nThe file/, 10_000);
  });

  it('keeps trusting the file after "always allow" writes alwaysAllow into it', async () => {
    server.enqueue(
      { kind: 'reply', content: [toolCall('mcp__everything__echo', { message: 'one' })] },
      { kind: 'reply', content: [text('First.')] },
      { kind: 'reply', content: [toolCall('mcp__everything__echo', { message: 'two' })] },
      { kind: 'reply', content: [text('Second.')] },
      { kind: 'reply', content: [text('Next chat.')] },
    );
    const chat = startChat();
    chat.input.write('echo one\r');
    await chat.terminal.waitFor(question, 10_000);
    chat.input.write('y\r');
    await chat.terminal.waitFor(/Elbow wants to use echo of the MCP server "everything"[^]*: $/, 15_000);
    chat.input.write('a\r');
    await chat.terminal.waitFor(/Elbow: First\.\n/, 8_000);
    assert.match(await fs.readFile(ws.path('.elbow/mcp.json'), 'utf8'), /"alwaysAllow": \[\s*"echo"\s*\]/);

    chat.input.write('echo two\r');
    await chat.terminal.waitFor(/Elbow: Second\.\n/, 8_000);
    assert.match(JSON.stringify(server.requests[3]?.body), /Echo: two/, 'the server still runs after the file was changed for the user');
    assert.equal(timesAsked(chat.terminal), 1);

    const next = startChat();
    next.input.write('hello\r');
    await next.terminal.waitFor(/Elbow: Next chat\.\n/, 15_000);
    assert.equal(timesAsked(next.terminal), 0, 'the changed file is remembered as trusted');
  });
});
