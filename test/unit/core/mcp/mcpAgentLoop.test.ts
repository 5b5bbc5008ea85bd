import assert from 'node:assert/strict';
import * as fs from 'node:fs/promises';
import * as path from 'node:path';
import type { AgentEvent, RunOutcome } from '../../../../src/core/agent/agentEvents';
import { AgentSession } from '../../../../src/core/agent/agentSession';
import { sessionSetup } from '../../../../src/core/agent/sessionSetup';
import { createProvider } from '../../../../src/core/llm/providers/createProvider';
import type { McpManager } from '../../../../src/core/mcp/mcpManager';
import { FixedPermissionSettings } from '../../../../src/core/permissions/fixedPermissionSettings';
import { PermissionGate } from '../../../../src/core/permissions/permissionGate';
import { builtinTools } from '../../../../src/core/tools/builtin';
import { ToolRegistry } from '../../../../src/core/tools/registry';
import { createMcpManager } from '../../../../src/node/createMcpManager';
import { startFakeLlmServer, text, toolCall, type FakeLlmApi, type FakeLlmServer, type RecordedRequest } from '../../../support/fakeLlmServer';
import { everythingServerScript, filesystemServerScript, isRunning, McpTestLog, waitUntil } from '../../../support/mcpServers';
import { RecordingApprovals } from '../../../support/recordingApprovals';
import { createTempWorkspace, type TempWorkspace } from '../../../support/tempWorkspace';

/** A tool result as it went over the wire; OpenAI's carry no error flag. */
interface WireToolResult {
  id: string;
  text: string;
  isError?: boolean;
}

interface WireTool {
  name: string;
  schema: Record<string, unknown>;
}

function asObject(value: unknown, what: string): Record<string, unknown> {
  assert.ok(typeof value === 'object' && value !== null && !Array.isArray(value), `${what} is an object`);
  return value as Record<string, unknown>;
}

function asArray(value: unknown, what: string): unknown[] {
  assert.ok(Array.isArray(value), `${what} is an array`);
  return value;
}

/** The tools a request offered the model, in both wire formats. */
function toolsOf(request: RecordedRequest): WireTool[] {
  const body = asObject(request.body, 'the request body');
  return asArray(body.tools, 'tools').map((entry) => {
    const tool = asObject(entry, 'a tool');
    if (request.api === 'openai') {
      const fn = asObject(tool.function, 'function');
      return { name: String(fn.name), schema: asObject(fn.parameters, 'parameters') };
    }
    return { name: String(tool.name), schema: asObject(tool.input_schema, 'input_schema') };
  });
}

/** The tool results a request ends with (the answers to the model's last tool calls), in order. */
function toolResultsOf(request: RecordedRequest): WireToolResult[] {
  const messages = asArray(asObject(request.body, 'the request body').messages, 'messages').map((message) => asObject(message, 'a message'));
  if (request.api === 'openai') {
    const results: WireToolResult[] = [];
    for (let index = messages.length - 1; index >= 0 && messages[index]?.role === 'tool'; index--) {
      const message = messages[index] as Record<string, unknown>;
      results.unshift({ id: String(message.tool_call_id), text: String(message.content) });
    }
    return results;
  }
  const last = messages.at(-1);
  assert.equal(last?.role, 'user');
  return asArray(last?.content, 'the last message\'s content').map((entry) => asObject(entry, 'a block')).filter((block) => block.type === 'tool_result').map((block) => {
    const content = typeof block.content === 'string' ? block.content : asArray(block.content ?? [], 'tool_result content').map((part) => String(asObject(part, 'a part').text ?? '')).join('\n');
    return { id: String(block.tool_use_id), text: content, isError: block.is_error === true };
  });
}

/** What the model sees of an error: Anthropic flags it, OpenAI only has the text. */
function assertError(result: WireToolResult | undefined, api: FakeLlmApi, text: RegExp): void {
  assert.match(result?.text ?? '', text);
  if (api === 'anthropic') assert.equal(result?.isError, true);
}

