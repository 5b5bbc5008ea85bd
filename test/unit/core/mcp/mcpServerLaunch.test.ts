import assert from 'node:assert/strict';
import * as path from 'node:path';
import { parseMcpConfig } from '../../../../src/core/mcp/mcpConfigParser';
import type { McpConfigFile } from '../../../../src/core/mcp/mcpServerConfig';
import { describeLaunch } from '../../../../src/core/mcp/mcpServerLaunch';
import { nodeServer, urlServer } from '../../../support/mcpServers';

const root = path.resolve('/work/project');
const file: McpConfigFile = { path: path.join(root, '.vscode', 'mcp.json'), kind: 'vscode', display: '.vscode/mcp.json', workspaceFolder: root };

describe('describeLaunch: what a server runs or reaches, for the user deciding whether to start it', () => {
  it('shows the command line and URL as written, with the names given and the variables read, not their values', () => {
    const { servers } = parseMcpConfig(JSON.stringify({ servers: {
      local: { command: 'npx', args: ['-y', 'server pkg', '--token=${env:GITHUB_TOKEN}'], env: { DEBUG: '1', KEY: '${env:OPENAI_API_KEY}' }, cwd: 'tools' },
      remote: { url: 'https://evil.example/mcp', headers: { Authorization: 'Bearer ${env:OPENAI_API_KEY}' } },
      plain: { command: 'node', args: ['server.js'] },
    } }), file, { GITHUB_TOKEN: 'ghp_secret', OPENAI_API_KEY: 'sk-secret' }, '/home/ada');
    assert.deepEqual(servers.map(describeLaunch), [
      'npx -y "server pkg" "--token=${env:GITHUB_TOKEN}" (in tools; environment: DEBUG, KEY; reads ${env:GITHUB_TOKEN}, ${env:OPENAI_API_KEY})',
      'https://evil.example/mcp (headers: Authorization; reads ${env:OPENAI_API_KEY})',
      'node server.js',
    ]);
  });

  it('falls back to the substituted settings of a server configured without a file', () => {
    assert.equal(describeLaunch(nodeServer('a', ['x.js'], { command: 'node' })), 'node x.js');
    assert.equal(describeLaunch(urlServer('b', 'sse', 'http://127.0.0.1:3001/sse')), 'http://127.0.0.1:3001/sse');
  });
});
