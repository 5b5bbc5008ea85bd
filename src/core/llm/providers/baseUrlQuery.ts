/** A base URL split into the part requests are appended to and the query every request carries. */
export interface SplitBaseUrl {
  baseURL: string | undefined;
  query: Record<string, string>;
}

/**
 * `https://host/path?api-version=2024-10-21` → `https://host/path` and `{ 'api-version': '2024-10-21' }`.
 * The SDKs append the request path to the base URL as text, so a query left in it would swallow the
 * path (`?api-version=2024-10-21%2Fchat%2Fcompletions`); handed over as the default query it is kept.
 */
export function splitBaseUrl(baseURL: string | undefined): SplitBaseUrl {
  if (baseURL === undefined) return { baseURL, query: {} };
  let url: URL;
  try {
    url = new URL(baseURL);
  } catch {
    return { baseURL, query: {} };
  }
  if (url.search === '' && url.hash === '' && !baseURL.includes('?')) return { baseURL, query: {} };
  const query = Object.fromEntries(url.searchParams.entries());
  url.search = '';
  url.hash = '';
  return { baseURL: url.toString().replace(/\?$/, ''), query };
}
