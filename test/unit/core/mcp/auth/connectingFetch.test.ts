import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { McpManager } from '../../../../../src/core/mcp/mcpManager';
import { mcpManagerOf, urlServer } from '../../../../support/mcpServers';
import { startOAuthTestServers, type OAuthTestServers } from '../../../../support/oauth/oauthTestServers';
import { testSignInHost, type TestSignInHost } from '../../../../support/oauth/testSignInHost';

const never = new AbortController().signal;

/** Another address, e.g. a service on the user's network: it only counts what reaches it. */
async function startBystander(): Promise<{ url: string; requests: string[]; server: Server }> {
  const requests: string[] = [];
  const server = createServer((request, response) => {
    requests.push(`${request.method ?? ''} ${request.url ?? ''}`);
    response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, requests, server };
}

describe('MCP OAuth: what a connection fetches without the user', function () {
  this.timeout(20_000);
  let servers: OAuthTestServers;
  let host: TestSignInHost;
  let managers: McpManager[];
  let bystander: Awaited<ReturnType<typeof startBystander>>;

  beforeEach(async () => {
    servers = await startOAuthTestServers();
    host = testSignInHost();
    managers = [];
    bystander = await startBystander();
  });
  afterEach(async () => {
    await Promise.all(managers.map((manager) => manager.dispose()));
    await servers.close();
    bystander.server.closeAllConnections();
    await new Promise((resolve) => bystander.server.close(resolve));
  });

  function manager(): McpManager {
    const created = mcpManagerOf([urlServer('remote', 'http', servers.mcp.url, {})], { auth: host, restartDelaysMs: [50, 50] });
    managers.push(created);
    return created;
  }

  /** Changes the one stored sign-in, as an older record or another server's answers would have left it. */
  function editStored(change: (record: Record<string, unknown>) => void): void {
    const [[key, value] = []] = [...host.credentials.entries];
    assert.ok(key !== undefined && value !== undefined, 'one stored sign-in');
    const record = JSON.parse(value) as Record<string, unknown>;
    change(record);
    host.credentials.entries.set(key, JSON.stringify(record));
  }

  it('refreshes an expired token without fetching the metadata address a 401 names on another origin', async () => {
    await manager().signIn('remote', never);
    // A server without RFC 9728 metadata leaves none in the sign-in's discovery.
    editStored((record) => {
      const discovery = record.discovery as Record<string, unknown>;
      delete discovery.resourceMetadata;
      delete discovery.resourceMetadataUrl;
    });
    servers.mcp.challengeResourceMetadataUrl = `${bystander.url}/internal/admin`;
    servers.authorization.grants.expireAll();

    const later = manager();
    await later.prepare(never);
    assert.equal(later.status().servers[0]?.state, 'connected', JSON.stringify(later.status()));
    assert.equal(servers.authorization.count('token:refresh_token'), 1, 'refreshed at the token endpoint of the sign-in');
    assert.deepEqual(bystander.requests, [], 'nothing went to the address the server named');
  });

  it('with a stored sign-in but no stored discovery asks for a sign-in and discovers nothing by itself', async () => {
    await manager().signIn('remote', never);
    editStored((record) => {
      delete record.discovery;
    });
    servers.mcp.challengeResourceMetadataUrl = `${bystander.url}/internal/admin`;
    servers.authorization.grants.expireAll();
    const metadataRequests = servers.authorization.count('metadata');

    const later = manager();
    await later.prepare(never);
    assert.equal(later.status().servers[0]?.state, 'signInRequired', JSON.stringify(later.status()));
    assert.deepEqual(bystander.requests, [], 'nothing went to the address the server named');
    assert.equal(servers.authorization.count('metadata'), metadataRequests, 'no discovery without the user');
    assert.equal(host.opened.length, 1, 'no browser either');
  });

  it('a sign-in the user starts still follows the metadata address the 401 names', async () => {
    const mcp = manager();
    await mcp.signIn('remote', never);
    servers.mcp.challengeResourceMetadataUrl = `${bystander.url}/elsewhere`;
    await assert.rejects(mcp.signIn('remote', never));
    assert.deepEqual(bystander.requests, ['GET /elsewhere'], 'discovery at sign-in follows RFC 9728 wherever it points');
  });
});
