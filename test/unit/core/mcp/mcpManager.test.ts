import assert from 'node:assert/strict';
import * as fs from 'node:fs/promises';
import * as path from 'node:path';
import type { McpManager } from '../../../../src/core/mcp/mcpManager';
import { toolNamePattern } from '../../../../src/core/mcp/mcpToolNames';
import type { ImageBlock, ToolResultBlock } from '../../../../src/core/llm/messages';
import { FixedPermissionSettings } from '../../../../src/core/permissions/fixedPermissionSettings';
import { PermissionGate } from '../../../../src/core/permissions/permissionGate';
import { ToolRegistry } from '../../../../src/core/tools/registry';
import { createMcpManager } from '../../../../src/node/createMcpManager';
import {
  everythingServerScript,
  filesystemServerScript,
  growingServerArgs,
  isRunning,
  McpTestLog,
  mcpManagerOf,
  nodeServer,
  repositoryRoot,
  silentServerArgs,
  startEverythingOverHttp,
  urlServer,
  waitUntil,
  type HttpMcpServer,
} from '../../../support/mcpServers';
import { RecordingApprovals } from '../../../support/recordingApprovals';
import { settlesWithin } from '../../../support/settlesWithin';
import { createTempWorkspace, type TempWorkspace } from '../../../support/tempWorkspace';

interface CallOutcome {
  result: ToolResultBlock;
  text: string;
  isError: boolean;
  summary: string;
}

/** The tools of server-everything the tests call; listed in `alwaysAllow` unless a test is about asking. */
const everythingTools = ['echo', 'get-sum', 'get-tiny-image', 'get-resource-reference', 'gzip-file-as-resource', 'trigger-long-running-operation'];

