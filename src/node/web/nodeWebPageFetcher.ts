import type { IncomingMessage } from 'node:http';
import * as net from 'node:net';
import type { WebFetchResult, WebPage, WebPageFetcher } from '../../core/host/webPageFetcher';
import { RefusedAddressError, systemResolver, type HostResolver } from './guardedLookup';
import { guardedRequest, RefusedUrlError } from './guardedRequest';
import { loadPageConverter } from './loadPageConverter';
import { addressRefusal } from './webAddressGuard';
import { readBody } from './readBody';
import { decodeText, mediaTypeOf } from './textDecoding';
import { WebPageCache } from './webPageCache';

export const WEB_MAX_BYTES = 5 * 1024 * 1024;
const TIMEOUT_MS = 30_000;
const MAX_REDIRECTS = 5;
const USER_AGENT = 'Elbow (coding agent; fetch_url)';
const htmlTypes = new Set(['text/html', 'application/xhtml+xml']);
const textTypes = new Set(['application/json', 'application/xml', 'application/javascript', 'application/x-ndjson', 'application/yaml', 'application/toml']);

export interface NodeWebPageFetcherOptions {
  /** The sandbox's allowed hosts as they stand now: an address entry (`127.0.0.1:8080`) may be reached. */
  allowedHosts: () => readonly string[];
  resolve?: HostResolver;
  timeoutMs?: number;
  maxBytes?: number;
}

/** Reads pages over Node's http and https, each hop's address checked, HTML converted to markdown. */
export class NodeWebPageFetcher implements WebPageFetcher {
  private readonly cache = new WebPageCache();

  constructor(private readonly options: NodeWebPageFetcherOptions) {}

  refusal(url: URL): string | undefined {
    const form = formRefusal(url);
    if (form !== undefined) return form;
    const hostname = url.hostname.replace(/^\[|\]$/g, '').toLowerCase();
    const address = net.isIP(hostname) !== 0 ? hostname : hostname === 'localhost' || hostname.endsWith('.localhost') ? '127.0.0.1' : undefined;
    const refused = address === undefined ? undefined : addressRefusal(address, portOf(url), this.options.allowedHosts());
    return refused === undefined ? undefined : refusedMessage(url, refused);
  }

  cached(url: string): WebPage | undefined {
    return this.cache.get(url);
  }

  async fetch(url: URL, signal: AbortSignal): Promise<WebFetchResult> {
    const refusal = formRefusal(url);
    if (refusal !== undefined) return { kind: 'refused', reason: refusal };
    const timeoutMs = this.options.timeoutMs ?? TIMEOUT_MS;
    const timeout = AbortSignal.timeout(timeoutMs);
    const combined = AbortSignal.any([signal, timeout]);
    let current = url;
    try {
      for (let hop = 0; hop <= MAX_REDIRECTS; hop++) {
        const response = await guardedRequest(current, { resolve: this.options.resolve ?? systemResolver, allowedHosts: this.options.allowedHosts(), userAgent: USER_AGENT, signal: combined });
        const location = response.headers.location;
        if (response.statusCode !== undefined && response.statusCode >= 300 && response.statusCode < 400 && location !== undefined) {
          response.resume();
          const next = new URL(location, current);
          if (next.hostname !== current.hostname) return { kind: 'redirect', from: current.href, location: next.href };
          const nextRefusal = formRefusal(next);
          if (nextRefusal !== undefined) return { kind: 'refused', reason: `${current.href} redirects to ${next.href}: ${nextRefusal}` };
          current = next;
          continue;
        }
        return await this.pageOf(current, response, url);
      }
      return { kind: 'failed', url: url.href, message: `more than ${MAX_REDIRECTS} redirects.` };
    } catch (error) {
      return failure(current, error, signal, timeout.aborted ? timeoutMs : undefined);
    }
  }

  private async pageOf(url: URL, response: IncomingMessage, requested: URL): Promise<WebFetchResult> {
    const status = response.statusCode ?? 0;
    if (status >= 400) {
      response.resume();
      return { kind: 'httpError', url: url.href, status, statusText: response.statusMessage ?? '' };
    }
    const header = response.headers['content-type'] ?? 'text/html';
    const contentType = mediaTypeOf(header);
    const isHtml = htmlTypes.has(contentType);
    if (!isHtml && !contentType.startsWith('text/') && !textTypes.has(contentType) && !contentType.endsWith('+json') && !contentType.endsWith('+xml')) {
      response.destroy();
      return { kind: 'notReadable', url: url.href, contentType };
    }
    const limit = this.options.maxBytes ?? WEB_MAX_BYTES;
    const body = await readBody(response, limit);
    if (body.kind === 'tooLarge') return { kind: 'tooLarge', url: url.href, limitBytes: limit };
    const text = decodeText(body.bytes, header, isHtml);
    const page: WebPage = { url: url.href, status, contentType, text: isHtml ? loadPageConverter().htmlToMarkdown(text, url.href) : text };
    this.cache.set(url.href, page);
    this.cache.set(requested.href, page);
    return { kind: 'page', page };
  }
}

function refusedMessage(url: URL, why: string): string {
  return `${url.href} was not read: ${why}. fetch_url does not reach this machine or private networks unless the user lists the address (with its port) in the sandbox's allowed hosts.`;
}

function portOf(url: URL): number {
  return url.port === '' ? (url.protocol === 'https:' ? 443 : 80) : Number(url.port);
}

function failure(url: URL, error: unknown, signal: AbortSignal, timedOutAfterMs: number | undefined): WebFetchResult {
  if (error instanceof RefusedUrlError || error instanceof RefusedAddressError) {
    return { kind: 'refused', reason: refusedMessage(url, error.message) };
  }
  if (signal.aborted) return { kind: 'failed', url: url.href, message: 'cancelled.' };
  if (timedOutAfterMs !== undefined) return { kind: 'failed', url: url.href, message: `no answer within ${timedOutAfterMs / 1000} seconds.` };
  return { kind: 'failed', url: url.href, message: error instanceof Error ? error.message : String(error) };
}

function formRefusal(url: URL): string | undefined {
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return `fetch_url reads only http and https URLs, not ${url.protocol.replace(/:$/, '')}.`;
  if (url.username !== '' || url.password !== '') return 'The URL holds a user name or password; fetch_url sends no credentials. Give the URL without them.';
  return undefined;
}
