import assert from 'node:assert/strict';
import * as os from 'node:os';
import * as path from 'node:path';
import type { PassThrough } from 'node:stream';
import { TerminalApprovals, type AskLine } from '../../../src/cli/cliApprovals';
import { runInteractiveChat } from '../../../src/cli/repl';
import { TerminalQuestions } from '../../../src/cli/terminalQuestions';
import { AgentSession } from '../../../src/core/agent/agentSession';
import { sessionSetup } from '../../../src/core/agent/sessionSetup';
import { createProvider } from '../../../src/core/llm/providers/createProvider';
import type { McpManager } from '../../../src/core/mcp/mcpManager';
import { FixedPermissionSettings } from '../../../src/core/permissions/fixedPermissionSettings';
import { PermissionGate } from '../../../src/core/permissions/permissionGate';
import { ToolRegistry } from '../../../src/core/tools/registry';
import { createMcpManager } from '../../../src/node/createMcpManager';
import { startFakeLlmServer, text, toolCall, type FakeLlmServer } from '../../support/fakeLlmServer';
import { everythingServerScript, waitUntil } from '../../support/mcpServers';
import { createTempWorkspace, type TempWorkspace } from '../../support/tempWorkspace';
import { createTerminalScreen, type TerminalScreen } from '../../support/terminalScreen';

