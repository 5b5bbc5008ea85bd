import assert from 'node:assert/strict';
import { discoverOAuthServerInfo, exchangeAuthorization, refreshAuthorization, registerClient, startAuthorization } from '@modelcontextprotocol/sdk/client/auth.js';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { OAuthClientInformationFull, AuthorizationServerMetadata } from '@modelcontextprotocol/sdk/shared/auth.js';
import { startOAuthTestServers, type OAuthTestServers } from '../../support/oauth/oauthTestServers';

const redirectUri = 'http://127.0.0.1:45678/callback';

describe('the OAuth test servers (authorization server and protected MCP server)', function () {
  this.timeout(20_000);
  let servers: OAuthTestServers;
  let metadata: AuthorizationServerMetadata;
  let client: OAuthClientInformationFull;

  beforeEach(async () => {
    servers = await startOAuthTestServers();
    const info = await discoverOAuthServerInfo(servers.mcp.url);
    assert.ok(info.authorizationServerMetadata);
    metadata = info.authorizationServerMetadata;
    client = await registerClient(info.authorizationServerUrl, { metadata, clientMetadata: { redirect_uris: [redirectUri], token_endpoint_auth_method: 'none', grant_types: ['authorization_code', 'refresh_token'], response_types: ['code'], client_name: 'test' } });
  });
  afterEach(() => servers.close());

  /** Plays the consenting user: follows the authorization URL and returns the redirect's query. */
  async function consent(url: URL | string): Promise<{ status: number; query?: URLSearchParams; body: string }> {
    const response = await fetch(url, { redirect: 'manual' });
    const location = response.headers.get('location');
    return { status: response.status, query: location === null ? undefined : new URL(location).searchParams, body: await response.text() };
  }

  async function signIn(): Promise<{ access_token: string; refresh_token?: string }> {
    const { authorizationUrl, codeVerifier } = await startAuthorization(servers.authorization.url, { metadata, clientInformation: client, redirectUrl: redirectUri, state: 's1', resource: servers.mcp.url, scope: 'mcp:tools' });
    const { query } = await consent(authorizationUrl);
    assert.equal(query?.get('state'), 's1');
    const code = query?.get('code');
    assert.ok(code, `no code: ${query?.toString()}`);
    return exchangeAuthorization(servers.authorization.url, { metadata, clientInformation: client, authorizationCode: code, codeVerifier, redirectUri, resource: servers.mcp.url });
  }

  async function whoami(token: string): Promise<string> {
    const mcp = new Client({ name: 't', version: '1' });
    await mcp.connect(new StreamableHTTPClientTransport(new URL(servers.mcp.url), { requestInit: { headers: { Authorization: `Bearer ${token}` } } }));
    const result = await mcp.callTool({ name: 'whoami' });
    await mcp.close();
    return JSON.stringify(result.content);
  }

  it('is discovered through protected resource metadata, registers, authorizes with PKCE and serves the tool for the token', async () => {
    assert.equal(servers.mcp.count('resource-metadata'), 1);
    const tokens = await signIn();
    assert.match(await whoami(tokens.access_token), /subject=test-user scope=mcp:tools/);
    const unauthenticated = await fetch(servers.mcp.url, { method: 'POST', body: '{}' });
    assert.equal(unauthenticated.status, 401);
    assert.equal(unauthenticated.headers.get('www-authenticate'), `Bearer resource_metadata="${servers.mcp.resourceMetadataUrl}", scope="mcp:tools mcp:read"`);
  });

  it('refuses what a real authorization server refuses at /authorize', async () => {
    const base = (changes: Record<string, string | null>): URL => {
      const url = new URL(`${servers.authorization.url}/authorize`);
      const params: Record<string, string | null> = { response_type: 'code', client_id: client.client_id, redirect_uri: redirectUri, code_challenge: 'a'.repeat(43), code_challenge_method: 'S256', resource: servers.mcp.url, state: 'x', ...changes };
      for (const [name, value] of Object.entries(params)) if (value !== null) url.searchParams.set(name, value);
      return url;
    };
    assert.equal((await consent(base({ client_id: 'nobody' }))).status, 400, 'an unknown client is not redirected');
    assert.equal((await consent(base({ redirect_uri: 'http://127.0.0.1:45678/elsewhere' }))).status, 400);
    assert.equal((await consent(base({ redirect_uri: 'http://127.0.0.1:1234/callback' }))).query?.get('code')?.startsWith('code_'), true, 'a loopback redirect URI matches on any port (RFC 8252)');
    assert.equal((await consent(base({ code_challenge: null }))).query?.get('error'), 'invalid_request');
    assert.equal((await consent(base({ code_challenge_method: 'plain' }))).query?.get('error'), 'invalid_request');
    assert.equal((await consent(base({ resource: null }))).query?.get('error'), 'invalid_target');
    assert.equal((await consent(base({ resource: 'http://127.0.0.1:1/other' }))).query?.get('error'), 'invalid_target');
    servers.authorization.deny = true;
    const denied = await consent(base({}));
    assert.equal(denied.query?.get('error'), 'access_denied');
    assert.equal(denied.query?.get('state'), 'x');
  });

  it('checks the code verifier, uses a code once, rotates refresh tokens, and honours revocation and expiry', async () => {
    const { authorizationUrl } = await startAuthorization(servers.authorization.url, { metadata, clientInformation: client, redirectUrl: redirectUri, resource: servers.mcp.url });
    const code = (await consent(authorizationUrl)).query?.get('code') ?? '';
    await assert.rejects(exchangeAuthorization(servers.authorization.url, { metadata, clientInformation: client, authorizationCode: code, codeVerifier: 'w'.repeat(43), redirectUri, resource: servers.mcp.url }), /code_verifier does not match/);
    const tokens = await signIn();
    const refreshed = await refreshAuthorization(servers.authorization.url, { metadata, clientInformation: client, refreshToken: tokens.refresh_token ?? '', resource: servers.mcp.url });
    assert.notEqual(refreshed.refresh_token, tokens.refresh_token, 'the refresh token rotates');
    await assert.rejects(refreshAuthorization(servers.authorization.url, { metadata, clientInformation: client, refreshToken: tokens.refresh_token ?? '', resource: servers.mcp.url }), /already used/);
    await assert.rejects(whoami(refreshed.access_token), /401|invalid_token|Unauthorized/i, 'reusing a rotated refresh token ends the grant');

    const fresh = await signIn();
    servers.authorization.grants.expireAll();
    const expired = await fetch(servers.mcp.url, { method: 'POST', headers: { authorization: `Bearer ${fresh.access_token}` }, body: '{}' });
    assert.match(expired.headers.get('www-authenticate') ?? '', /error="invalid_token", error_description="The access token expired\."/);
    const revoke = await fetch(`${servers.authorization.url}/revoke`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams({ token: fresh.refresh_token ?? '', client_id: client.client_id }) });
    assert.equal(revoke.status, 200);
    await assert.rejects(refreshAuthorization(servers.authorization.url, { metadata, clientInformation: client, refreshToken: fresh.refresh_token ?? '', resource: servers.mcp.url }), /not valid/);
    assert.deepEqual({ code: servers.authorization.count('token:authorization_code'), refresh: servers.authorization.count('token:refresh_token'), revoke: servers.authorization.count('revoke') }, { code: 3, refresh: 3, revoke: 1 });
  });
});
