import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';

/** The body of a request as text; bodies over 64 KiB are refused as a real server would. */
export async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > 65_536) throw new Error('request body too large');
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** An `application/x-www-form-urlencoded` body (RFC 6749 §3.2: token and revocation requests use it). */
export async function readForm(request: IncomingMessage): Promise<URLSearchParams | undefined> {
  const type = (request.headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase();
  const body = await readBody(request);
  return type === 'application/x-www-form-urlencoded' ? new URLSearchParams(body) : undefined;
}

export function sendJson(response: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  // RFC 6749 §5.1: responses with tokens or credentials are not cached.
  response.writeHead(status, { 'content-type': 'application/json', 'cache-control': 'no-store', pragma: 'no-cache', ...headers }).end(JSON.stringify(body));
}

/** An RFC 6749 §5.2 error: 400 (or 401 for `invalid_client`, with a challenge when Basic was tried). */
export function sendOAuthError(response: ServerResponse, error: string, description: string, status = error === 'invalid_client' ? 401 : 400): void {
  sendJson(response, status, { error, error_description: description }, status === 401 ? { 'www-authenticate': 'Basic realm="test-authorization-server"' } : {});
}

export function sendText(response: ServerResponse, status: number, text: string, type = 'text/plain; charset=utf-8'): void {
  response.writeHead(status, { 'content-type': type, 'cache-control': 'no-store' }).end(text);
}

/** A 302 to `redirectUri` with `params` added to its query (RFC 6749 §4.1.2). */
export function redirectWith(response: ServerResponse, redirectUri: string, params: Record<string, string | undefined>): void {
  const target = new URL(redirectUri);
  for (const [name, value] of Object.entries(params)) if (value !== undefined) target.searchParams.set(name, value);
  response.writeHead(302, { location: target.href, 'cache-control': 'no-store' }).end();
}

/** RFC 7636 §4.2: BASE64URL(SHA256(ASCII(code_verifier))). */
export function s256(verifier: string): string {
  return createHash('sha256').update(verifier, 'ascii').digest('base64url');
}

/** RFC 7636 §4.1: 43 to 128 unreserved characters. */
export function isValidVerifier(verifier: string): boolean {
  return /^[A-Za-z0-9\-._~]{43,128}$/.test(verifier);
}

/** The client's credentials from HTTP Basic (RFC 6749 §2.3.1, form-encoded parts) or the body. */
export function clientCredentials(request: IncomingMessage, form: URLSearchParams): { clientId?: string; clientSecret?: string; method: 'client_secret_basic' | 'client_secret_post' | 'none' } {
  const header = request.headers.authorization;
  if (header?.toLowerCase().startsWith('basic ') === true) {
    const decoded = Buffer.from(header.slice(6).trim(), 'base64').toString('utf8');
    const colon = decoded.indexOf(':');
    const decode = (part: string): string => decodeURIComponent(part.replace(/\+/g, ' '));
    return { clientId: decode(decoded.slice(0, colon)), clientSecret: decode(decoded.slice(colon + 1)), method: 'client_secret_basic' };
  }
  const clientId = form.get('client_id') ?? undefined;
  const clientSecret = form.get('client_secret') ?? undefined;
  return { clientId, clientSecret, method: clientSecret === undefined ? 'none' : 'client_secret_post' };
}

/** RFC 8252 §7.3: a loopback redirect URI matches whatever port the client listens on at the time. */
export function redirectUriMatches(registered: string, requested: string): boolean {
  if (registered === requested) return true;
  let a: URL;
  let b: URL;
  try {
    a = new URL(registered);
    b = new URL(requested);
  } catch {
    return false;
  }
  const loopback = (url: URL): boolean => url.protocol === 'http:' && (url.hostname === '127.0.0.1' || url.hostname === '[::1]');
  return loopback(a) && loopback(b) && a.hostname === b.hostname && a.pathname === b.pathname && a.search === b.search;
}
