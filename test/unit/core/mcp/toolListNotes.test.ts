import assert from 'node:assert/strict';
import { ToolRegistry } from '../../../../src/core/tools/registry';
import type { McpManager } from '../../../../src/core/mcp/mcpManager';
import { toolListChange, ToolListNotes } from '../../../../src/core/mcp/toolListNotes';
import { isRunning, McpTestLog, mcpManagerOf, nodeServer, repositoryRoot, waitUntil } from '../../../support/mcpServers';
import { createTempWorkspace, type TempWorkspace } from '../../../support/tempWorkspace';

/** A server whose `relist` sends tools/list_changed with the same tools, and whose `add_tool` adds `added`. */
const relistingServerArgs = ['--input-type=module', '-e', `
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
const server = new McpServer({ name: 'relisting', version: '1.0.0' });
server.registerTool('relist', { description: 'Lists the same tools again.' }, async () => {
  server.sendToolListChanged();
  return { content: [{ type: 'text', text: 'relisted' }] };
});
server.registerTool('add_tool', { description: 'Adds the tool added.' }, async () => {
  server.registerTool('added', { description: 'Added later.' }, async () => ({ content: [{ type: 'text', text: 'added works' }] }));
  return { content: [{ type: 'text', text: 'added' }] };
});
await server.connect(new StdioServerTransport());
`];

describe('toolListChange: the note when a server\'s tools change', () => {
  it('names what was added or removed, and says when it applies', () => {
    assert.equal(toolListChange('github', ['a'], ['a', 'b', 'c']), 'MCP server "github": 2 tools added (b, c); offered from the next message.');
    assert.equal(toolListChange('github', ['a', 'b'], ['a']), 'MCP server "github": 1 tool removed (b); offered until this message ends.');
    assert.equal(toolListChange('s', ['a'], ['b', 'c', 'd', 'e']), 'MCP server "s": 4 tools added (b, c, d, …), 1 removed (a); the new list applies from the next message.');
    assert.equal(toolListChange('s', ['a', 'b'], ['b', 'a']), undefined);
  });

  it('tells each new list of a server once, and nothing about servers no run was offered', () => {
    const told: string[] = [];
    const notes = new ToolListNotes((text) => told.push(text));
    notes.listed([{ server: 'late', tools: ['x'] }]);
    notes.offering([{ server: 's', tools: ['a'] }]);
    notes.listed([{ server: 's', tools: ['a'] }, { server: 'late', tools: ['x', 'y'] }]);
    notes.listed([{ server: 's', tools: ['a', 'b'] }]);
    notes.listed([{ server: 's', tools: ['a', 'b'] }]);
    assert.deepEqual(told, ['MCP server "s": 1 tool added (b); offered from the next message.']);
  });
});

describe('McpManager: lists that change keep the tools sent stable', function () {
  this.timeout(30_000);
  let ws: TempWorkspace;
  let manager: McpManager;
  const log = new McpTestLog();
  let changes = 0;

  before(async () => {
    ws = await createTempWorkspace({});
    const server = (name: string) => nodeServer(name, relistingServerArgs, { cwd: repositoryRoot, alwaysAllow: ['relist', 'add_tool', 'added'] });
    manager = mcpManagerOf([server('one'), server('two')], { log });
    manager.onDidChange(() => changes++);
    await manager.prepare(new AbortController().signal);
  });
  after(async () => {
    const pids = ['one', 'two'].map((name) => manager.connection(name)?.pid).filter((pid): pid is number => pid !== undefined);
    await manager.dispose();
    await waitUntil(() => pids.every((pid) => !isRunning(pid)), 'the servers ended', 5_000);
    await ws.cleanup();
  });

  async function call(registry: ToolRegistry, name: string): Promise<void> {
    const { result } = await registry.run({ type: 'tool_call', id: `call-${name}`, name, arguments: '{}' }, ws.context());
    assert.equal(result.isError, false, JSON.stringify(result));
  }

  it('sends the same bytes when a server lists the same tools again, and changes only its own part when it adds one', async () => {
    const registry = new ToolRegistry().addSource(manager);
    const before = JSON.stringify(registry.specs());
    const part = (server: string): string => JSON.stringify(registry.specs().filter((spec) => spec.name.startsWith(`mcp__${server}__`)));
    const oneBefore = part('one');
    const twoBefore = part('two');

    const seen = changes;
    await call(registry, 'mcp__one__relist');
    await waitUntil(() => changes > seen, 'the server listed its tools again');
    assert.equal(JSON.stringify(registry.specs()), before, 'byte-identical');
    assert.ok(!log.lines.some((line) => line.includes('tool added')), log.lines.join('\n'));

    await call(registry, 'mcp__one__add_tool');
    await waitUntil(() => registry.names().includes('mcp__one__added'), 'the added tool is listed');
    assert.equal(part('two'), twoBefore, 'the other server\'s part is unchanged');
    assert.ok(part('one').startsWith(oneBefore.slice(0, -1)), 'the server\'s own tools keep their bytes and order; the new one follows');
    assert.equal(log.lines.filter((line) => line.includes('MCP server "one": 1 tool added (added); offered from the next message.')).length, 1, log.lines.join('\n'));
  });
});
