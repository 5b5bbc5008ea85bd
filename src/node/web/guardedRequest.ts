import * as http from 'node:http';
import * as https from 'node:https';
import * as net from 'node:net';
import { guardedLookup, type HostResolver } from './guardedLookup';
import { addressRefusal } from './webAddressGuard';

export interface GuardedRequestOptions {
  resolve: HostResolver;
  /** The sandbox's allowed hosts: an address entry lets that private address be reached. */
  allowedHosts: readonly string[];
  userAgent: string;
  signal: AbortSignal;
}

/** Thrown before connecting when the URL names an address fetch_url may not reach. */
export class RefusedUrlError extends Error {}

/**
 * One GET, with nothing of the user's: no cookies, no Authorization, no proxy from the environment (a
 * fresh agent), only a plain User-Agent. The name is resolved and checked by the request's own lookup.
 */
export function guardedRequest(url: URL, options: GuardedRequestOptions): Promise<http.IncomingMessage> {
  const port = url.port === '' ? (url.protocol === 'https:' ? 443 : 80) : Number(url.port);
  const hostname = url.hostname.replace(/^\[|\]$/g, '');
  if (net.isIP(hostname) !== 0) {
    const refusal = addressRefusal(hostname, port, options.allowedHosts);
    if (refusal !== undefined) return Promise.reject(new RefusedUrlError(refusal));
  }
  const client = url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const request = client.request(url, {
      method: 'GET',
      agent: false,
      lookup: guardedLookup(options.resolve, port, options.allowedHosts),
      signal: options.signal,
      headers: {
        'user-agent': options.userAgent,
        accept: 'text/html,application/xhtml+xml,text/plain;q=0.9,text/*;q=0.8,application/json;q=0.8,*/*;q=0.5',
        'accept-encoding': 'gzip, br, deflate',
      },
    });
    request.once('response', resolve);
    request.once('error', reject);
    request.end();
  });
}
