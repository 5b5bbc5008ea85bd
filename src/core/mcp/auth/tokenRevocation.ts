import { isSecureOrLoopback, revocationEndpointOf } from './authorizationServerCheck';
import type { McpOAuthRecord } from './mcpOAuthRecord';

/**
 * RFC 7009: asks the authorization server to revoke the refresh token (which ends its grant) and
 * the access token, when its metadata names a revocation endpoint. Best effort: false when it
 * offers none or does not answer 200 in time.
 */
export async function revokeTokens(record: McpOAuthRecord, clientSecret: string | undefined): Promise<boolean> {
  const metadata = record.discovery?.authorizationServerMetadata;
  const endpoint = metadata === undefined ? undefined : revocationEndpointOf(metadata);
  const clientId = record.client?.client_id;
  const tokens = record.tokens;
  if (endpoint === undefined || clientId === undefined || tokens === undefined || !isSecureOrLoopback(endpoint)) return false;
  const secret = record.client?.client_secret ?? clientSecret;
  const revoke = async (token: string, hint: 'refresh_token' | 'access_token'): Promise<boolean> => {
    const form = new URLSearchParams({ token, token_type_hint: hint, client_id: clientId, ...(secret === undefined ? {} : { client_secret: secret }) });
    try {
      const response = await fetch(endpoint, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: form, redirect: 'manual', signal: AbortSignal.timeout(10_000) });
      await response.body?.cancel().catch(() => undefined);
      return response.ok;
    } catch {
      return false;
    }
  };
  const results = await Promise.all([
    ...(tokens.refresh_token === undefined ? [] : [revoke(tokens.refresh_token, 'refresh_token')]),
    revoke(tokens.access_token, 'access_token'),
  ]);
  return results.every(Boolean);
}