describe('McpManager with real MCP servers', function () {
  this.timeout(30_000);
  let ws: TempWorkspace;
  /** Managers a test made: disposed after it, and their processes must be gone. */
  let managers: McpManager[] = [];
  /** Processes a test knows of beyond its managers' current ones (e.g. one that was replaced). */
  let extraPids: number[] = [];

  before(async () => {
    ws = await createTempWorkspace({ 'notes.txt': 'hello from the filesystem\n' });
  });
  after(async () => {
    await ws.cleanup();
  });
  afterEach(async () => {
    const disposing = managers;
    managers = [];
    const pids = [...extraPids, ...disposing.flatMap(pidsOf)];
    extraPids = [];
    await Promise.all(disposing.map((manager) => manager.dispose()));
    await waitUntil(() => pids.every((pid) => !isRunning(pid)), `the server processes ${pids.join(', ')} ended`, 5_000);
  });

  function managed<T extends McpManager>(manager: T): T {
    managers.push(manager);
    return manager;
  }

  function pidsOf(manager: McpManager): number[] {
    return manager.serverNames().flatMap((name) => {
      const pid = manager.connection(name)?.pid;
      return pid === undefined ? [] : [pid];
    });
  }

  function registryOf(manager: McpManager): ToolRegistry {
    return new ToolRegistry().addSource(manager);
  }

  /** Calls a tool as the agent loop does: through the registry, with a permission gate. */
  async function call(registry: ToolRegistry, name: string, input: unknown, options: { signal?: AbortSignal; permissions?: PermissionGate } = {}): Promise<CallOutcome> {
    const context = ws.context(options.signal);
    const { result, summary } = await registry.run(
      { type: 'tool_call', id: `call-${name}`, name, arguments: JSON.stringify(input) },
      { ...context, permissions: options.permissions ?? context.permissions },
    );
    const text = result.content.map((block) => (block.type === 'text' ? block.text : `[${block.mediaType} image]`)).join('\n');
    return { result, text, isError: result.isError, summary };
  }

  async function prepared(manager: McpManager): Promise<McpManager> {
    await manager.prepare(new AbortController().signal);
    return manager;
  }

  const toolNames = (manager: McpManager): string[] => manager.tools().map((tool) => tool.name);
  const stateOf = (manager: McpManager, name: string) => manager.status().servers.find((server) => server.name === name);

  describe('server-everything over stdio', () => {
    let manager: McpManager;
    let registry: ToolRegistry;
    let stateBeforePrepare: ReturnType<McpManager['status']>;

    before(async () => {
      manager = mcpManagerOf([nodeServer('everything', [everythingServerScript], { alwaysAllow: everythingTools })]);
      registry = registryOf(manager);
      await manager.reload();
      stateBeforePrepare = manager.status();
      await registry.prepare(new AbortController().signal);
    });
    after(async () => {
      const pids = pidsOf(manager);
      await manager.dispose();
      await waitUntil(() => pids.every((pid) => !isRunning(pid)), 'server-everything ended', 5_000);
    });

    it('starts the server only when prepared, then offers its tools under valid model names', async () => {
      assert.equal(stateBeforePrepare.servers[0]?.state, 'idle');
      assert.deepEqual(stateBeforePrepare.servers[0]?.tools, []);

      const info = stateOf(manager, 'everything');
      assert.equal(info?.state, 'connected');
      assert.equal(info?.transport, 'stdio');
      assert.equal(info?.source, '.elbow/mcp.json');
      assert.equal(info?.error, undefined);
      const pid = manager.connection('everything')?.pid;
      assert.ok(pid !== undefined && isRunning(pid), 'the server process runs');

      const names = toolNames(manager);
      for (const name of ['mcp__everything__echo', 'mcp__everything__get-sum', 'mcp__everything__get-tiny-image', 'mcp__everything__trigger-long-running-operation']) {
        assert.ok(names.includes(name), `${name} in ${names.join(', ')}`);
      }
      for (const name of names) assert.match(name, toolNamePattern);
      assert.equal(new Set(names).size, names.length);
      // Registered by the server once initialised, announced with tools/list_changed.
      await waitUntil(() => toolNames(manager).includes('mcp__everything__simulate-research-query'), 'simulate-research-query is offered');

      const echo = info?.tools.find((tool) => tool.name === 'echo');
      assert.deepEqual(echo, { name: 'echo', modelName: 'mcp__everything__echo', description: 'Echoes back the input string', readOnly: true, enabled: true, alwaysAllowed: true });
      assert.deepEqual(registry.specs().map((spec) => spec.name), toolNames(manager));
    });

    it('gives the model the server\'s input schemas', () => {
      const echo = manager.tools().find((tool) => tool.name === 'mcp__everything__echo');
      assert.equal(echo?.description, 'Echoes back the input string');
      assert.equal(echo?.readOnly, true);
      assert.equal(echo?.parameters.type, 'object');
      assert.deepEqual(echo?.parameters.required, ['message']);
      assert.deepEqual((echo?.parameters.properties as Record<string, unknown>).message, { type: 'string', description: 'Message to echo' });
      assert.equal('$schema' in (echo?.parameters ?? {}), false);
    });

    it('calls echo and get-sum through the registry', async () => {
      const echo = await call(registry, 'mcp__everything__echo', { message: 'hello' });
      assert.deepEqual({ text: echo.text, isError: echo.isError, summary: echo.summary }, { text: 'Echo: hello', isError: false, summary: 'everything › echo' });
      const sum = await call(registry, 'mcp__everything__get-sum', { a: 2, b: 3 });
      assert.deepEqual({ text: sum.text, isError: sum.isError }, { text: 'The sum of 2 and 3 is 5.', isError: false });
    });

    it('passes an image result on as an image block', async () => {
      const outcome = await call(registry, 'mcp__everything__get-tiny-image', {});
      assert.equal(outcome.isError, false);
      const image = outcome.result.content.find((block): block is ImageBlock => block.type === 'image');
      assert.equal(image?.mediaType, 'image/png');
      assert.ok(Buffer.from(image?.data ?? '', 'base64').subarray(1, 4).toString('latin1') === 'PNG', 'PNG data');
      assert.match(outcome.text, /Here's the image you requested:/);
    });

    it('passes an embedded text resource on as text', async () => {
      const outcome = await call(registry, 'mcp__everything__get-resource-reference', { resourceType: 'Text', resourceId: 1 });
      assert.equal(outcome.isError, false);
      assert.match(outcome.text, /Resource \S+ \(text\/plain\):\nResource 1: This is a plaintext resource/);
    });

    it('reports a result the server marks isError as an error result', async () => {
      const outcome = await call(registry, 'mcp__everything__gzip-file-as-resource', { name: 'x.gz', data: 'http://127.0.0.1:9/x', outputType: 'resource' });
      // The server's own error, passed on with its isError flag.
      assert.deepEqual({ text: outcome.text, isError: outcome.isError, summary: outcome.summary }, { text: 'fetch failed', isError: true, summary: 'everything › gzip-file-as-resource failed: fetch failed' });
    });

    it('checks the arguments against the schema before calling the server', async () => {
      const wrongType = await call(registry, 'mcp__everything__get-sum', { a: 'x', b: 3 });
      // Elbow's own message (the server's would say "Input validation error"): the server was not asked.
      assert.deepEqual({ text: wrongType.text, isError: wrongType.isError }, {
        text: 'Invalid arguments for mcp__everything__get-sum: arguments/a must be number. Fix them and call mcp__everything__get-sum again.',
        isError: true,
      });
      const missing = await call(registry, 'mcp__everything__echo', {});
      assert.equal(missing.isError, true);
      assert.equal(missing.text, 'Invalid arguments for mcp__everything__echo: arguments must have required property \'message\'. Fix them and call mcp__everything__echo again.');
      const notAnObject = await call(registry, 'mcp__everything__echo', ['hello']);
      assert.match(notAnObject.text, /must be a JSON object/);
    });

    it('returns promptly when a long call is cancelled, and the server still answers', async () => {
      const controller = new AbortController();
      setTimeout(() => controller.abort(), 300);
      // A minute-long operation: a call the cancel does not end outlasts the bound.
      const calling = call(registry, 'mcp__everything__trigger-long-running-operation', { duration: 60, steps: 60 }, { signal: controller.signal });
      assert.ok(await settlesWithin(calling, 10_000), 'the cancelled call went on');
      const outcome = await calling;
      assert.equal(outcome.isError, true);
      assert.match(outcome.text, /cancelled/);
      assert.equal((await call(registry, 'mcp__everything__echo', { message: 'after cancel' })).text, 'Echo: after cancel');
    });
  });

  it('follows tools/list_changed: a tool the server adds later is offered and works', async () => {
    const manager = managed(await prepared(mcpManagerOf([nodeServer('growing', growingServerArgs, { cwd: repositoryRoot, alwaysAllow: ['add_tool', 'added'] })])));
    const registry = registryOf(manager);
    assert.deepEqual(toolNames(manager), ['mcp__growing__add_tool']);
    assert.equal((await call(registry, 'mcp__growing__add_tool', {})).text, 'added the tool added');
    await waitUntil(() => toolNames(manager).includes('mcp__growing__added'), 'the added tool is offered');
    assert.deepEqual(toolNames(manager), ['mcp__growing__add_tool', 'mcp__growing__added']);
    assert.equal((await call(registry, 'mcp__growing__added', {})).text, 'added works');
  });

  describe('over the network', () => {
    let sse: HttpMcpServer;
    let streamable: HttpMcpServer;
    before(async () => {
      [sse, streamable] = await Promise.all([startEverythingOverHttp('sse'), startEverythingOverHttp('streamableHttp')]);
    });
    after(async () => {
      await Promise.all([sse.close(), streamable.close()]);
    });

    const cases = [
      { type: 'sse', server: () => sse, label: 'SSE' },
      { type: 'streamableHttp', server: () => streamable, label: 'streamable HTTP' },
      { type: 'http', server: () => streamable, label: 'streamable HTTP' },
      { type: 'http', server: () => sse, label: 'SSE' },
    ] as const;
    for (const { type, server, label } of cases) {
      it(`calls echo with type ${type} against the ${label} endpoint`, async () => {
        const log = new McpTestLog();
        const manager = managed(await prepared(mcpManagerOf([urlServer('remote', type, server().url, { alwaysAllow: ['echo'] })], { log })));
        assert.equal(stateOf(manager, 'remote')?.state, 'connected', log.lines.join('\n'));
        assert.equal(stateOf(manager, 'remote')?.transport, type);
        assert.ok(log.lines.some((line) => line.includes(`"remote" connected (${label})`)), log.lines.join('\n'));
        const outcome = await call(registryOf(manager), 'mcp__remote__echo', { message: `over ${type}` });
        assert.deepEqual({ text: outcome.text, isError: outcome.isError }, { text: `Echo: over ${type}`, isError: false });
      });
    }
  });

  it('ends a call past the server\'s timeout with an error, and the server still answers', async () => {
    const manager = managed(await prepared(mcpManagerOf([nodeServer('everything', [everythingServerScript], { timeoutMs: 1_000, alwaysAllow: everythingTools })])));
    const registry = registryOf(manager);
    const started = Date.now();
    const calling = call(registry, 'mcp__everything__trigger-long-running-operation', { duration: 60, steps: 60 });
    assert.ok(await settlesWithin(calling, 10_000), 'the call went on past the server\'s timeout');
    const outcome = await calling;
    assert.equal(outcome.isError, true);
    assert.match(outcome.text, /everything › trigger-long-running-operation did not finish within 1 s, the server's timeout/);
    assert.match(outcome.text, /"timeout" \(seconds\) for "everything" in \.elbow\/mcp\.json/);
    // The timeout the manager keeps, not a speed: a loaded machine only makes it longer.
    assert.ok(Date.now() - started >= 900, `the call ended after ${Date.now() - started} ms, before the timeout`);
    assert.equal((await call(registry, 'mcp__everything__echo', { message: 'still here' })).text, 'Echo: still here');
  });

  it('restarts a server that crashed; a call in flight gets an error result', async () => {
    const manager = managed(await prepared(mcpManagerOf([nodeServer('everything', [everythingServerScript], { alwaysAllow: everythingTools })], { restartDelaysMs: [100, 200] })));
    const registry = registryOf(manager);
    const seen: Array<{ state: string; error: string | undefined }> = [];
    manager.onDidChange(() => {
      const connection = manager.connection('everything');
      if (connection !== undefined) seen.push({ state: connection.state, error: connection.error });
    });
    const firstPid = manager.connection('everything')?.pid;
    assert.ok(firstPid !== undefined);
    extraPids.push(firstPid);

    const inFlight = call(registry, 'mcp__everything__trigger-long-running-operation', { duration: 60, steps: 60 });
    await new Promise((resolve) => setTimeout(resolve, 300));
    process.kill(firstPid, 'SIGKILL');
    assert.ok(await settlesWithin(inFlight, 10_000), 'the call in flight went on after its server stopped');
    const outcome = await inFlight;
    assert.equal(outcome.isError, true);
    assert.match(outcome.text, /The MCP server "everything" stopped while running trigger-long-running-operation/);

    await waitUntil(() => seen.some((entry) => entry.state === 'failed'), 'the server is reported failed');
    const failure = seen.find((entry) => entry.state === 'failed');
    assert.match(failure?.error ?? '', /^The server stopped\..* Retrying in 0\.1 s \(1 of 2\)\.$/);

    await waitUntil(() => {
      const connection = manager.connection('everything');
      return connection?.state === 'connected' && connection.pid !== undefined && connection.pid !== firstPid;
    }, 'the server is connected again with a new process');
    assert.equal(isRunning(firstPid), false);
    assert.equal(stateOf(manager, 'everything')?.error, undefined);
    assert.equal((await call(registry, 'mcp__everything__echo', { message: 'back again' })).text, 'Echo: back again');
  });

  it('reports a server that cannot start, without holding up the others', async () => {
    const pidFile = path.join(ws.base, 'silent.pid');
    const manager = managed(mcpManagerOf([
      nodeServer('missing', [], { command: 'elbow-no-such-program-4711' }),
      nodeServer('silent', silentServerArgs(pidFile)),
      nodeServer('everything', [everythingServerScript], { alwaysAllow: ['echo'] }),
    ], { startWaitMs: 2_000, restartDelaysMs: [100, 200] }));

    const started = Date.now();
    // The silent server never answers: the start wait, not its 30 s connect timeout, ends the wait.
    assert.ok(await settlesWithin(manager.prepare(new AbortController().signal), 15_000), 'prepare waited for the silent server');
    assert.ok(Date.now() - started >= 1_900, `prepare ended after ${Date.now() - started} ms, before the start wait`);
    assert.equal(stateOf(manager, 'silent')?.state, 'connecting');
    assert.equal(stateOf(manager, 'everything')?.state, 'connected');
    const again = Date.now();
    await manager.prepare(new AbortController().signal);
    assert.ok(Date.now() - again < 500, 'the next run does not wait for the hanging server again');
    assert.equal((await call(registryOf(manager), 'mcp__everything__echo', { message: 'unaffected' })).text, 'Echo: unaffected');

    const missing = stateOf(manager, 'missing');
    assert.equal(missing?.state, 'failed');
    assert.match(missing?.error ?? '', /could not start "elbow-no-such-program-4711": no such program/);
    await waitUntil(() => /stopped retrying/.test(stateOf(manager, 'missing')?.error ?? ''), 'Elbow stops retrying');
    assert.match(stateOf(manager, 'missing')?.error ?? '', /no such program.* Elbow stopped retrying after 2 attempts; fix the configuration or the server, then use Restart\.$/);
    assert.equal(toolNames(manager).some((name) => name.startsWith('mcp__missing__') || name.startsWith('mcp__silent__')), false);

    // Disposing ends the server still starting too, not only when its connect timeout runs out.
    const silentPid = Number(await fs.readFile(pidFile, 'utf8'));
    assert.ok(isRunning(silentPid));
    extraPids.push(silentPid);
  });

  it('reads a file through server-filesystem over stdio', async () => {
    // server-filesystem, confined to the workspace folder.
    const manager = managed(await prepared(mcpManagerOf([nodeServer('filesystem', [filesystemServerScript, ws.root], { alwaysAllow: ['read_text_file'] })])));
    const registry = registryOf(manager);
    assert.ok(toolNames(manager).includes('mcp__filesystem__list_directory'));
    const read = await call(registry, 'mcp__filesystem__read_text_file', { path: ws.path('notes.txt') });
    assert.deepEqual({ text: read.text, isError: read.isError }, { text: 'hello from the filesystem\n', isError: false });
    const outside = await call(registry, 'mcp__filesystem__read_text_file', { path: path.join(ws.base, 'elsewhere.txt') });
    assert.equal(outside.isError, true);
    assert.match(outside.text, /Access denied|outside allowed directories/i);
  });

  it('gives servers whose names clean up alike distinct tool names', async () => {
    const manager = managed(await prepared(mcpManagerOf([
      nodeServer('my.server', [everythingServerScript], { alwaysAllow: ['echo'] }),
      nodeServer('my_server', [everythingServerScript], { alwaysAllow: ['echo'] }),
    ])));
    const echoNames = manager.status().servers.map((server) => server.tools.find((tool) => tool.name === 'echo')?.modelName);
    assert.deepEqual(echoNames, ['mcp__my_server__echo', 'mcp__my_server__echo_2']);
    const names = toolNames(manager);
    assert.equal(new Set(names).size, names.length, 'no two tools share a name');
    for (const name of names) assert.match(name, toolNamePattern);
    const registry = registryOf(manager);
    assert.equal((await call(registry, 'mcp__my_server__echo', { message: 'one' })).text, 'Echo: one');
    assert.equal((await call(registry, 'mcp__my_server__echo_2', { message: 'two' })).text, 'Echo: two');
  });

  describe('configured in files', () => {
    let configDir: string;
    beforeEach(async () => {
      configDir = path.join(ws.base, 'config');
      await fs.rm(path.join(ws.root, '.elbow'), { recursive: true, force: true });
      await fs.rm(path.join(ws.root, '.vscode'), { recursive: true, force: true });
      await fs.rm(configDir, { recursive: true, force: true });
    });

    function fileManager(log = new McpTestLog()): McpManager {
      return managed(createMcpManager({
        workspaceRoots: () => [ws.root],
        environment: { ELBOW_CONFIG_DIR: configDir, PATH: process.env.PATH },
        homeDirectory: ws.base,
        clientVersion: '0.0.0-test',
        log,
        startWaitMs: 15_000,
        restartDelaysMs: [100, 200],
      }));
    }

    async function writeJson(file: string, value: unknown): Promise<void> {
      await fs.mkdir(path.dirname(file), { recursive: true });
      await fs.writeFile(file, `${JSON.stringify(value, null, 2)}\n`);
    }

    const everythingEntry = (extra: Record<string, unknown> = {}) => ({ command: process.execPath, args: [everythingServerScript], ...extra });
    const elbowFile = (): string => ws.path('.elbow/mcp.json');
    const readConfig = async (file: string): Promise<{ mcpServers: Record<string, Record<string, unknown>> }> =>
      JSON.parse(await fs.readFile(file, 'utf8')) as { mcpServers: Record<string, Record<string, unknown>> };

    it('does not start a disabled server; enabling it writes the file and starts it', async () => {
      await writeJson(elbowFile(), { mcpServers: { everything: everythingEntry({ disabled: true, alwaysAllow: ['echo'] }) } });
      const manager = await prepared(fileManager());
      assert.equal(stateOf(manager, 'everything')?.state, 'disabled');
      assert.equal(manager.connection('everything')?.pid, undefined);
      assert.deepEqual(manager.tools(), []);

      await manager.setServerEnabled('everything', true);
      assert.deepEqual((await readConfig(elbowFile())).mcpServers.everything, everythingEntry({ alwaysAllow: ['echo'] }), 'no "disabled" any more');
      await waitUntil(() => stateOf(manager, 'everything')?.state === 'connected', 'the enabled server is connected');
      assert.ok(toolNames(manager).includes('mcp__everything__echo'));
      assert.equal((await call(registryOf(manager), 'mcp__everything__echo', { message: 'enabled' })).text, 'Echo: enabled');
    });

    it('starts the valid servers beside an invalid file and names the problem', async () => {
      await writeJson(elbowFile(), { mcpServers: { everything: everythingEntry({ alwaysAllow: ['echo'] }) } });
      await writeJson(path.join(configDir, 'mcp.json'), { mcpServers: { broken: { command: 42 } } });
      const manager = await prepared(fileManager());
      assert.deepEqual(manager.status().problems, [`~${path.sep}config${path.sep}mcp.json: mcpServers.broken.command: expected a string, not a number`]);
      assert.deepEqual(manager.serverNames(), ['everything']);
      assert.equal(stateOf(manager, 'everything')?.state, 'connected');
      assert.equal((await call(registryOf(manager), 'mcp__everything__echo', { message: 'valid' })).text, 'Echo: valid');
    });

    it('starts the servers of .vscode/mcp.json and offers their tools', async () => {
      await writeJson(ws.path('.vscode/mcp.json'), { servers: { code: { type: 'stdio', ...everythingEntry() } } });
      const approvals = new RecordingApprovals().answer({ approved: true });
      const permissions = new PermissionGate({ settings: new FixedPermissionSettings(), approvals });
      const manager = await prepared(fileManager());
      assert.equal(stateOf(manager, 'code')?.state, 'connected');
      assert.equal(stateOf(manager, 'code')?.source, '.vscode/mcp.json');
      assert.ok(toolNames(manager).includes('mcp__code__get-sum'));
      const sum = await call(registryOf(manager), 'mcp__code__get-sum', { a: 20, b: 22 }, { permissions });
      assert.equal(sum.text, 'The sum of 20 and 22 is 42.');
      assert.equal(approvals.requests.length, 1);
    });

    it('writes "Always allow" and "off" for a tool to the file', async () => {
      await writeJson(elbowFile(), { mcpServers: { everything: everythingEntry() } });
      const approvals = new RecordingApprovals().answer({ approved: true });
      const permissions = new PermissionGate({ settings: new FixedPermissionSettings(), approvals });
      const manager = await prepared(fileManager());
      const registry = registryOf(manager);
      const pid = manager.connection('everything')?.pid;

      assert.equal((await call(registry, 'mcp__everything__echo', { message: 'asked' }, { permissions })).text, 'Echo: asked');
      assert.deepEqual(approvals.requests, [{
        kind: 'mcpTool',
        toolCallId: 'call-mcp__everything__echo',
        server: 'everything',
        tool: 'echo',
        arguments: JSON.stringify({ message: 'asked' }, null, 2),
        readOnly: true,
        alwaysAllowOffered: true,
      }]);

      await manager.allowTool('everything', 'echo');
      assert.deepEqual((await readConfig(elbowFile())).mcpServers.everything?.alwaysAllow, ['echo']);
      assert.equal(stateOf(manager, 'everything')?.tools.find((tool) => tool.name === 'echo')?.alwaysAllowed, true);
      assert.equal(manager.connection('everything')?.pid, pid, 'not restarted for a setting Elbow reads itself');
      const second = await call(registry, 'mcp__everything__echo', { message: 'not asked' }, { permissions });
      assert.deepEqual({ text: second.text, isError: second.isError }, { text: 'Echo: not asked', isError: false });
      assert.equal(approvals.requests.length, 1, 'the second call did not ask');

      const sumName = stateOf(manager, 'everything')?.tools.find((tool) => tool.name === 'get-sum')?.modelName;
      await manager.setToolEnabled('everything', 'echo', false);
      assert.deepEqual((await readConfig(elbowFile())).mcpServers.everything?.disabledTools, ['echo']);
      assert.equal(toolNames(manager).includes('mcp__everything__echo'), false);
      assert.equal(stateOf(manager, 'everything')?.tools.find((tool) => tool.name === 'echo')?.enabled, false);
      assert.equal(stateOf(manager, 'everything')?.tools.find((tool) => tool.name === 'get-sum')?.modelName, sumName);
      assert.match((await call(registry, 'mcp__everything__echo', { message: 'off' }, { permissions })).text, /There is no tool named "mcp__everything__echo"/);

      await manager.setToolEnabled('everything', 'echo', true);
      assert.deepEqual((await readConfig(elbowFile())).mcpServers.everything?.disabledTools, []);
      assert.ok(toolNames(manager).includes('mcp__everything__echo'));
    });
  });
});
