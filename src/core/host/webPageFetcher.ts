/** A web page as the agent reads it: converted to markdown (HTML) or as sent (other text). */
export interface WebPage {
  /** Where the page was read from, after redirects on the same host. */
  url: string;
  status: number;
  /** The media type without parameters, e.g. `text/html`. */
  contentType: string;
  /** Markdown for HTML (the title as a heading at the top, links absolute), the text itself otherwise. */
  text: string;
}

/**
 * What fetching a URL gave: the page, a redirect to another host (not followed: that host needs its
 * own permission), or why nothing could be read.
 */
export type WebFetchResult =
  | { kind: 'page'; page: WebPage }
  | { kind: 'redirect'; from: string; location: string }
  | { kind: 'refused'; reason: string }
  | { kind: 'notReadable'; url: string; contentType: string }
  | { kind: 'tooLarge'; url: string; limitBytes: number }
  | { kind: 'httpError'; url: string; status: number; statusText: string }
  | { kind: 'failed'; url: string; message: string };

/** Reads web pages for the `fetch_url` tool, never sending the user's cookies or keys. */
export interface WebPageFetcher {
  /**
   * Before anything is asked: a reason to refuse the URL (not http or https, credentials in it, an
   * address or `localhost` that may not be reached), or undefined. Names are not resolved here (a DNS
   * query can carry data out before the user allowed anything); the connection is checked when fetching.
   */
  refusal(url: URL): string | undefined;
  /** A page read in the last few minutes, so reading on neither fetches nor asks again. */
  cached(url: string): WebPage | undefined;
  fetch(url: URL, signal: AbortSignal): Promise<WebFetchResult>;
}
