import type { FetchFunction } from './modelInfoProbe';

/** One server's answers, all under the same deadline. */
export interface ServerRequests {
  /** The parsed JSON body of a successful answer; throws on a failed request, a non-2xx status or a body that is not JSON. */
  json(url: string, body?: unknown): Promise<unknown>;
}

/**
 * Requests to one server. `query`: the query of the user's base URL (`?key=…`), carried by every
 * request as the chat's requests carry it; the URLs given are built from the base URL without it.
 */
export function serverRequests(fetchFunction: FetchFunction, signal: AbortSignal, apiKey: string | undefined, query: Record<string, string> = {}): ServerRequests {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (apiKey) headers.authorization = `Bearer ${apiKey}`;
  return {
    async json(url, body) {
      // A redirect is a failed answer, not followed: the key goes only to the endpoint the user set.
      const redirect = 'manual' as const;
      const init = body === undefined
        ? { method: 'GET' as const, headers, signal, redirect }
        : { method: 'POST' as const, headers: { ...headers, 'content-type': 'application/json' }, body: JSON.stringify(body), signal, redirect };
      const target = new URL(url);
      for (const [name, value] of Object.entries(query)) target.searchParams.set(name, value);
      const response = await fetchFunction(target.toString(), init);
      // The URL named without the base URL's query, which may hold a key.
      if (!response.ok) throw new Error(`${url} answered ${response.status}`);
      return response.json();
    },
  };
}

/** The base URL without a trailing slash. */
export function trimmedBaseUrl(baseUrl: string): string {
  return baseUrl.trim().replace(/\/+$/, '');
}

/**
 * The server's root, where Ollama's `/api/…`, LM Studio's `/api/v0/…` and llama.cpp's `/props`
 * live: the base URL without its OpenAI-compatible `/v1`.
 */
export function serverRoot(baseUrl: string): string {
  return trimmedBaseUrl(baseUrl).replace(/\/v1$/, '');
}

/** A whole positive token count, or undefined. */
export function tokenCount(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isFinite(value) && value >= 1 ? Math.floor(value) : undefined;
}
