import * as vscode from 'vscode';
import type { McpManager } from '../../core/mcp/mcpManager';
import type { McpSignIn } from './mcpSignIn';

/** The id and label of `contributes.authentication` in package.json. */
export const MCP_ACCOUNTS_ID = 'elbow-mcp';
const LABEL = 'Elbow MCP Servers';

/**
 * The MCP servers Elbow is signed in to, as accounts in VS Code's Accounts menu, where Sign Out signs out of the server.
 * A session holds no token: the tokens stay Elbow's own, so another extension given this account gets nothing to use.
 */
export class McpAccounts implements vscode.AuthenticationProvider, vscode.Disposable {
  private readonly changes = new vscode.EventEmitter<vscode.AuthenticationProviderAuthenticationSessionsChangeEvent>();
  readonly onDidChangeSessions = this.changes.event;
  private signedIn: ReadonlySet<string>;
  private readonly subscriptions: vscode.Disposable[];

  constructor(private readonly manager: McpManager, private readonly signIn: McpSignIn) {
    this.signedIn = this.current();
    this.subscriptions = [
      this.changes,
      vscode.authentication.registerAuthenticationProvider(MCP_ACCOUNTS_ID, LABEL, this, { supportsMultipleAccounts: true }),
    ];
    const watching = manager.onDidChange(() => this.update());
    this.subscriptions.push({ dispose: () => watching.dispose() });
  }

  getSessions(): Thenable<vscode.AuthenticationSession[]> {
    return Promise.resolve([...this.signedIn].map(sessionOf));
  }

  /** Asked for by name (the one scope): signs in to that server in the browser. */
  async createSession(scopes: readonly string[]): Promise<vscode.AuthenticationSession> {
    const server = scopes[0];
    if (server === undefined || !this.manager.serverNames().includes(server)) throw new Error(`There is no MCP server named "${server ?? ''}".`);
    if (!(await this.signIn.signIn(server))) throw new Error(`Not signed in to "${server}".`);
    this.update();
    return sessionOf(server);
  }

  async removeSession(sessionId: string): Promise<void> {
    if (this.signedIn.has(sessionId)) await this.signIn.signOut(sessionId);
    this.update();
  }

  dispose(): void {
    for (const subscription of this.subscriptions) subscription.dispose();
  }

  private current(): ReadonlySet<string> {
    return new Set(this.manager.status().servers.filter((server) => server.signedIn === true).map((server) => server.name));
  }

  private update(): void {
    const now = this.current();
    const added = [...now].filter((server) => !this.signedIn.has(server));
    const removed = [...this.signedIn].filter((server) => !now.has(server));
    this.signedIn = now;
    if (added.length > 0 || removed.length > 0) this.changes.fire({ added: added.map(sessionOf), removed: removed.map(sessionOf), changed: [] });
  }
}

function sessionOf(server: string): vscode.AuthenticationSession {
  return { id: server, accessToken: '', account: { id: server, label: server }, scopes: [server] };
}
