import * as vscode from 'vscode';
import type { McpManager } from '../../core/mcp/mcpManager';
import type { McpServerStatus } from '../../core/mcp/mcpServerStatus';
import type { CommandHandlers } from '../commands/commandHandlers';
import { showError, showInformation, showWarning } from '../notifications';
import { signInProgressMessage, signInProgressTitle, type SignInServer } from './signInWords';

/** What a server needing sign-in says to do in VS Code (shown under it in the MCP panel). */
export const SIGN_IN_HINT = 'Sign in with its Sign in button, or run "Elbow: Sign In to MCP Server".';

/** Where the browser goes for a sign-in, told as it is sent there. */
export interface SignInPages {
  onDidOpen(listener: (server: string, authorizationUrl: URL) => void): { dispose(): void };
}

/** A remote server that signs in with OAuth: one that asked for it, or one Elbow knows to hold tokens or not. */
const signsIn = (server: McpServerStatus): boolean => server.state === 'signInRequired' || server.signedIn !== undefined;

/**
 * Signing in to MCP servers and out of them: the palette's commands (a quick pick of the servers that sign in), the
 * panel's buttons, and the notification's action all come here. One sign-in per server at a time.
 */
export class McpSignIn {
  private readonly running = new Map<string, Promise<boolean>>();
  private readonly listeners = new Set<(server: string, signedIn: boolean) => void>();

  constructor(private readonly manager: McpManager, private readonly log: vscode.LogOutputChannel, private readonly pages: SignInPages) {}

  readonly commands: CommandHandlers = {
    'elbow.mcp.signIn': async (name: unknown) => {
      const server = typeof name === 'string' ? name : await this.pick('in');
      if (server !== undefined) await this.signIn(server);
    },
    'elbow.mcp.signOut': async (name: unknown) => {
      const server = typeof name === 'string' ? name : await this.pick('out');
      if (server !== undefined) await this.signOut(server);
    },
  };

  /** The server as the user can tell it from another of the same name: its file and its address. */
  serverOf(server: string): SignInServer {
    const source = this.manager.status().servers.find((status) => status.name === server)?.source ?? 'its configuration file';
    const url = this.manager.connection(server)?.config.url;
    return { name: server, source, ...(url === undefined ? {} : { url }) };
  }

  /** Told each time the user signs in to a server or out of it. */
  onDidChangeAccount(listener: (server: string, signedIn: boolean) => void): vscode.Disposable {
    this.listeners.add(listener);
    return { dispose: () => this.listeners.delete(listener) };
  }

  /**
   * Opens the browser at the server's authorization server, with a notification that can cancel the wait; true when
   * signed in. A failure is shown, never thrown.
   */
  signIn(server: string): Promise<boolean> {
    const running = this.running.get(server);
    if (running !== undefined) return running;
    const signingIn = this.runSignIn(server).finally(() => this.running.delete(server));
    this.running.set(server, signingIn);
    return signingIn;
  }

  async signOut(server: string): Promise<void> {
    try {
      // Before: the server turns to "sign-in required" while it signs out, which is no news to the user.
      for (const listener of this.listeners) listener(server, false);
      const { revoked, detail } = await this.manager.signOut(server);
      const message = `Signed out of the MCP server "${server}". ${detail} Elbow's copy is forgotten; it needs a sign-in before it is used again.`;
      void (revoked ? showInformation(message) : showWarning(message));
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      this.log.error(`MCP: could not sign out of "${server}": ${message}`);
      void showError(`Elbow could not sign out of "${server}": ${message}`);
    }
  }

  private async runSignIn(server: string): Promise<boolean> {
    const title = signInProgressTitle(this.serverOf(server));
    try {
      await vscode.window.withProgress({ location: vscode.ProgressLocation.Notification, title, cancellable: true }, async (progress, token) => {
        progress.report({ message: signInProgressMessage() });
        // Where the browser goes is the authorization server's choice: its origin is shown as it opens.
        const opened = this.pages.onDidOpen((openedFor, authorizationUrl) => {
          if (openedFor === server) progress.report({ message: signInProgressMessage(authorizationUrl) });
        });
        const abort = new AbortController();
        const cancelled = token.onCancellationRequested(() => abort.abort());
        try {
          await this.manager.signIn(server, abort.signal);
        } finally {
          cancelled.dispose();
          opened.dispose();
        }
      });
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      if (error instanceof Error && error.name === 'AbortError') {
        this.log.info(`MCP: the sign-in to "${server}" was cancelled.`);
        return false;
      }
      this.log.error(`MCP: could not sign in to "${server}": ${message}`);
      void showError(`Elbow could not sign in to "${server}": ${message}`);
      return false;
    }
    this.log.info(`MCP: signed in to "${server}".`);
    for (const listener of this.listeners) listener(server, true);
    return true;
  }

  /** The servers one can sign in to (or out of); a single one to sign in to is taken without asking. */
  private async pick(direction: 'in' | 'out'): Promise<string | undefined> {
    const servers = this.manager.status().servers.filter((server) => server.state !== 'disabled' && signsIn(server) && (direction === 'in' || server.signedIn === true));
    if (servers.length === 0) {
      void showInformation(direction === 'in' ? 'No MCP server asks to sign in: remote servers that use OAuth appear here once they have been started.' : 'Elbow is signed in to no MCP server.');
      return undefined;
    }
    if (servers.length === 1 && direction === 'in') return servers[0]?.name;
    const items = servers.map((server) => ({
      label: server.name,
      description: server.signedIn === true ? 'Signed in' : server.state === 'signInRequired' ? 'Sign-in required' : undefined,
      detail: server.source,
    }));
    return (await vscode.window.showQuickPick(items, { title: direction === 'in' ? 'Sign in to which MCP server?' : 'Sign out of which MCP server?' }))?.label;
  }
}
