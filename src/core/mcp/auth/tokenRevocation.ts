import type { McpOAuthConfig } from '../mcpServerConfig';
import { isSecureOrLoopback, revocationEndpointOf, sameIssuer } from './authorizationServerCheck';
import type { McpOAuthRecord } from './mcpOAuthRecord';

/** What signing out did at the authorization server: `detail` is one or two sentences for the user. */
export interface TokenRevocation {
  revoked: boolean;
  detail: string;
}

/**
 * RFC 7009: asks the authorization server that issued the tokens to revoke the refresh token (which ends its grant)
 * and the access token, as the client that signed in (the configured client id, else the registered one). Best
 * effort: `revoked` is true only when it confirmed both, and `detail` says what happened either way.
 */
export async function revokeTokens(record: McpOAuthRecord, configured: McpOAuthConfig | undefined): Promise<TokenRevocation> {
  const tokens = record.tokens;
  if (tokens === undefined) return { revoked: false, detail: 'There was no sign-in to revoke.' };
  const discovery = record.discovery;
  const notRevoked = (why: string): TokenRevocation => ({ revoked: false, detail: `Nothing was revoked: ${why}` });
  if (discovery === undefined) return notRevoked('Elbow kept no address of the authorization server for this sign-in, so its tokens stay valid there until they expire.');
  const server = nameOf(discovery.authorizationServerUrl);
  // Tokens go back only to the authorization server that issued them (the SDK stamps each with its issuer).
  if (typeof tokens.issuer === 'string' && !sameIssuer(tokens.issuer, discovery.authorizationServerUrl)) return notRevoked(`the tokens came from ${nameOf(tokens.issuer)}, not from ${server}.`);
  const endpoint = discovery.authorizationServerMetadata === undefined ? undefined : revocationEndpointOf(discovery.authorizationServerMetadata);
  if (endpoint === undefined) return notRevoked(`the authorization server at ${server} offers no revocation, so its tokens stay valid there until they expire (you can end Elbow's access in your account there).`);
  if (!isSecureOrLoopback(endpoint)) return notRevoked(`its revocation endpoint ${endpoint} is not on https.`);
  const client = configured?.clientId !== undefined ? { client_id: configured.clientId, client_secret: configured.clientSecret } : record.client;
  if (client === undefined) return notRevoked(`Elbow has no client id for the authorization server at ${server}.`);
  const revoke = async (token: string, hint: 'refresh_token' | 'access_token'): Promise<string | undefined> => {
    const form = new URLSearchParams({ token, token_type_hint: hint, client_id: client.client_id, ...(client.client_secret === undefined ? {} : { client_secret: client.client_secret }) });
    try {
      const response = await fetch(endpoint, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: form, redirect: 'manual', signal: AbortSignal.timeout(10_000) });
      await response.body?.cancel().catch(() => undefined);
      return response.ok ? undefined : `answered HTTP ${response.status}`;
    } catch (error) {
      return `could not be reached (${error instanceof Error ? error.message : String(error)})`;
    }
  };
  const problems = await Promise.all([
    ...(tokens.refresh_token === undefined ? [] : [revoke(tokens.refresh_token, 'refresh_token')]),
    revoke(tokens.access_token, 'access_token'),
  ]);
  const problem = problems.find((found) => found !== undefined);
  if (problem === undefined) return { revoked: true, detail: `The authorization server at ${server} revoked its tokens.` };
  const some = problems.some((found) => found === undefined);
  return { revoked: false, detail: `${some ? 'Not all was revoked' : 'Nothing was revoked'}: the authorization server at ${server} ${problem}.` };
}

/** An authorization server's URL as the user reads it: without the trailing `/` of a bare origin. */
function nameOf(url: string): string {
  return url.replace(/\/$/, '');
}
