import assert from 'node:assert/strict';
import * as fs from 'node:fs/promises';
import * as os from 'node:os';
import * as path from 'node:path';
import type { PassThrough } from 'node:stream';
import type { McpManager } from '../../../src/core/mcp/mcpManager';
import { builtinTools } from '../../../src/core/tools/builtin/index';
import { ToolRegistry } from '../../../src/core/tools/registry';
import { createMcpManager } from '../../../src/node/createMcpManager';
import { startFakeLlmServer, text, toolCall, type FakeLlmServer } from '../../support/fakeLlmServer';
import { everythingServerScript } from '../../support/mcpServers';
import { startAskingTerminalChat } from '../../support/terminalChat';
import { createTempWorkspace, type TempWorkspace } from '../../support/tempWorkspace';
import type { TerminalScreen } from '../../support/terminalScreen';

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
