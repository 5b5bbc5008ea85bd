import * as vscode from 'vscode';

/**
 * The extension's one URI handler (VS Code allows one per extension): `<scheme>://elbow.elbow/<path>` goes to the
 * route registered for that path. Nothing else answers a URI, so a link cannot reach Elbow in any other way.
 */
export class UriRoutes implements vscode.UriHandler, vscode.Disposable {
  private readonly routes = new Map<string, (uri: vscode.Uri) => void>();
  private readonly registration: vscode.Disposable;

  constructor(private readonly log: vscode.LogOutputChannel) {
    this.registration = vscode.window.registerUriHandler(this);
  }

  /** The URI that reaches `path` (e.g. `/mcp-oauth`), as VS Code itself opens it. */
  uriOf(extensionId: string, path: string): vscode.Uri {
    return vscode.Uri.from({ scheme: vscode.env.uriScheme, authority: extensionId, path });
  }

  route(path: string, handle: (uri: vscode.Uri) => void): vscode.Disposable {
    if (this.routes.has(path)) throw new Error(`The URI path ${path} already has a handler.`);
    this.routes.set(path, handle);
    return { dispose: () => this.routes.delete(path) };
  }

  handleUri(uri: vscode.Uri): void {
    const handle = this.routes.get(uri.path);
    // The query may hold a secret (an authorization code): only the path is logged.
    if (handle === undefined) this.log.warn(`Ignored a link to Elbow with the unknown path ${JSON.stringify(uri.path)}.`);
    else handle(uri);
  }

  dispose(): void {
    this.registration.dispose();
    this.routes.clear();
  }
}
