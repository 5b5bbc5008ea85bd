import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { connectingFetch } from '../../../../../src/core/mcp/auth/connectingFetch';
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

describe('MCP connections: redirects', function () {
  this.timeout(20_000);
  const opened: Server[] = [];
  /** A server that records what reaches it and answers with what `answer` says. */
  async function listen(answer: (path: string) => { status: number; location?: string }): Promise<{ origin: string; seen: string[] }> {
    const seen: string[] = [];
    const server = createServer((request, response) => {
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk.toString()));
      request.on('end', () => {
        seen.push(`${request.method ?? ''} ${request.url ?? ''} auth=${request.headers.authorization ?? ''} body=${body}`);
        const { status, location } = answer(request.url ?? '');
        response.writeHead(status, location === undefined ? {} : { location }).end(status === 200 ? '{}' : '');
      });
    });
    opened.push(server);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return { origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, seen };
  }
  afterEach(async () => {
    for (const server of opened.splice(0)) {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });
  const post = { method: 'POST', headers: { authorization: 'Bearer t', 'content-type': 'application/json' }, body: '{"jsonrpc":"2.0"}' };

  it('refuses a redirect to another origin before requesting it, e.g. into the user\'s network', async () => {
    const inside = await listen(() => ({ status: 200 }));
    const mcp = await listen(() => ({ status: 307, location: `${inside.origin}/admin/reboot` }));
    const guarded = connectingFetch(`${mcp.origin}/mcp`, () => Promise.resolve([]));
    await assert.rejects(guarded(`${mcp.origin}/mcp`, post), /redirected to http:\/\/127\.0\.0\.1:\d+: Elbow follows a redirect only within the address it asked/);
    assert.deepEqual(inside.seen, []);
  });

  it('follows a redirect within the server\'s origin as fetch would: a 307 keeps the POST, a 303 turns it into a GET', async () => {
    const mcp = await listen((path) => (path === '/mcp' ? { status: 307, location: '/mcp/' } : path === '/mcp/' ? { status: 303, location: '/done' } : { status: 200 }));
    const guarded = connectingFetch(`${mcp.origin}/mcp`, () => Promise.resolve([]));
    assert.equal((await guarded(`${mcp.origin}/mcp`, post)).status, 200);
    assert.deepEqual(mcp.seen, ['POST /mcp auth=Bearer t body={"jsonrpc":"2.0"}', 'POST /mcp/ auth=Bearer t body={"jsonrpc":"2.0"}', 'GET /done auth=Bearer t body=']);
  });

  it('does not follow a redirect from the server to the sign-in\'s authorization server either, and stops a loop', async () => {
    const authorization = await listen(() => ({ status: 200 }));
    const mcp = await listen((path) => (path === '/mcp' ? { status: 308, location: `${authorization.origin}/admin` } : { status: 302, location: '/loop' }));
    const guarded = connectingFetch(`${mcp.origin}/mcp`, () => Promise.resolve([authorization.origin]));
    await assert.rejects(guarded(`${mcp.origin}/mcp`, post), /redirected to http:\/\/127\.0\.0\.1:\d+: Elbow follows a redirect only within the address it asked/);
    assert.deepEqual(authorization.seen, []);
    assert.equal((await guarded(`${authorization.origin}/token`, post)).status, 200, 'the authorization server itself is reached');
    await assert.rejects(guarded(`${mcp.origin}/loop`, {}), /redirected more than 5 times in a row/);
  });

  it('keeps a server that needs no sign-in to its own origin too', async () => {
    const inside = await listen(() => ({ status: 200 }));
    const mcp = await listen(() => ({ status: 307, location: `${inside.origin}/admin/reboot` }));
    const manager = mcpManagerOf([urlServer('plain', 'http', `${mcp.origin}/mcp`)], { restartDelaysMs: [60_000] });
    try {
      await manager.prepare(never);
      const status = manager.status().servers[0];
      assert.equal(status?.state, 'failed');
      assert.match(status?.error ?? '', /Elbow follows a redirect only within the address it asked/);
      assert.deepEqual(inside.seen, []);
    } finally {
      await manager.dispose();
    }
  });
});
