import type { FetchLike } from '@modelcontextprotocol/sdk/shared/transport.js';

/**
 * The fetch of a connection that runs without the user: it reaches only the server's own origin (its endpoint and
 * the well-known metadata there) and the origins of the authorization server the user signed in with (to refresh).
 * An address a server names in a 401 (RFC 9728's `resource_metadata`, which may point anywhere, e.g. at the user's
 * network) is fetched only during a sign-in the user started.
 */
export function connectingFetch(serverUrl: string, signedInWith: () => Promise<readonly string[]>, base: FetchLike = fetch): FetchLike {
  const own = new URL(serverUrl).origin;
  return async (url, init) => {
    const origin = new URL(url).origin;
    if (origin !== own && !(await signedInWith()).includes(origin)) {
      throw new Error(`Elbow reaches ${origin} only while you sign in: connecting uses just the server's own address and the authorization server of your sign-in.`);
    }
    return base(url, init);
  };
}

/** The origins a stored sign-in's discovery names: the authorization server and its token endpoint. */
export function originsOf(discovery: { authorizationServerUrl: string; authorizationServerMetadata?: { token_endpoint: string } } | undefined): string[] {
  if (discovery === undefined) return [];
  const urls = [discovery.authorizationServerUrl, discovery.authorizationServerMetadata?.token_endpoint];
  return urls.flatMap((url) => {
    try {
      return url === undefined ? [] : [new URL(url).origin];
    } catch {
      return [];
    }
  });
}
