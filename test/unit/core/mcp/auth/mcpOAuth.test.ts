import assert from 'node:assert/strict';
import type { McpManager } from '../../../../../src/core/mcp/mcpManager';
import { mcpManagerOf, urlServer, waitUntil } from '../../../../support/mcpServers';
import { startOAuthTestServers, type OAuthTestServers } from '../../../../support/oauth/oauthTestServers';
import { testSignInHost, type TestSignInHost } from '../../../../support/oauth/testSignInHost';

const never = new AbortController().signal;

describe('MCP OAuth: signing in to a remote server, refresh, revocation and signing out', function () {
  this.timeout(20_000);
  let servers: OAuthTestServers;
  let host: TestSignInHost;
  let managers: McpManager[];

  beforeEach(async () => {
    servers = await startOAuthTestServers();
    host = testSignInHost();
    managers = [];
  });
  afterEach(async () => {
    await Promise.all(managers.map((manager) => manager.dispose()));
    await servers.close();
  });

  function manager(overrides: Partial<Parameters<typeof urlServer>[3]> = {}): McpManager {
    const created = mcpManagerOf([urlServer('remote', 'http', servers.mcp.url, overrides)], { auth: host, restartDelaysMs: [50, 50] });
    managers.push(created);
    return created;
  }

  async function whoami(mcp: McpManager): Promise<string> {
    const tool = mcp.tools().find((candidate) => candidate.name === 'mcp__remote__whoami');
    assert.ok(tool, `no whoami tool: ${JSON.stringify(mcp.status())}`);
    const connection = mcp.connection('remote');
    const result = await connection?.callTool('whoami', {}, never);
    return JSON.stringify(result?.content);
  }

  it('without a sign-in stops at signInRequired after one refused request: no registration, no browser, no retries', async () => {
    const mcp = manager();
    await mcp.prepare(never);
    const [status] = mcp.status().servers;
    assert.equal(status?.state, 'signInRequired');
    assert.equal(status?.signedIn, false);
    assert.match(status?.error ?? '', /needs you to sign in .* Sign in to remote in the test\.$/);
    await new Promise((resolve) => setTimeout(resolve, 300));
    assert.equal(servers.mcp.count('mcp:401'), 1, 'neither streamable HTTP again nor SSE, nor a retry');
    assert.deepEqual(servers.authorization.counts, {}, 'nothing reached the authorization server');
    assert.deepEqual(host.opened, []);
  });

  it('signs in (discovery, registration, PKCE, state), connects, and refreshes an expired token silently once', async () => {
    const mcp = manager();
    await mcp.prepare(never);
    await mcp.signIn('remote', never);
    assert.equal(mcp.status().servers[0]?.state, 'connected');
    assert.equal(mcp.status().servers[0]?.signedIn, true);
    assert.match(await whoami(mcp), /subject=test-user scope=mcp:tools mcp:read/);
    const sent = host.opened[0];
    assert.equal(sent?.searchParams.get('code_challenge_method'), 'S256');
    assert.equal(sent?.searchParams.get('resource'), servers.mcp.url);
    assert.equal(servers.authorization.count('register'), 1);
    assert.equal(servers.authorization.count('token:authorization_code'), 1);

    servers.authorization.grants.expireAll();
    assert.match(await whoami(mcp), /subject=test-user/);
    assert.equal(servers.authorization.count('token:refresh_token'), 1);
    assert.deepEqual([servers.authorization.count('metadata'), servers.mcp.count('resource-metadata')], [1, 1], 'the refresh used what the sign-in discovered');
    assert.equal(host.opened.length, 1, 'no second sign-in');

    // A new process (manager) uses the stored tokens without asking.
    const later = manager();
    await later.prepare(never);
    assert.equal(later.status().servers[0]?.state, 'connected');
    assert.equal(servers.authorization.count('authorize'), 1);
  });

  it('after revocation asks to sign in again after one refresh attempt, and signing out revokes and forgets', async () => {
    const mcp = manager();
    await mcp.signIn('remote', never);
    servers.authorization.grants.revokeAll();
    const later = manager();
    await later.prepare(never);
    assert.equal(later.status().servers[0]?.state, 'signInRequired');
    await new Promise((resolve) => setTimeout(resolve, 300));
    assert.equal(servers.authorization.count('token:refresh_token'), 1, 'one refresh, refused, and no loop');
    assert.equal(servers.mcp.count('mcp:401'), 2, 'the probe of the sign-in and the refused connection');

    await mcp.signIn('remote', never);
    assert.equal(host.credentials.entries.size, 1);
    await mcp.signOut('remote');
    assert.equal(servers.authorization.count('revoke'), 2, 'the refresh token and the access token');
    assert.equal(host.credentials.entries.size, 0);
    assert.equal(mcp.status().servers[0]?.state, 'signInRequired');
    assert.equal(mcp.status().servers[0]?.signedIn, false);
  });

  it('signing out right after signing in revokes both tokens', async () => {
    const mcp = manager();
    await mcp.signIn('remote', never);
    await mcp.signOut('remote');
    assert.equal(servers.authorization.count('revoke'), 2);
    assert.ok([...servers.authorization.grants.tokens.values()].every((token) => token.revoked));
  });

  it('a tool call refused mid-session stops the server at signInRequired with what to tell the user', async () => {
    const mcp = manager();
    await mcp.signIn('remote', never);
    servers.authorization.grants.revokeAll();
    await assert.rejects(whoami(mcp), /The MCP server "remote" needs the user to sign in again, so whoami did not run\. Tell the user: Sign in to remote in the test\./);
    assert.equal(mcp.status().servers[0]?.state, 'signInRequired');
    await new Promise((resolve) => setTimeout(resolve, 300));
    assert.equal(servers.authorization.count('token:refresh_token'), 1);
    assert.equal(servers.authorization.count('authorize'), 1);
  });

  it('a declined sign-in or an answer with another state saves nothing', async () => {
    const mcp = manager();
    servers.authorization.deny = true;
    await assert.rejects(mcp.signIn('remote', never), /Sign-in to "remote" was declined \(The user denied access\.\); nothing was saved\./);
    servers.authorization.deny = false;
    host.tamper = (query) => query.set('state', 'forged');
    await assert.rejects(mcp.signIn('remote', never), /state differs/);
    host.tamper = (query) => query.set('iss', 'https://other.example');
    await assert.rejects(mcp.signIn('remote', never), /came from https:\/\/other\.example, not from http:\/\/127\.0\.0\.1:\d+; nothing was saved/);
    assert.equal(servers.authorization.count('token:authorization_code'), 0);
    const stored = [...host.credentials.entries.values()].join('');
    assert.doesNotMatch(stored, /access_token/);
  });

  it('uses a configured client id where the server offers no registration, and OpenID Connect discovery', async () => {
    servers.authorization.dynamicRegistration = false;
    servers.authorization.metadataDocument = 'oidc';
    servers.authorization.preRegister({ client_id: 'elbow-configured', client_secret: 's3cret', redirect_uris: ['http://127.0.0.1/callback'] });
    const mcp = manager({ oauth: { clientId: 'elbow-configured', clientSecret: 's3cret', scopes: ['mcp:read'] } });
    await mcp.signIn('remote', never);
    assert.match(await whoami(mcp), /scope=mcp:read"/);
    assert.equal(servers.authorization.count('register'), 0);
  });

  it('a workspace file naming the server as the user\'s file does (same name, same URL) never gets the user\'s sign-in', async () => {
    const userFile = { path: '/home/user/.elbow/mcp.json', kind: 'user' as const, display: '~/.elbow/mcp.json' };
    const mine = manager({ file: userFile });
    await mine.prepare(never);
    await mine.signIn('remote', never);
    assert.equal(mine.status().servers[0]?.state, 'connected');
    const tokenRequests = servers.authorization.count('token');
    const tokensSent = servers.mcp.authorizations.length;

    const repository = manager({ alwaysAllow: ['whoami'] });
    await repository.prepare(never);
    const [status] = repository.status().servers;
    assert.equal(status?.state, 'signInRequired', 'the workspace entry asks for its own sign-in');
    assert.equal(status?.signedIn, false);
    assert.equal(servers.authorization.count('token'), tokenRequests, 'no token was used or refreshed for it');
    assert.equal(servers.mcp.authorizations.length, tokensSent, 'its requests carried no token');
  });

  it('never signs in to a server that sends its own Authorization header', async () => {
    const mcp = manager({ headers: { Authorization: 'Bearer static' } });
    await assert.rejects(mcp.signIn('remote', never), /sends its own Authorization header/);
    await mcp.prepare(never);
    await waitUntil(() => mcp.status().servers[0]?.state === 'failed', 'it fails as an ordinary server');
    assert.equal(mcp.status().servers[0]?.signedIn, undefined);
  });
});
