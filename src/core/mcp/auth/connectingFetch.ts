import type { FetchLike } from '@modelcontextprotocol/sdk/shared/transport.js';

/**
 * The fetch of a connection that runs without the user: it reaches only the server's own origin (its endpoint and
 * the well-known metadata there) and the origins of the authorization server the user signed in with (to refresh).
 * An address a server names in a 401 (RFC 9728's `resource_metadata`, which may point anywhere, e.g. at the user's
 * network) is fetched only during a sign-in the user started. Redirects are followed only to those origins too:
 * each hop is checked before it is requested.
 */
export function connectingFetch(serverUrl: string, signedInWith: () => Promise<readonly string[]>, base: FetchLike = fetch): FetchLike {
  const own = new URL(serverUrl).origin;
  const allowed = async (url: URL): Promise<boolean> => url.origin === own || (await signedInWith()).includes(url.origin);
  return async (url, init) => {
    const first = new URL(url);
    if (!(await allowed(first))) {
      throw new Error(`Elbow reaches ${first.origin} only while you sign in: connecting uses just the server's own address and the authorization server of your sign-in.`);
    }
    let target = first;
    let request: RequestInit = init ?? {};
    for (let hop = 0; ; hop++) {
      const response = await base(target, { ...request, redirect: 'manual' });
      const location = redirectStatuses.has(response.status) ? response.headers.get('location') : null;
      if (location === null) return response;
      await response.body?.cancel().catch(() => undefined);
      if (hop === MAX_REDIRECTS) throw new Error(`${first.origin} redirected more than ${MAX_REDIRECTS} times in a row.`);
      const next = new URL(location, target);
      if (!withinOrigin(first, next)) {
        throw new Error(`${first.origin} redirected to ${next.origin}: Elbow follows a redirect only within the address it asked (or from http to https on the same host). If the server moved, configure its new address.`);
      }
      request = redirected(request, response.status, next.origin !== target.origin);
      target = next;
    }
  };
}

/** A redirect stays where the request went: the same origin, or the same host upgraded from http to https. */
function withinOrigin(asked: URL, next: URL): boolean {
  if (next.origin === asked.origin) return true;
  return asked.protocol === 'http:' && next.protocol === 'https:' && asked.hostname === next.hostname && asked.port === '' && next.port === '';
}

const MAX_REDIRECTS = 5;
const redirectStatuses = new Set([301, 302, 303, 307, 308]);

/** The request for the next hop, as fetch makes it: a POST turned GET drops its body; another origin gets no credentials. */
function redirected(request: RequestInit, status: number, crossOrigin: boolean): RequestInit {
  const method = (request.method ?? 'GET').toUpperCase();
  const toGet = (status === 303 && method !== 'HEAD') || ((status === 301 || status === 302) && method === 'POST');
  const headers = new Headers(request.headers);
  if (crossOrigin) for (const name of ['authorization', 'cookie', 'proxy-authorization']) headers.delete(name);
  if (!toGet) return { ...request, headers };
  for (const name of ['content-type', 'content-length', 'content-encoding', 'content-language', 'content-location']) headers.delete(name);
  const { body: _body, ...rest } = request;
  return { ...rest, method: 'GET', headers };
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
