import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { OAuthGrants, opaque, type RegisteredClient } from './oauthGrants';
import { clientCredentials, isValidVerifier, readBody, readForm, redirectUriMatches, redirectWith, s256, sendJson, sendOAuthError, sendText } from './oauthWire';

/** Which discovery document it serves: RFC 8414's, or only OpenID Connect Discovery's (clients must try both). */
export type MetadataDocument = 'oauth' | 'oidc';

/**
 * An OAuth 2.1 authorization server for the tests, on 127.0.0.1: RFC 8414 metadata, RFC 7591
 * registration, the authorization code grant with PKCE S256 only, RFC 8707 resource indicators,
 * refresh tokens that rotate, RFC 7009 revocation. The user always consents unless `deny` is set.
 * Knobs are fields; `/_test/…` offers them to a test in another process.
 */
export class TestAuthorizationServer {
  readonly grants = new OAuthGrants();
  /** Requests by endpoint, e.g. `token:refresh_token`, `register`, `authorize`. */
  readonly counts: Record<string, number> = {};
  /** The resources (MCP server URLs) it issues tokens for. */
  readonly resources = new Set<string>();
  readonly scopes = ['mcp:tools', 'mcp:read'];
  subject = 'test-user';
  accessTokenLifetimeSeconds = 3600;
  dynamicRegistration = true;
  /** Its metadata names the RFC 7009 revocation endpoint. */
  revocation = true;
  metadataDocument: MetadataDocument = 'oauth';
  /** The next authorizations are refused by the "user" (`error=access_denied`). */
  deny = false;
  url = '';
  private server: Server | undefined;

  /**
   * `host` `::1` keeps it off the addresses VS Code for the web sends through its own port proxy
   * (`localhost`, `127.0.0.1`), which would decode the authorization URL's query on the way.
   */
  async start(host = '127.0.0.1'): Promise<this> {
    const server = createServer((request, response) => {
      this.handle(request, response).catch((error: unknown) => {
        if (!response.headersSent) sendOAuthError(response, 'server_error', error instanceof Error ? error.message : String(error), 500);
      });
    });
    await new Promise<void>((resolve) => server.listen(0, host, resolve));
    this.server = server;
    this.url = `http://${host.includes(':') ? `[${host}]` : host}:${(server.address() as AddressInfo).port}`;
    return this;
  }

  close(): Promise<void> {
    return new Promise((resolve) => {
      if (this.server === undefined) return resolve();
      this.server.closeAllConnections();
      this.server.close(() => resolve());
    });
  }

  /** A client registered beforehand (a configured client id), e.g. with a secret. */
  preRegister(client: Partial<RegisteredClient> & Pick<RegisteredClient, 'client_id' | 'redirect_uris'>): void {
    this.grants.clients.set(client.client_id, {
      token_endpoint_auth_method: client.client_secret === undefined ? 'none' : 'client_secret_basic',
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      client_id_issued_at: Math.floor(Date.now() / 1000),
      ...client,
    });
  }

  count(name: string): number {
    return this.counts[name] ?? 0;
  }

  metadata(): Record<string, unknown> {
    const oauth = {
      issuer: this.url,
      authorization_endpoint: `${this.url}/authorize`,
      token_endpoint: `${this.url}/token`,
      ...(this.dynamicRegistration ? { registration_endpoint: `${this.url}/register` } : {}),
      ...(this.revocation ? { revocation_endpoint: `${this.url}/revoke`, revocation_endpoint_auth_methods_supported: ['none', 'client_secret_basic', 'client_secret_post'] } : {}),
      scopes_supported: this.scopes,
      response_types_supported: ['code'],
      grant_types_supported: ['authorization_code', 'refresh_token'],
      token_endpoint_auth_methods_supported: ['none', 'client_secret_basic', 'client_secret_post'],
      code_challenge_methods_supported: ['S256'],
    };
    // OpenID Connect Discovery 1.0 requires these three besides.
    return this.metadataDocument === 'oidc' ? { ...oauth, jwks_uri: `${this.url}/jwks`, subject_types_supported: ['public'], id_token_signing_alg_values_supported: ['RS256'] } : oauth;
  }

