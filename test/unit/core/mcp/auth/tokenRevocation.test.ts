import assert from 'node:assert/strict';
import type { McpManager } from '../../../../../src/core/mcp/mcpManager';
import { mcpManagerOf, urlServer } from '../../../../support/mcpServers';
import { startOAuthTestServers, type OAuthTestServers } from '../../../../support/oauth/oauthTestServers';
import { testSignInHost, type TestSignInHost } from '../../../../support/oauth/testSignInHost';

const never = new AbortController().signal;

describe('MCP OAuth: signing out revokes with the client that signed in, and says what happened', function () {
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

  const allRevoked = (): boolean => [...servers.authorization.grants.tokens.values()].every((token) => token.revoked);

  it('a configured client id (and its secret) revokes both tokens', async () => {
    servers.authorization.dynamicRegistration = false;
    servers.authorization.preRegister({ client_id: 'elbow-configured', client_secret: 's3cret', redirect_uris: ['http://127.0.0.1/callback'] });
    const mcp = manager({ oauth: { clientId: 'elbow-configured', clientSecret: 's3cret' } });
    await mcp.signIn('remote', never);
    const result = await mcp.signOut('remote');
    assert.equal(servers.authorization.count('revoke'), 2);
    assert.ok(allRevoked(), 'the authorization server revoked the grant');
    assert.equal(result.revoked, true);
    assert.match(result.detail, /^The authorization server at http:\/\/127\.0\.0\.1:\d+ revoked its tokens\.$/);
  });

  it('says nothing was revoked when the authorization server offers no revocation', async () => {
    servers.authorization.revocation = false;
    const mcp = manager();
    await mcp.signIn('remote', never);
    const result = await mcp.signOut('remote');
    assert.equal(servers.authorization.count('revoke'), 0);
    assert.equal(result.revoked, false);
    assert.match(result.detail, /^Nothing was revoked: the authorization server at http:\/\/127\.0\.0\.1:\d+ offers no revocation, so its tokens stay valid there until they expire/);
    assert.equal(host.credentials.entries.size, 0, 'Elbow\'s copy is deleted all the same');
  });

  it('says nothing was revoked when the authorization server refuses', async () => {
    const mcp = manager();
    await mcp.signIn('remote', never);
    servers.authorization.grants.clients.clear();
    const result = await mcp.signOut('remote');
    assert.equal(result.revoked, false);
    assert.match(result.detail, /^Nothing was revoked: the authorization server at http:\/\/127\.0\.0\.1:\d+ answered HTTP 401/);
  });

  it('says there was nothing to revoke without a sign-in', async () => {
    const result = await manager().signOut('remote');
    assert.deepEqual(result, { revoked: false, detail: 'There was no sign-in to revoke.' });
  });
});
