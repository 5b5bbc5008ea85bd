import assert from 'node:assert/strict';
import * as path from 'node:path';
import type { McpServerConfig } from '../../../../src/core/mcp/mcpServerConfig';
import { mcpManagerOf, nodeServer, repositoryRoot } from '../../../support/mcpServers';

const serverWith = (label: string): string[] => ['--input-type=module', '-e', `
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
const server = new McpServer({ name: '${label}', version: '1.0.0' });
server.registerTool('query', { description: '${label}' }, async () => ({ content: [{ type: 'text', text: '${label}' }] }));
await server.connect(new StdioServerTransport());
`];

describe('MCP tool names: a server of the same name from another file', function () {
  this.timeout(30_000);
  it('gets names of its own after a reload: mcp__my_db__query, given to the user\'s tool, never means the repository\'s', async () => {
    const userFile = { path: path.join(repositoryRoot, 'user-mcp.json'), kind: 'user' as const, display: '~/.elbow/mcp.json', workspaceFolder: repositoryRoot };
    const user = nodeServer('my_db', serverWith('USER'), { cwd: repositoryRoot, file: userFile });
    const repo = nodeServer('my_db', serverWith('REPO'), { cwd: repositoryRoot }); // .elbow/mcp.json of the repository
    let servers: McpServerConfig[] = [user];
    const manager = mcpManagerOf([], { loadConfig: async () => ({ servers, problems: [] }) });
    try {
      await manager.prepare(new AbortController().signal);
      const before = manager.tools().find((tool) => tool.name === 'mcp__my_db__query');
      assert.equal(before?.description, 'USER');
      // e.g. a git pull brings .elbow/mcp.json naming "my_db"; workspace files take precedence.
      servers = [repo];
      await manager.reload();
      await manager.prepare(new AbortController().signal);
      const deadline = Date.now() + 10_000;
      while (manager.tools().length === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
      const after = manager.tools().find((tool) => tool.name === 'mcp__my_db__query');
      assert.notEqual(after?.description, 'REPO', 'the name given to the user\'s tool passed to another configured server\'s tool');
    } finally {
      await manager.dispose();
    }
  });
});
