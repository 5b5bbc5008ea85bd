import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { McpRedirectOptions, McpRedirectReceiver, McpSignInBrowser } from '../core/mcp/auth/mcpAuthHost';
import { openInBrowser } from './browserOpener';

export interface LoopbackBrowserOptions {
  /** Where the authorization URL is printed (always, also when a browser opens). */
  writeErr(text: string): void;
  environment?: Readonly<Record<string, string | undefined>>;
  /** How long to wait for the browser's answer. */
  timeoutMs?: number;
}

const defaultTimeoutMs = 5 * 60_000;

/**
 * The terminal's sign-in browser (RFC 8252 §7.3): a one-shot listener on
 * `http://127.0.0.1:<port>/callback` and the system's browser opened at the authorization URL.
 * The browser is the system's (see `openInBrowser`); when none opens, the printed URL is the way.
 */
export function loopbackBrowser(options: LoopbackBrowserOptions): McpSignInBrowser {
  return {
    async receive(server: string, redirect?: McpRedirectOptions): Promise<McpRedirectReceiver> {
      const listener = createServer();
      await new Promise<void>((resolve, reject) => {
        listener.once('error', (error: NodeJS.ErrnoException) => reject(error.code === 'EADDRINUSE' ? new Error(`The sign-in cannot listen on port ${redirect?.callbackPort ?? 0} ("oauth.callbackPort" of "${server}"): another program uses it.`) : error));
        listener.listen(redirect?.callbackPort ?? 0, '127.0.0.1', resolve);
      });
      const port = (listener.address() as AddressInfo).port;
      return {
        redirectUrl: `http://127.0.0.1:${port}/callback`,
        open: (authorizationUrl, signal) => answerOf(listener, server, authorizationUrl, signal, options),
        dispose: () => {
          listener.closeAllConnections();
          listener.close();
        },
      };
    },
  };
}

/** Prints and opens the URL, then waits for the one redirect that carries this sign-in's `state`. */
function answerOf(listener: Server, server: string, authorizationUrl: URL, signal: AbortSignal, options: LoopbackBrowserOptions): Promise<URLSearchParams> {
  const state = authorizationUrl.searchParams.get('state');
  const timeoutMs = options.timeoutMs ?? defaultTimeoutMs;
  return new Promise<URLSearchParams>((resolve, reject) => {
    const timer = setTimeout(() => finish(new Error(`No answer came back from the browser within ${Math.round(timeoutMs / 60_000) || 1} min; nothing was saved. Run elbow mcp login ${server} again.`)), timeoutMs);
    const aborted = (): void => finish(new Error('The sign-in was cancelled.'));
    signal.addEventListener('abort', aborted, { once: true });
    function finish(outcome: URLSearchParams | Error): void {
      clearTimeout(timer);
      signal.removeEventListener('abort', aborted);
      listener.removeAllListeners('request');
      if (outcome instanceof Error) reject(outcome);
      else resolve(outcome);
    }
    listener.on('request', (request, response) => {
      const url = new URL(request.url ?? '/', 'http://127.0.0.1');
      if (request.method !== 'GET' || url.pathname !== '/callback') {
        response.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('Not found.');
        return;
      }
      if (state === null || url.searchParams.get('state') !== state) {
        response.writeHead(400, page).end(html('This answer does not belong to the sign-in under way.', 'Elbow ignored it and is still waiting.'));
        return;
      }
      const refused = url.searchParams.get('error');
      response.writeHead(200, page).end(refused === null
        ? html(`Elbow is signed in to ${server}.`, 'You can close this tab and return to the terminal.')
        : html(`The sign-in to ${server} did not complete (${refused}).`, 'You can close this tab; the terminal says more.'));
      finish(url.searchParams);
    });
    options.writeErr(`Sign in to "${server}" in your browser. If it does not open, open this URL:\n${authorizationUrl.href}\n`);
    void openInBrowser(authorizationUrl.href, options.environment).catch(() => undefined);
  });
}

const page = { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store', 'content-security-policy': "default-src 'none'" };

function html(title: string, text: string): string {
  const escape = (value: string): string => value.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);
  return `<!doctype html><html><head><meta charset="utf-8"><title>Elbow</title></head><body style="font-family:sans-serif;margin:3em"><h1 style="font-size:1.3em">${escape(title)}</h1><p>${escape(text)}</p></body></html>`;
}
