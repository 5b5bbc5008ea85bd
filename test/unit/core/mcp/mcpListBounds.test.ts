import assert from 'node:assert/strict';
import { CoalescedRefresh } from '../../../../src/core/mcp/coalescedRefresh';
import { isRunning, mcpManagerOf, McpTestLog, nodeServer, repositoryRoot, waitUntil } from '../../../support/mcpServers';

/**
 * A stdio server (the SDK's low-level Server) that answers every `tools/list` with one tool and a new cursor, and sends
 * 50 `tools/list_changed` in a row when its tool `storm` is called. It writes how many lists it answered to stderr.
 */
const endlessServerArgs = ['--input-type=module', '-e', `
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { CallToolRequestSchema, ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';
const server = new Server({ name: 'endless', version: '1.0.0' }, { capabilities: { tools: { listChanged: true } } });
let pages = 0;
server.setRequestHandler(ListToolsRequestSchema, async () => {
  pages++;
  process.stderr.write('listed ' + pages + '\\n');
  return { tools: [{ name: pages === 1 ? 'storm' : 't' + pages, inputSchema: { type: 'object' } }], nextCursor: String(pages) };
});
server.setRequestHandler(CallToolRequestSchema, async () => {
  for (let i = 0; i < 50; i++) await server.sendToolListChanged();
  return { content: [{ type: 'text', text: 'stormed' }] };
});
await server.connect(new StdioServerTransport());
`];

describe('MCP lists stay bounded', function () {
  this.timeout(30_000);

  it('stops listing tools after a bounded number of pages, and a burst of list_changed lists at most twice more', async () => {
    const log = new McpTestLog();
    const manager = mcpManagerOf([nodeServer('endless', endlessServerArgs, { cwd: repositoryRoot, alwaysAllow: ['storm'] })], { log });
    try {
      await manager.prepare(new AbortController().signal);
      assert.equal(manager.status().servers[0]?.state, 'connected', log.lines.join('\n'));
      const listed = (): number => Math.max(0, ...log.lines.map((line) => Number(/listed (\d+)/.exec(line)?.[1] ?? 0)));
      await waitUntil(() => listed() > 0, 'the server logged its lists');
      const first = listed();
      assert.ok(first <= 20, `the first listing read ${first} pages`);
      assert.equal(manager.tools().length, first);
      const storm = manager.tools().find((tool) => tool.name === 'mcp__endless__storm');
      assert.ok(storm !== undefined);
      await manager.connection('endless')?.callTool('storm', {}, new AbortController().signal);
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      assert.ok(listed() <= first * 3, `50 notifications made ${listed() - first} more list requests`);
    } finally {
      const pid = manager.connection('endless')?.pid;
      await manager.dispose();
      if (pid !== undefined) await waitUntil(() => !isRunning(pid), 'the server ended', 5_000);
    }
  });
});

describe('CoalescedRefresh', () => {
  it('runs once more after the one in flight, however many requests came meanwhile', async () => {
    let runs = 0;
    let release: () => void = () => undefined;
    const refresh = new CoalescedRefresh(() => {
      runs++;
      return new Promise<void>((resolve) => {
        release = resolve;
      });
    });
    const first = refresh.request();
    const later = Array.from({ length: 10 }, () => refresh.request());
    assert.equal(runs, 1);
    release();
    await first;
    await new Promise((resolve) => setImmediate(resolve));
    assert.equal(runs, 2);
    release();
    await Promise.all(later);
    assert.equal(runs, 2);
  });
});