describe('interactive chat: an MCP server\'s question, asked field by field', function () {
  this.timeout(30_000);
  let server: FakeLlmServer;
  let ws: TempWorkspace;
  let mcp: McpManager;
  let input: PassThrough;
  let terminal: TerminalScreen;
  let finished: Promise<void>;
  let askLine: AskLine | undefined;
  const opened: string[] = [];

  beforeEach(async () => {
    opened.length = 0;
    server = await startFakeLlmServer();
    ws = await createTempWorkspace({ '.elbow/mcp.json': JSON.stringify({ mcpServers: { everything: { command: process.execPath, args: [everythingServerScript], alwaysAllow: ['trigger-elicitation-request', 'trigger-url-elicitation'] } } }) });
    const questions = new TerminalQuestions({ openUrl: (url) => {
      opened.push(url);
      return Promise.resolve();
    }, writeErr: () => undefined });
    const silent = { info: () => undefined, warn: () => undefined, output: () => undefined };
    mcp = createMcpManager({ workspaceRoots: () => [ws.root], environment: { ELBOW_CONFIG_DIR: path.join(os.tmpdir(), 'elbow-no-user-config'), PATH: process.env.PATH }, clientVersion: 'test', log: silent, handlers: { elicit: questions.elicit } });
    await mcp.prepare(new AbortController().signal);
    await waitUntil(() => mcp.tools().some((tool) => tool.name === 'mcp__everything__trigger-url-elicitation'), 'the question tools are offered');
    const approvals = new TerminalApprovals({ color: false });
    const provider = createProvider({ provider: 'openai', apiKey: server.apiKey, baseURL: server.openaiBaseUrl });
    const session = new AgentSession({ host: ws.host, setup: sessionSetup({ provider, settings: { provider: 'openai', model: 'm' }, system: 's', registry: new ToolRegistry().addSource(mcp) }), permissions: new PermissionGate({ settings: new FixedPermissionSettings(), approvals }) });
    terminal = createTerminalScreen();
    input = terminal.input;
    let attached: AskLine | undefined;
    finished = runInteractiveChat(session, { input, output: terminal.output, renderer: terminal.renderer, onAskLine: (askLine, hold) => {
      approvals.attach(askLine);
      questions.attach(hold);
      attached = askLine;
    } });
    askLine = attached;
  });
  afterEach(async () => {
    input.end();
    await finished;
    await mcp.dispose();
    await server.close();
    await ws.cleanup();
  });

  async function answer(prompt: RegExp, line: string): Promise<void> {
    await terminal.waitFor(prompt, 8_000);
    input.write(`${line}\r`);
  }

  it('asks one question at a time: a second asker waits, and each answer goes to its own question', async () => {
    assert.ok(askLine !== undefined);
    const never = new AbortController().signal;
    const first = askLine('First question? ', never);
    const second = askLine('Second question? ', never);
    await terminal.waitFor(/First question\? $/, 5_000);
    assert.doesNotMatch(terminal.text(), /Second question/, 'the second waits for the first');
    input.write('one\r');
    assert.equal(await first, 'one');
    await terminal.waitFor(/Second question\? $/, 5_000);
    input.write('two\r');
    assert.equal(await second, 'two');
  });

  it('asks a server\'s form whole: another question waits until its last field', async () => {
    assert.ok(askLine !== undefined);
    server.enqueue({ kind: 'reply', content: [toolCall('mcp__everything__trigger-elicitation-request', {})] }, { kind: 'reply', content: [text('Cancelled.')] });
    input.write('ask me\r');
    await terminal.waitFor(/13 fields \(\* required\)\. Answer\? \[y\]es, \[n\]o \(decline\), \[c\]ancel: $/, 8_000);
    const other = askLine('Other question? ', new AbortController().signal);
    await answer(/Answer\? \[y\]es, \[n\]o \(decline\), \[c\]ancel: $/, 'y');
    await answer(/String \* — Your full, legal name\nname: $/, '/cancel');
    // The run goes on printing as the server gets its answer: the question is on screen, not necessarily last.
    await terminal.waitFor(/\nOther question\? /, 8_000);
    input.write('mine\r');
    assert.equal(await other, 'mine');
    await terminal.waitFor(/Elbow: Cancelled\.\n/, 8_000);
    assert.doesNotMatch(terminal.text(), /Other question\? [^\n]*\n(.*\n)*name: /, 'nothing was asked between the form\'s lines');
  });

  it('shows the server and its words, checks each answer, and sends the values typed, as the schema\'s types', async () => {
    server.enqueue({ kind: 'reply', content: [toolCall('mcp__everything__trigger-elicitation-request', {})] }, { kind: 'reply', content: [text('Thanks.')] });
    input.write('ask me\r');
    await answer(/The MCP server "everything" \(from \.elbow\/mcp\.json\) asks — its words, not Elbow's:\n {2}│ Please provide inputs for the following fields:\nElbow never asks for passwords, API keys or tokens in a server's form: do not type them here\.\n13 fields \(\* required\)\. Answer\? \[y\]es, \[n\]o \(decline\), \[c\]ancel: $/, 'y');
    await answer(/String \* — Your full, legal name\nname: $/, '');
    await answer(/✗ Required\.\nString \* — Your full, legal name\nname: $/, 'Ada Lovelace');
    await answer(/check \(y\/n\): $/, 'y');
    await answer(/firstLine \[It was a dark and stormy night\.\]: $/, '');
    await answer(/email \(email\): $/, 'ada');
    await answer(/✗ Expected an email address, e\.g\. name@example\.com\.\n.*\nemail \(email\): $/, 'ada@example.com');
    await answer(/homepage \(uri\): $/, '');
    await answer(/birthdate \(date\): $/, '1815-12-10');
    await answer(/integer \(whole number 1–100\) \[42\]: $/, '500');
    await answer(/✗ At most 100\.\n.*\ninteger \(whole number 1–100\) \[42\]: $/, '7');
    await answer(/number \(number 0–1000\) \[3\.14\]: $/, '');
    await answer(/ {2}3\) Joey\n.*\n.*\n.*\nuntitledSingleSelectEnum \(number\) \[Monica\]: $/, '3');
    await answer(/untitledMultipleSelectEnum \(numbers, comma-separated\) \[Guitar\]: $/, '1,2');
    await answer(/ {2}2\) Green Lantern\n.*\ntitledSingleSelectEnum \(number\) \[hero-1\]: $/, '');
    await answer(/titledMultipleSelectEnum \(numbers, comma-separated\) \[fish-1\]: $/, '2');
    await answer(/ {2}2\) Dogs\n(.*\n){3}legacyTitledEnum \(number\) \[pet-1\]: $/, '2');
    await terminal.waitFor(/Elbow: Thanks\.\n/, 8_000);
    const result = JSON.stringify(server.requests[1]?.body);
    assert.match(result, /User provided the requested information/);
    assert.match(result, /\\"name\\": \\"Ada Lovelace\\"/);
    assert.match(result, /\\"check\\": true/);
    assert.match(result, /\\"integer\\": 7,/);
    assert.match(result, /\\"number\\": 3\.14,/);
    assert.match(result, /\\"untitledSingleSelectEnum\\": \\"Joey\\"/);
    assert.match(result, /\\"titledMultipleSelectEnum\\": \[\\n\s+\\"fish-2\\"\\n\s+\]/);
    assert.match(result, /\\"legacyTitledEnum\\": \\"pet-2\\"/);
    assert.doesNotMatch(result, /homepage/, 'a field left empty is not sent');
    assert.deepEqual(server.violations, []);
  });

  it('a URL question shows the address and opens the browser only after a yes', async () => {
    const url = 'https://auth.example.com/consent?x=1';
    server.enqueue(
      { kind: 'reply', content: [toolCall('mcp__everything__trigger-url-elicitation', { url, message: 'Sign in \u001b[2Jplease' })] },
      { kind: 'reply', content: [text('Declined.')] },
      { kind: 'reply', content: [toolCall('mcp__everything__trigger-url-elicitation', { url })] },
      { kind: 'reply', content: [text('Opened.')] },
    );
    input.write('open it\r');
    await answer(/The MCP server "everything" \(from \.elbow\/mcp\.json\) asks — its words, not Elbow's:\n {2}│ Sign in \\x1b\[2Jplease\n {2}It wants you to open https:\/\/auth\.example\.com in your browser:\n {2}https:\/\/auth\.example\.com\/consent\?x=1\nOpen it\? \[y\]es, \[n\]o \(decline\), \[c\]ancel: $/, 'n');
    await terminal.waitFor(/Elbow: Declined\.\n/, 8_000);
    assert.deepEqual(opened, [], 'no browser without consent');
    assert.match(JSON.stringify(server.requests[1]?.body), /decline/);
    input.write('again\r');
    await answer(/Open it\? \[y\]es, \[n\]o \(decline\), \[c\]ancel: $/, 'y');
    await terminal.waitFor(/Elbow: Opened\.\n/, 8_000);
    assert.deepEqual(opened, [url]);
    assert.match(JSON.stringify(server.requests[3]?.body), /accept/);
  });
});
