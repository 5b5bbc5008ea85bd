import type { OAuthDiscoveryState } from '@modelcontextprotocol/sdk/client/auth.js';
import type { AuthorizationServerMetadata } from '@modelcontextprotocol/sdk/shared/auth.js';

/**
 * Where credentials may go: an https URL, or plain http only to this machine (RFC 8252's
 * loopback; the MCP authorization specification requires https for everything else).
 */
export function isSecureOrLoopback(text: string): boolean {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return false;
  }
  if (url.protocol === 'https:') return true;
  return url.protocol === 'http:' && (url.hostname === '127.0.0.1' || url.hostname === 'localhost' || url.hostname === '[::1]');
}

/**
 * Refuses an authorization server Elbow must not send codes, secrets or tokens to: one not on
 * https (or loopback), with an endpoint that is not, or whose metadata names another issuer than
 * the URL it was found at (RFC 8414 §3.3). Returns why, for the user, or `undefined`.
 */
export function authorizationServerProblem(state: OAuthDiscoveryState): string | undefined {
  const { authorizationServerUrl, authorizationServerMetadata: metadata } = state;
  if (!isSecureOrLoopback(authorizationServerUrl)) return `its authorization server ${authorizationServerUrl} is not on https.`;
  if (metadata === undefined) return undefined;
  if (!sameIssuer(metadata.issuer, authorizationServerUrl)) return `the authorization server at ${authorizationServerUrl} calls itself ${metadata.issuer}; Elbow does not sign in where the two differ.`;
  const endpoints = [metadata.authorization_endpoint, metadata.token_endpoint, metadata.registration_endpoint, revocationEndpointOf(metadata)];
  const insecure = endpoints.find((endpoint) => endpoint !== undefined && !isSecureOrLoopback(endpoint));
  return insecure === undefined ? undefined : `the authorization server's endpoint ${insecure} is not on https.`;
}

/** Two issuer identifiers name the same authorization server (a trailing `/` aside). */
export function sameIssuer(a: string, b: string): boolean {
  const normal = (text: string): string => {
    try {
      return new URL(text).href.replace(/\/$/, '');
    } catch {
      return text;
    }
  };
  return normal(a) === normal(b);
}

/** RFC 7009's endpoint; OpenID Connect's metadata may carry it too, as an extension. */
export function revocationEndpointOf(metadata: AuthorizationServerMetadata): string | undefined {
  const endpoint = (metadata as { revocation_endpoint?: unknown }).revocation_endpoint;
  return typeof endpoint === 'string' ? endpoint : undefined;
}
