import * as vscode from 'vscode';
import type { McpRedirectReceiver, McpSignInBrowser } from '../../core/mcp/auth/mcpAuthHost';
import type { UriRoutes } from '../uriRoutes';
import type { SignInPages } from './mcpSignIn';

/** Where the authorization server sends the browser back: `<scheme>://<extension id>/mcp-oauth`. */
export const SIGN_IN_PATH = '/mcp-oauth';

interface Waiting {
  server: string;
  /** The `state` sent with the authorization request; only a redirect carrying it is taken. */
  state: string | null;
  resolve(query: URLSearchParams): void;
}

/**
 * Signs in through VS Code itself: the authorization URL opens in the user's browser (`env.openExternal`), and the
 * redirect comes back through the extension's URI handler. `env.asExternalUri` gives the redirect URI that reaches it
 * here: the same `vscode://` URI on the desktop, the workbench's own `/callback` page in VS Code for the web.
 */
export class VscodeSignInBrowser implements McpSignInBrowser, SignInPages, vscode.Disposable {
  private readonly waiting = new Set<Waiting>();
  private readonly openings = new Set<(server: string, authorizationUrl: URL) => void>();
  private readonly route: vscode.Disposable;

  constructor(private readonly routes: UriRoutes, private readonly extensionId: string, private readonly log: vscode.LogOutputChannel) {
    this.route = routes.route(SIGN_IN_PATH, (uri) => this.arrived(uri));
  }

  /** Told as the browser is sent to an authorization server, before it opens. */
  onDidOpen(listener: (server: string, authorizationUrl: URL) => void): vscode.Disposable {
    this.openings.add(listener);
    return { dispose: () => this.openings.delete(listener) };
  }

  async receive(server: string): Promise<McpRedirectReceiver> {
    const external = await vscode.env.asExternalUri(this.routes.uriOf(this.extensionId, SIGN_IN_PATH));
    // Unencoded: the web's callback URI already carries an encoded query, which encoding again would change.
    const redirectUrl = external.toString(true);
    let entry: Waiting | undefined;
    return {
      redirectUrl,
      open: (authorizationUrl, signal) => new Promise<URLSearchParams>((resolve, reject) => {
        if (signal.aborted) {
          reject(abortError(server));
          return;
        }
        const waiting: Waiting = {
          server,
          state: authorizationUrl.searchParams.get('state'),
          resolve: (query) => {
            signal.removeEventListener('abort', aborted);
            resolve(query);
          },
        };
        const aborted = (): void => {
          this.waiting.delete(waiting);
          reject(abortError(server));
        };
        entry = waiting;
        this.waiting.add(waiting);
        signal.addEventListener('abort', aborted, { once: true });
        for (const listener of this.openings) listener(server, authorizationUrl);
        // A string, not a Uri: VS Code would decode the query and encode it again, and a redirect URI with its own
        // query (the web's callback page) would come apart into separate parameters.
        vscode.env.openExternal(authorizationUrl.href as unknown as vscode.Uri).then((opened) => {
          if (opened || !this.waiting.has(waiting)) return;
          this.waiting.delete(waiting);
          signal.removeEventListener('abort', aborted);
          reject(new Error(`The browser was not opened, so the sign-in to "${server}" did not start.`));
        }, (error: unknown) => {
          this.waiting.delete(waiting);
          signal.removeEventListener('abort', aborted);
          reject(error instanceof Error ? error : new Error(String(error)));
        });
      }),
      dispose: () => {
        if (entry !== undefined) this.waiting.delete(entry);
      },
    };
  }

  dispose(): void {
    this.route.dispose();
    this.waiting.clear();
  }

  /** A redirect came back: it goes to the sign-in whose `state` it carries, and to no other. */
  private arrived(uri: vscode.Uri): void {
    const query = new URLSearchParams(uri.query);
    const state = query.get('state');
    const waiting = [...this.waiting].filter((entry) => entry.state === state);
    const match = waiting.length === 1 ? waiting[0] : undefined;
    if (match === undefined) {
      this.log.warn(state === null ? 'Ignored a sign-in answer without a state.' : 'Ignored a sign-in answer that no sign-in waits for (an old or foreign link).');
      return;
    }
    this.waiting.delete(match);
    this.log.info(`MCP server "${match.server}": the browser came back from the authorization server.`);
    match.resolve(query);
  }
}

function abortError(server: string): Error {
  const error = new Error(`The sign-in to "${server}" was cancelled.`);
  error.name = 'AbortError';
  return error;
}
