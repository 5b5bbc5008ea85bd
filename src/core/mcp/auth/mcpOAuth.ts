import { randomBytes } from 'node:crypto';
import type { McpServerConfig } from '../mcpServerConfig';
import { loadMcpSdk } from '../loadMcpSdk';
import { isSecureOrLoopback, sameIssuer } from './authorizationServerCheck';
import type { McpAuthHost } from './mcpAuthHost';
import { McpOAuthProvider } from './mcpOAuthProvider';
import { McpOAuthRecords, oauthSubject } from './mcpOAuthRecord';
import { revokeTokens, type TokenRevocation } from './tokenRevocation';

/** A remote server without an `Authorization` header of its own: it may ask Elbow to sign in. */
export function usesOAuth(config: McpServerConfig): config is McpServerConfig & { url: string } {
  return config.type !== 'stdio' && config.url !== undefined && !Object.keys(config.headers).some((name) => name.toLowerCase() === 'authorization');
}

/**
 * OAuth for remote MCP servers (the MCP authorization specification): the provider each
 * connection uses, the interactive sign-in through the host's browser, and signing out.
 */
export class McpOAuth {
  private readonly records: McpOAuthRecords;
  /** Per server name and URL: whether tokens are stored, once known. */
  private readonly signedInByKey = new Map<string, boolean>();

  constructor(private readonly host: McpAuthHost, private readonly clientVersion: string, private readonly changed: () => void) {
    this.records = new McpOAuthRecords(host.credentials, (server, url, record) => {
      if (record !== undefined) this.note(server, url, record.tokens !== undefined);
    });
  }

  /** What the user does to sign in to `server`, in the host's words. */
  signInHint(server: string): string {
    return this.host.signInHint?.(server) ?? 'Sign in to it, then try again.';
  }

  /** The provider a connection to `config` uses, or `undefined` when it never signs in with OAuth. */
  providerFor(config: McpServerConfig): McpOAuthProvider | undefined {
    if (!usesOAuth(config)) return undefined;
    if (!this.signedInByKey.has(keyOf(oauthSubject(config), config.url))) void this.records.read(oauthSubject(config), config.url).then(undefined, () => undefined);
    return new McpOAuthProvider(config, this.records, { kind: 'connect', signInHint: this.signInHint(config.name) }, this.clientVersion);
  }

  /** True once tokens are stored for it, false once it needed sign-in or was signed out; undefined while not known. */
  signedIn(config: McpServerConfig): boolean | undefined {
    return usesOAuth(config) ? this.signedInByKey.get(keyOf(oauthSubject(config), config.url)) : undefined;
  }

  /** The server refused Elbow: it needs a sign-in. */
  signInNeeded(config: McpServerConfig): void {
    if (usesOAuth(config)) this.note(oauthSubject(config), config.url, false);
  }

