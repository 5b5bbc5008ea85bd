import assert from 'node:assert/strict';
import * as path from 'node:path';
import { parseMcpConfig } from '../../../../src/core/mcp/mcpConfigParser';
import { problemText, type McpConfigFile } from '../../../../src/core/mcp/mcpServerConfig';

const home = path.resolve('/home/ada');
const userFile: McpConfigFile = { path: path.join(home, '.elbow', 'mcp.json'), kind: 'user', display: '~/.elbow/mcp.json' };

function parsed(servers: Record<string, unknown>) {
  const result = parseMcpConfig(JSON.stringify({ mcpServers: servers }), userFile, { LINEAR_SECRET: 'from-env' }, home);
  return { servers: result.servers, problems: result.problems.map(problemText) };
}

describe('parseMcpConfig: "oauth" of remote servers', () => {
  it('reads the client id, its secret (with variables), the scopes as a list or one string, and the callback port', () => {
    const { servers, problems } = parsed({
      linear: { url: 'https://mcp.linear.app/mcp', oauth: { clientId: 'elbow-app', clientSecret: '${env:LINEAR_SECRET}', scopes: ['read', 'write'], callbackPort: 8765 } },
      sentry: { type: 'http', url: 'https://mcp.sentry.dev/mcp', oauth: { scopes: 'org:read  project:read' } },
      plain: { url: 'https://example.com/mcp' },
    });
    assert.deepEqual(problems, []);
    assert.deepEqual(servers.map((server) => server.oauth), [
      { clientId: 'elbow-app', clientSecret: 'from-env', scopes: ['read', 'write'], callbackPort: 8765 },
      { scopes: ['org:read', 'project:read'] },
      undefined,
    ]);
  });

  it('names a wrong field, and ignores oauth where it cannot apply, saying why', () => {
    const { servers, problems } = parsed({
      port: { url: 'https://a.example/mcp', oauth: { callbackPort: 70000 } },
      shape: { url: 'https://b.example/mcp', oauth: 'yes' },
      local: { command: 'node', oauth: { clientId: 'x' } },
      header: { url: 'https://c.example/mcp', headers: { authorization: 'Bearer t' }, oauth: { clientId: 'x' } },
    });
    assert.deepEqual(problems, [
      '~/.elbow/mcp.json: mcpServers.port.oauth.callbackPort: expected a port number from 1 to 65535',
      '~/.elbow/mcp.json: mcpServers.shape.oauth: expected an object like { "clientId": "…", "scopes": ["…"] }, not a string',
      '~/.elbow/mcp.json: mcpServers.local.oauth: is ignored: only remote servers (a "url") sign in with OAuth',
      '~/.elbow/mcp.json: mcpServers.header.oauth: is ignored: the server sends its own Authorization header (remove it to sign in instead)',
    ]);
    assert.deepEqual(servers.map((server) => [server.name, server.oauth]), [['local', undefined], ['header', undefined]]);
  });
});