  private tally(name: string): void {
    this.counts[name] = (this.counts[name] ?? 0) + 1;
  }

  private async handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const url = new URL(request.url ?? '/', this.url);
    const route = `${request.method ?? 'GET'} ${url.pathname}`;
    if (url.pathname.startsWith('/_test/')) return this.control(url, request, response);
    switch (route) {
      case 'GET /.well-known/oauth-authorization-server':
        this.tally('metadata');
        return this.metadataDocument === 'oauth' ? sendJson(response, 200, this.metadata()) : sendText(response, 404, 'not found');
      case 'GET /.well-known/openid-configuration':
        this.tally('metadata');
        return this.metadataDocument === 'oidc' ? sendJson(response, 200, this.metadata()) : sendText(response, 404, 'not found');
      case 'POST /register':
        this.tally('register');
        return this.dynamicRegistration ? this.register(request, response) : sendText(response, 404, 'not found');
      case 'GET /authorize':
        this.tally('authorize');
        return this.authorize(url.searchParams, response);
      case 'POST /token':
        return this.token(request, response);
      case 'POST /revoke':
        this.tally('revoke');
        return this.revoke(request, response);
      default:
        this.tally('other');
        return sendText(response, url.pathname.startsWith('/.well-known/') || !['GET', 'POST'].includes(request.method ?? '') ? 404 : 405, 'not found');
    }
  }

  /** RFC 7591 §3. */
  private async register(request: IncomingMessage, response: ServerResponse): Promise<void> {
    let body: Record<string, unknown>;
    try {
      body = JSON.parse(await readBody(request)) as Record<string, unknown>;
    } catch {
      return sendOAuthError(response, 'invalid_client_metadata', 'The body is not JSON.');
    }
    const redirectUris = body.redirect_uris;
    if (!Array.isArray(redirectUris) || redirectUris.length === 0 || !redirectUris.every((uri) => typeof uri === 'string' && isAllowedRedirect(uri))) {
      return sendOAuthError(response, 'invalid_redirect_uri', 'redirect_uris must list https URLs or loopback http URLs.');
    }
    const method = body.token_endpoint_auth_method ?? 'client_secret_basic';
    if (method !== 'none' && method !== 'client_secret_post' && method !== 'client_secret_basic') return sendOAuthError(response, 'invalid_client_metadata', `token_endpoint_auth_method ${String(method)} is not supported.`);
    const grantTypes = body.grant_types ?? ['authorization_code'];
    const responseTypes = body.response_types ?? ['code'];
    if (!isSubset(grantTypes, ['authorization_code', 'refresh_token']) || !isSubset(responseTypes, ['code'])) return sendOAuthError(response, 'invalid_client_metadata', 'Only the authorization_code and refresh_token grants (response type code) are supported.');
    if (body.scope !== undefined && (typeof body.scope !== 'string' || !isSubset(body.scope.split(' '), this.scopes))) return sendOAuthError(response, 'invalid_client_metadata', 'scope names an unknown scope.');
    const client: RegisteredClient = {
      client_id: opaque('client'),
      ...(method === 'none' ? {} : { client_secret: opaque('secret') }),
      redirect_uris: redirectUris as string[],
      token_endpoint_auth_method: method,
      grant_types: grantTypes as string[],
      response_types: responseTypes as string[],
      ...(typeof body.client_name === 'string' ? { client_name: body.client_name } : {}),
      ...(typeof body.scope === 'string' ? { scope: body.scope } : {}),
      client_id_issued_at: Math.floor(Date.now() / 1000),
    };
    this.grants.clients.set(client.client_id, client);
    sendJson(response, 201, client.client_secret === undefined ? client : { ...client, client_secret_expires_at: 0 });
  }

  /** RFC 6749 §4.1.1 with OAuth 2.1's PKCE and RFC 8707's `resource`; errors about the client or redirect URI are never redirected (§4.1.2.1). */
  private authorize(query: URLSearchParams, response: ServerResponse): void {
    const client = this.grants.clients.get(query.get('client_id') ?? '');
    if (client === undefined) return sendText(response, 400, 'Unknown client_id: this application is not registered.');
    const redirectUri = query.get('redirect_uri') ?? '';
    if (!client.redirect_uris.some((registered) => redirectUriMatches(registered, redirectUri))) return sendText(response, 400, 'redirect_uri is not registered for this client.');
    const state = query.get('state') ?? undefined;
    const fail = (error: string, description: string): void => redirectWith(response, redirectUri, { error, error_description: description, state });
    if (query.get('response_type') !== 'code') return fail('unsupported_response_type', 'Only response_type=code is supported.');
    const challenge = query.get('code_challenge');
    if (challenge === null) return fail('invalid_request', 'code_challenge is required (PKCE).');
    if (query.get('code_challenge_method') !== 'S256') return fail('invalid_request', 'code_challenge_method must be S256.');
    if (!/^[A-Za-z0-9_-]{43}$/.test(challenge)) return fail('invalid_request', 'code_challenge is not an S256 challenge.');
    const resource = query.get('resource');
    if (resource === null || !this.resources.has(resource)) return fail('invalid_target', `resource must name this server's protected resource, not ${resource ?? 'nothing'}.`);
    const scope = query.get('scope') ?? this.scopes.join(' ');
    if (!isSubset(scope.split(' '), this.scopes)) return fail('invalid_scope', `Unknown scope in "${scope}".`);
    if (this.deny) return fail('access_denied', 'The user denied access.');
    const code = this.grants.issueCode({ clientId: client.client_id, redirectUri, codeChallenge: challenge, resource, scope });
    redirectWith(response, redirectUri, { code, state, iss: this.url });
  }

  /** RFC 6749 §3.2, §4.1.3, §6 with OAuth 2.1's PKCE check and refresh token rotation. */
  private async token(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const form = await readForm(request);
    if (form === undefined) {
      this.tally('token:invalid');
      return sendOAuthError(response, 'invalid_request', 'The body must be application/x-www-form-urlencoded.');
    }
    const grantType = form.get('grant_type') ?? '';
    this.tally(`token:${grantType}`);
    const client = this.authenticate(request, form);
    if (client === undefined) return sendOAuthError(response, 'invalid_client', 'Client authentication failed.');
    const resource = form.get('resource');
    if (grantType === 'authorization_code') {
      const code = this.grants.codes.get(form.get('code') ?? '');
      if (code === undefined || code.clientId !== client.client_id || code.expiresAt < Date.now()) return sendOAuthError(response, 'invalid_grant', 'The authorization code is not valid.');
      if (code.used) {
        // OAuth 2.1 §4.1.3: a replayed code revokes what it was exchanged for.
        this.grants.revokeGrant(code.grantId);
        return sendOAuthError(response, 'invalid_grant', 'The authorization code was already used.');
      }
      code.used = true;
      if (form.get('redirect_uri') !== code.redirectUri) return sendOAuthError(response, 'invalid_grant', 'redirect_uri differs from the authorization request.');
      const verifier = form.get('code_verifier') ?? '';
      if (!isValidVerifier(verifier) || s256(verifier) !== code.codeChallenge) return sendOAuthError(response, 'invalid_grant', 'The code_verifier does not match the code_challenge.');
      if (resource !== null && resource !== code.resource) return sendOAuthError(response, 'invalid_target', 'resource differs from the authorization request.');
      return sendJson(response, 200, this.grants.issueTokens({ clientId: client.client_id, subject: this.subject, scope: code.scope, resource: code.resource, grantId: code.grantId }, this.accessTokenLifetimeSeconds));
    }
    if (grantType === 'refresh_token') {
      const refresh = this.grants.tokens.get(form.get('refresh_token') ?? '');
      if (refresh === undefined || refresh.kind !== 'refresh' || refresh.clientId !== client.client_id || refresh.revoked) return sendOAuthError(response, 'invalid_grant', 'The refresh token is not valid.');
      if (refresh.rotated === true) {
        // OAuth 2.1 §4.3.1: a rotated refresh token used again means it leaked; the whole grant ends.
        this.grants.revokeGrant(refresh.grantId);
        return sendOAuthError(response, 'invalid_grant', 'The refresh token was already used.');
      }
      if (resource !== null && resource !== refresh.resource) return sendOAuthError(response, 'invalid_target', 'resource differs from the original grant.');
      const scope = form.get('scope') ?? refresh.scope;
      if (!isSubset(scope.split(' '), refresh.scope.split(' '))) return sendOAuthError(response, 'invalid_scope', 'A refresh cannot widen the scope.');
      refresh.rotated = true;
      return sendJson(response, 200, this.grants.issueTokens({ clientId: client.client_id, subject: refresh.subject, scope, resource: refresh.resource, grantId: refresh.grantId }, this.accessTokenLifetimeSeconds));
    }
    sendOAuthError(response, 'unsupported_grant_type', `grant_type ${grantType} is not supported.`);
  }

  /** RFC 7009 §2: 200 whether or not the token was known; revoking a refresh token ends its grant. */
  private async revoke(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const form = await readForm(request);
    if (form === undefined || form.get('token') === null) return sendOAuthError(response, 'invalid_request', 'token is required.');
    const client = this.authenticate(request, form);
    if (client === undefined) return sendOAuthError(response, 'invalid_client', 'Client authentication failed.');
    const token = this.grants.tokens.get(form.get('token') ?? '');
    if (token !== undefined && token.clientId === client.client_id) {
      if (token.kind === 'refresh') this.grants.revokeGrant(token.grantId);
      else token.revoked = true;
    }
    response.writeHead(200, { 'cache-control': 'no-store' }).end();
  }

  /** The client as it authenticated with the method it registered. */
  private authenticate(request: IncomingMessage, form: URLSearchParams): RegisteredClient | undefined {
    const credentials = clientCredentials(request, form);
    const client = this.grants.clients.get(credentials.clientId ?? '');
    if (client === undefined) return undefined;
    if (client.client_secret === undefined) return credentials.method === 'none' ? client : undefined;
    return credentials.clientSecret === client.client_secret && credentials.method !== 'none' ? client : undefined;
  }

  /** Knobs for a test that runs the server in another process. */
  private async control(url: URL, request: IncomingMessage, response: ServerResponse): Promise<void> {
    await readBody(request);
    const knob = url.pathname.slice('/_test/'.length);
    if (knob === 'revoke-all') this.grants.revokeAll();
    else if (knob === 'expire-all') this.grants.expireAll();
    else if (knob === 'deny') this.deny = url.searchParams.get('on') !== '0';
    else if (knob === 'token-lifetime') this.accessTokenLifetimeSeconds = Number(url.searchParams.get('seconds') ?? '3600');
    else if (knob === 'registration') this.dynamicRegistration = url.searchParams.get('on') !== '0';
    else if (knob !== 'counts') return sendText(response, 404, 'no such knob');
    sendJson(response, 200, this.counts);
  }
}

function isSubset(values: unknown, allowed: readonly string[]): boolean {
  return Array.isArray(values) && values.every((value) => typeof value === 'string' && allowed.includes(value));
}

/** OAuth 2.1 §2.3.1 / RFC 8252 §7.3: https, or http only to a loopback address. */
function isAllowedRedirect(uri: string): boolean {
  try {
    const url = new URL(uri);
    return url.hash === '' && (url.protocol === 'https:' || (url.protocol === 'http:' && ['127.0.0.1', '[::1]', 'localhost'].includes(url.hostname)));
  } catch {
    return false;
  }
}