for (const api of ['openai', 'anthropic'] as const) {
  describe(`MCP tools through the agent loop (${api})`, function () {
    this.timeout(30_000);
    let ws: TempWorkspace;
    let configFile: string;
    let manager: McpManager;
    let log: McpTestLog;
    let server: FakeLlmServer;
    let approvals: RecordingApprovals;
    let settings: FixedPermissionSettings;
    let session: AgentSession;
    let events: AgentEvent[];
    const knownPids = new Set<number>();

    /** The servers as the user configured them; `everythingAllowed` is everything's `alwaysAllow`. */
    async function writeConfig(everythingAllowed: string[]): Promise<void> {
      const config = {
        mcpServers: {
          everything: { command: process.execPath, args: [everythingServerScript], alwaysAllow: everythingAllowed },
          filesystem: { command: process.execPath, args: [filesystemServerScript, ws.root], alwaysAllow: ['read_text_file'] },
        },
      };
      await fs.writeFile(configFile, `${JSON.stringify(config, null, 2)}\n`);
      await manager.reload();
    }

    function newSession(): AgentSession {
      const provider = createProvider({ provider: api, apiKey: server.apiKey, baseURL: api === 'openai' ? server.openaiBaseUrl : server.anthropicBaseUrl });
      const registry = new ToolRegistry();
      for (const tool of builtinTools()) registry.register(tool);
      registry.addSource(manager);
      const permissions = new PermissionGate({ settings, approvals });
      return new AgentSession({ host: ws.host, setup: sessionSetup({ provider, settings: { provider: 'openai', model: 'test-model' }, system: 'You are a test.', registry, retry: { maxRetries: 1, baseDelayMs: 10, maxDelayMs: 20, maxRetryAfterMs: 1_000 } }), permissions });
    }

    const send = (prompt: string): Promise<RunOutcome> => session.send(prompt, (event) => events.push(event));
    const everythingPid = (): number | undefined => manager.connection('everything')?.pid;
    const rememberPids = (): void => {
      for (const name of manager.serverNames()) {
        const pid = manager.connection(name)?.pid;
        if (pid !== undefined) knownPids.add(pid);
      }
    };

    before(async () => {
      ws = await createTempWorkspace({ 'notes.txt': 'hello from the filesystem\n' });
      configFile = ws.path('.elbow/mcp.json');
      await fs.mkdir(path.dirname(configFile), { recursive: true });
      log = new McpTestLog();
      manager = createMcpManager({
        workspaceRoots: () => [ws.root],
        environment: { ELBOW_CONFIG_DIR: path.join(ws.base, 'config'), PATH: process.env.PATH },
        homeDirectory: ws.base,
        clientVersion: '0.0.0-test',
        log,
        startWaitMs: 15_000,
        restartDelaysMs: [100, 200],
      });
    });
    after(async () => {
      rememberPids();
      await manager.dispose();
      await ws.cleanup();
      await waitUntil(() => [...knownPids].every((pid) => !isRunning(pid)), 'every server process ended', 5_000);
    });
    beforeEach(async () => {
      await writeConfig(['echo', 'get-sum', 'gzip-file-as-resource']);
      server = await startFakeLlmServer();
      approvals = new RecordingApprovals();
      settings = new FixedPermissionSettings();
      session = newSession();
      events = [];
    });
    afterEach(async () => {
      rememberPids();
      await session.dispose();
      await server.close();
    });

    it('runs the servers\' tools and gives the model their outputs and schemas', async () => {
      server.enqueue(
        { kind: 'reply', content: [
          text('Let me use the servers.'),
          toolCall('mcp__everything__echo', { message: 'hello' }),
          toolCall('mcp__everything__get-sum', { a: 2, b: 3 }),
          toolCall('mcp__filesystem__read_text_file', { path: ws.path('notes.txt') }),
        ] },
        { kind: 'reply', content: [text('done')] },
      );
      assert.deepEqual(await send('use the tools'), { reason: 'completed', text: 'done' });
      assert.deepEqual(server.violations, []);
      assert.equal(server.requests.length, 2);

      const results = toolResultsOf(server.requests[1] as RecordedRequest);
      assert.deepEqual(results.map((result) => result.text), ['Echo: hello', 'The sum of 2 and 3 is 5.', 'hello from the filesystem\n']);
      if (api === 'anthropic') assert.deepEqual(results.map((result) => result.isError), [false, false, false]);

      const tools = toolsOf(server.requests[0] as RecordedRequest);
      const names = tools.map((tool) => tool.name);
      for (const name of ['read_file', 'mcp__everything__echo', 'mcp__everything__get-sum', 'mcp__filesystem__read_text_file']) assert.ok(names.includes(name), `${name} offered`);
      const echo = tools.find((tool) => tool.name === 'mcp__everything__echo');
      assert.equal(echo?.schema.type, 'object');
      assert.deepEqual(echo?.schema.properties, { message: { type: 'string', description: 'Message to echo' } });
      assert.deepEqual(echo?.schema.required, ['message']);
      const sum = tools.find((tool) => tool.name === 'mcp__everything__get-sum');
      assert.deepEqual(sum?.schema.properties, { a: { type: 'number', description: 'First number' }, b: { type: 'number', description: 'Second number' } });
      const read = tools.find((tool) => tool.name === 'mcp__filesystem__read_text_file');
      assert.deepEqual(read?.schema.required, ['path']);
      // The same tools in every request of the run, so the prompt cache holds.
      assert.deepEqual(toolsOf(server.requests[1] as RecordedRequest), tools);
    });

    it('gives the model error results: the server\'s and Elbow\'s argument check', async () => {
      server.enqueue(
        { kind: 'reply', content: [
          toolCall('mcp__everything__gzip-file-as-resource', { name: 'x.gz', data: 'http://127.0.0.1:9/x', outputType: 'resource' }),
          toolCall('mcp__everything__get-sum', { a: 'x', b: 3 }),
        ] },
        { kind: 'reply', content: [text('Both failed.')] },
      );
      assert.deepEqual(await send('fail twice'), { reason: 'completed', text: 'Both failed.' });
      const [gzip, sum] = toolResultsOf(server.requests[1] as RecordedRequest);
      assertError(gzip, api, /^fetch failed$/);
      assertError(sum, api, /^Invalid arguments for mcp__everything__get-sum: arguments\/a must be number\./);
      assert.deepEqual(server.violations, []);
    });

    it('keeps the conversation going when the server is killed between two messages', async () => {
      server.enqueue({ kind: 'reply', content: [toolCall('mcp__everything__echo', { message: 'first' })] }, { kind: 'reply', content: [text('one')] });
      assert.deepEqual(await send('first'), { reason: 'completed', text: 'one' });
      assert.equal(toolResultsOf(server.requests[1] as RecordedRequest)[0]?.text, 'Echo: first');

      const killed = everythingPid();
      assert.ok(killed !== undefined);
      knownPids.add(killed);
      process.kill(killed, 'SIGKILL');
      await waitUntil(() => manager.connection('everything')?.state !== 'connected', 'the crash is noticed');

      server.enqueue({ kind: 'reply', content: [toolCall('mcp__everything__echo', { message: 'second' })] }, { kind: 'reply', content: [text('two')] });
      assert.deepEqual(await send('second'), { reason: 'completed', text: 'two' });
      // Restarted in time, or a clear error while it restarts.
      const second = toolResultsOf(server.requests[3] as RecordedRequest)[0];
      if (second?.text !== 'Echo: second') assertError(second, api, /^The MCP server "everything" is not running: The server stopped\./);

      await waitUntil(() => manager.connection('everything')?.state === 'connected' && everythingPid() !== killed, 'the server is running again');
      server.enqueue({ kind: 'reply', content: [toolCall('mcp__everything__echo', { message: 'third' })] }, { kind: 'reply', content: [text('three')] });
      assert.deepEqual(await send('third'), { reason: 'completed', text: 'three' });
      assert.equal(toolResultsOf(server.requests[5] as RecordedRequest)[0]?.text, 'Echo: third');
      assert.deepEqual(server.violations, []);
    });

    it('tells the model when the user denies a tool', async () => {
      await writeConfig([]);
      approvals.answer({ approved: false, reason: 'no' });
      server.enqueue({ kind: 'reply', content: [toolCall('mcp__everything__echo', { message: 'may I?' })] }, { kind: 'reply', content: [text('denied')] });
      assert.deepEqual(await send('echo'), { reason: 'completed', text: 'denied' });
      assert.equal(approvals.requests.length, 1);
      assert.deepEqual({ ...approvals.requests[0], toolCallId: '' }, {
        kind: 'mcpTool',
        toolCallId: '',
        server: 'everything',
        tool: 'echo',
        arguments: '{\n  "message": "may I?"\n}',
        readOnly: true,
        alwaysAllowOffered: true,
      });
      assertError(toolResultsOf(server.requests[1] as RecordedRequest)[0], api, /^The user denied permission to use echo of the MCP server "everything", saying: "no"$/);
      assert.deepEqual(server.violations, []);
    });

    it('writes "Always allow" to the configuration, and the next call does not ask', async () => {
      await writeConfig([]);
      approvals.answer({ approved: true, alwaysAllow: true });
      server.enqueue({ kind: 'reply', content: [toolCall('mcp__everything__echo', { message: 'one' })] }, { kind: 'reply', content: [text('asked')] });
      assert.deepEqual(await send('echo once'), { reason: 'completed', text: 'asked' });
      assert.equal(toolResultsOf(server.requests[1] as RecordedRequest)[0]?.text, 'Echo: one');
      const written = JSON.parse(await fs.readFile(configFile, 'utf8')) as { mcpServers: { everything: { alwaysAllow: string[] } } };
      assert.deepEqual(written.mcpServers.everything.alwaysAllow, ['echo']);

      server.enqueue({ kind: 'reply', content: [toolCall('mcp__everything__echo', { message: 'two' })] }, { kind: 'reply', content: [text('not asked')] });
      assert.deepEqual(await send('echo again'), { reason: 'completed', text: 'not asked' });
      assert.equal(toolResultsOf(server.requests[3] as RecordedRequest)[0]?.text, 'Echo: two');
      assert.equal(approvals.requests.length, 1, 'asked only the first time');
      assert.deepEqual(server.violations, []);
    });

    it('refuses a tool a deny rule names, without asking', async () => {
      settings = new FixedPermissionSettings({ deny: ['mcp__everything__echo'] });
      session = newSession();
      server.enqueue(
        { kind: 'reply', content: [toolCall('mcp__everything__echo', { message: 'blocked' }), toolCall('mcp__everything__get-sum', { a: 1, b: 1 })] },
        { kind: 'reply', content: [text('refused')] },
      );
      assert.deepEqual(await send('echo'), { reason: 'completed', text: 'refused' });
      const [echo, sum] = toolResultsOf(server.requests[1] as RecordedRequest);
      // echo is in alwaysAllow, and still the deny rule wins.
      assertError(echo, api, /^everything › echo was not run: the user's settings forbid it \(deny rule `mcp__everything__echo`\)/);
      assert.equal(sum?.text, 'The sum of 1 and 1 is 2.');
      assert.deepEqual(approvals.requests, []);
      assert.deepEqual(server.violations, []);
    });
  });
}