  /**
   * Discovery, registration (or the configured client), the authorization code with PKCE through
   * the host's browser, and the token exchange; the tokens are stored. Throws an Error the user reads.
   */
  async signIn(config: McpServerConfig, signal: AbortSignal): Promise<void> {
    if (!usesOAuth(config)) throw new Error(`"${config.name}" does not sign in with OAuth: ${config.type === 'stdio' ? 'it is a local (stdio) server' : 'its configuration sends its own Authorization header'}.`);
    if (!isSecureOrLoopback(config.url)) throw new Error(`Elbow does not sign in to "${config.name}": ${config.url} is not on https.`);
    const sdk = loadMcpSdk();
    const challenge = await probe(config, signal);
    const receiver = await this.host.browser.receive(config.name, { callbackPort: config.oauth?.callbackPort });
    try {
      const state = randomBytes(24).toString('base64url');
      const provider = new McpOAuthProvider(config, this.records, { kind: 'signIn', redirectUrl: receiver.redirectUrl, state }, this.clientVersion);
      const scope = config.oauth?.scopes?.join(' ') || challenge.scope;
      const options = { serverUrl: config.url, resourceMetadataUrl: challenge.resourceMetadataUrl, scope };
      const started = await sdk.auth(provider, options);
      if (started === 'REDIRECT') {
        if (provider.authorizationUrl === undefined) throw new Error('The sign-in could not start: no authorization URL.');
        const answer = await receiver.open(provider.authorizationUrl, signal);
        if (answer.get('state') !== state) throw new Error('The sign-in answer did not belong to this sign-in (its state differs); nothing was saved. Try again.');
        // RFC 9207: an answer naming another authorization server is a mix-up, whatever it carries.
        const issuer = answer.get('iss');
        const expected = provider.authorizationServer;
        if (issuer !== null && expected !== undefined && !sameIssuer(issuer, expected)) throw new Error(`The sign-in answer came from ${issuer.slice(0, 200)}, not from ${expected}; nothing was saved.`);
        const refused = answer.get('error');
        if (refused !== null) throw new Error(refusal(config.name, refused, answer.get('error_description')));
        const code = answer.get('code');
        if (code === null || code === '') throw new Error('The authorization server answered without a code; nothing was saved. Try again.');
        await sdk.auth(provider, { ...options, authorizationCode: code });
      }
      await this.records.update(oauthSubject(config), config.url, (record) => ({ ...record, scope: record.scope ?? scope }));
    } finally {
      receiver.dispose();
    }
  }

  /** Revokes the tokens where the authorization server offers it (best effort) and forgets everything stored for the server. */
  async signOut(config: McpServerConfig): Promise<TokenRevocation> {
    if (!usesOAuth(config)) throw new Error(`"${config.name}" does not sign in with OAuth.`);
    const record = await this.records.read(oauthSubject(config), config.url);
    const revocation = await revokeTokens(record ?? { server: config.name, url: config.url }, config.oauth);
    await this.records.delete(oauthSubject(config), config.url);
    return revocation;
  }

  private note(server: string, url: string, signedIn: boolean): void {
    const key = keyOf(server, url);
    if (this.signedInByKey.get(key) === signedIn) return;
    this.signedInByKey.set(key, signedIn);
    this.changed();
  }
}

function keyOf(server: string, url: string): string {
  return `${server}\u0000${url}`;
}

/**
 * One request without a token, as the transport would send it: a 401's `WWW-Authenticate` names
 * the protected resource metadata and the scope to ask for (the specification's first discovery step).
 */
async function probe(config: McpServerConfig & { url: string }, signal: AbortSignal): Promise<{ resourceMetadataUrl?: URL; scope?: string }> {
  const initialize = { jsonrpc: '2.0', id: 0, method: 'initialize', params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'elbow', version: '0' } } };
  let response: Response;
  try {
    response = await fetch(config.url, { method: 'POST', headers: { ...config.headers, 'content-type': 'application/json', accept: 'application/json, text/event-stream' }, body: JSON.stringify(initialize), redirect: 'manual', signal });
  } catch (error) {
    if (signal.aborted) throw error;
    throw new Error(`Could not reach "${config.name}" at ${config.url}: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
  }
  await response.body?.cancel().catch(() => undefined);
  if (response.ok) throw new Error(`"${config.name}" accepts Elbow without signing in: there is nothing to sign in to.`);
  if (response.status !== 401) return {};
  const { resourceMetadataUrl, scope } = loadMcpSdk().extractWWWAuthenticateParams(response);
  return { ...(resourceMetadataUrl === undefined ? {} : { resourceMetadataUrl }), ...(scope === undefined ? {} : { scope }) };
}

function refusal(server: string, error: string, description: string | null): string {
  const detail = description === null ? '' : ` (${description.slice(0, 200)})`;
  if (error === 'access_denied') return `Sign-in to "${server}" was declined${detail}; nothing was saved.`;
  return `The authorization server refused the sign-in to "${server}": ${error.slice(0, 100)}${detail}.`;
}
