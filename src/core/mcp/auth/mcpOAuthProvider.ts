import type { OAuthClientProvider, OAuthDiscoveryState } from '@modelcontextprotocol/sdk/client/auth.js';
import type { OAuthClientInformationMixed, OAuthClientMetadata, OAuthTokens } from '@modelcontextprotocol/sdk/shared/auth.js';
import type { FetchLike } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { McpOAuthConfig } from '../mcpServerConfig';
import { authorizationServerProblem, sameIssuer } from './authorizationServerCheck';
import { connectingFetch, originsOf } from './connectingFetch';
import { oauthSubject, type McpOAuthRecords } from './mcpOAuthRecord';
import { McpSignInRequired } from './mcpSignInRequired';

/** Connecting: tokens are used and refreshed silently, and nothing asks the user. Signing in: the user is sent to the browser. */
export type McpOAuthMode = { kind: 'connect'; signInHint: string } | { kind: 'signIn'; redirectUrl: string; state: string };

/** Used only to build a URL that is never opened while connecting. */
const unusedRedirect = 'http://127.0.0.1/callback';

/**
 * The MCP SDK's OAuth client for one server (name and URL), over the host's private store. While
 * connecting it never starts an authorization: with no tokens, a refused refresh or revoked
 * tokens it throws `McpSignInRequired` instead of registering or opening anything.
 */
export class McpOAuthProvider implements OAuthClientProvider {
  /** The authorization URL the SDK built, for the sign-in to open. */
  authorizationUrl: URL | undefined;
  private verifier: string | undefined;
  /** Signing in: discovery made during this sign-in only (never a stale one). */
  private discovered: OAuthDiscoveryState | undefined;

  constructor(
    private readonly server: { name: string; url: string; oauth?: McpOAuthConfig; file: { path: string } },
    private readonly records: McpOAuthRecords,
    private readonly mode: McpOAuthMode,
    private readonly clientVersion: string,
  ) {}

  /** Connecting: every request of the connection, so none goes where the user's sign-in did not. Signing in: any. */
  get fetch(): FetchLike {
    if (this.mode.kind === 'signIn') return fetch;
    return connectingFetch(this.server.url, async () => originsOf((await this.record())?.discovery));
  }

  /** Signing in: the authorization server this sign-in found, once discovery ran. */
  get authorizationServer(): string | undefined {
    return this.discovered?.authorizationServerUrl;
  }

  get redirectUrl(): string {
    return this.mode.kind === 'signIn' ? this.mode.redirectUrl : unusedRedirect;
  }

  get clientMetadata(): OAuthClientMetadata {
    const scope = this.server.oauth?.scopes?.join(' ');
    return {
      client_name: 'Elbow',
      software_id: 'elbow',
      software_version: this.clientVersion,
      redirect_uris: [this.redirectUrl],
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      token_endpoint_auth_method: 'none',
      ...(scope === undefined || scope === '' ? {} : { scope }),
    };
  }

  state(): string {
    if (this.mode.kind !== 'signIn') throw this.signInRequired();
    return this.mode.state;
  }

  async clientInformation(): Promise<OAuthClientInformationMixed | undefined> {
    const configured = this.server.oauth?.clientId;
    if (configured !== undefined) return { client_id: configured, ...(this.server.oauth?.clientSecret === undefined ? {} : { client_secret: this.server.oauth.clientSecret }) };
    const client = (await this.record())?.client;
    // A registration for another redirect URI (another loopback port) would be refused: register again.
    if (client !== undefined && this.mode.kind === 'signIn' && 'redirect_uris' in client && !client.redirect_uris.includes(this.mode.redirectUrl)) return undefined;
    return client;
  }

  async saveClientInformation(client: OAuthClientInformationMixed): Promise<void> {
    if (this.server.oauth?.clientId !== undefined) return;
    if (this.mode.kind !== 'signIn') throw this.signInRequired();
    await this.records.update(oauthSubject(this.server), this.server.url, (record) => ({ ...record, client }));
  }

  async tokens(): Promise<OAuthTokens | undefined> {
    // Signing in asks for new tokens whatever is stored.
    if (this.mode.kind === 'signIn') return undefined;
    return (await this.record())?.tokens;
  }

  /** Signing in also keeps what discovery found, so refreshing and revoking later need no discovery. */
  async saveTokens(tokens: OAuthTokens): Promise<void> {
    const discovery = this.mode.kind === 'signIn' && this.discovered !== undefined ? { discovery: this.discovered } : {};
    await this.records.update(oauthSubject(this.server), this.server.url, (record) => ({ ...record, tokens, savedAt: Date.now(), scope: tokens.scope ?? record.scope, ...discovery }));
  }

  redirectToAuthorization(url: URL): void {
    if (this.mode.kind !== 'signIn') throw this.signInRequired();
    this.authorizationUrl = url;
  }

  saveCodeVerifier(verifier: string): void {
    if (this.mode.kind !== 'signIn') throw this.signInRequired();
    this.verifier = verifier;
  }

  codeVerifier(): string {
    if (this.verifier === undefined) throw new Error('No sign-in is under way.');
    return this.verifier;
  }

  async discoveryState(): Promise<OAuthDiscoveryState | undefined> {
    if (this.mode.kind === 'signIn') return this.discovered;
    const record = await this.record();
    // Never signed in, or the tokens are gone (revoked, refused), or a sign-in kept without its discovery: nothing is
    // looked up or registered without the user.
    if (record?.tokens === undefined || record.discovery === undefined) throw this.signInRequired();
    return record.discovery;
  }

  async saveDiscoveryState(state: OAuthDiscoveryState): Promise<void> {
    const problem = authorizationServerProblem(state);
    if (problem !== undefined) throw new Error(`Elbow does not sign in to "${this.server.name}": ${problem}`);
    if (this.mode.kind === 'signIn') {
      this.discovered = state;
      return;
    }
    // Connecting only completes what the sign-in found; another authorization server needs the user.
    const stored = (await this.record())?.discovery;
    if (stored === undefined || !sameIssuer(stored.authorizationServerUrl, state.authorizationServerUrl)) throw this.signInRequired();
    await this.records.update(oauthSubject(this.server), this.server.url, (record) => ({ ...record, discovery: state }));
  }

  /** The SDK found credentials refused: tokens go, and a refused client registration too. */
  async invalidateCredentials(scope: 'all' | 'client' | 'tokens' | 'verifier' | 'discovery'): Promise<void> {
    if (scope === 'verifier') {
      this.verifier = undefined;
      return;
    }
    await this.records.update(oauthSubject(this.server), this.server.url, (record) => ({
      ...record,
      ...(scope === 'all' || scope === 'tokens' ? { tokens: undefined, savedAt: undefined } : {}),
      ...(scope === 'all' || scope === 'client' ? { client: undefined } : {}),
      ...(scope === 'all' || scope === 'discovery' ? { discovery: undefined } : {}),
    }));
  }

  private record(): ReturnType<McpOAuthRecords['read']> {
    return this.records.read(oauthSubject(this.server), this.server.url);
  }

  private signInRequired(): McpSignInRequired {
    return new McpSignInRequired(this.mode.kind === 'connect' ? this.mode.signInHint : 'Sign in again.');
  }
}
