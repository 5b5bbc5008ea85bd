import type * as vscode from 'vscode';
import type { McpManager } from '../../core/mcp/mcpManager';
import { showWarning } from '../notifications';
import type { McpSignIn } from './mcpSignIn';
import { signInNotice } from './signInWords';

/**
 * Says when a server needs a sign-in (servers start when a conversation needs their tools, so a chat is using it),
 * with a "Sign in" action: once per server, and again only after the user signed in to it since. A server refusing
 * Elbow over and over never shows it twice, and signing out shows nothing.
 */
export class SignInNotices implements vscode.Disposable {
  private readonly told = new Set<string>();
  private readonly subscriptions: Array<{ dispose(): void }>;

  constructor(private readonly manager: McpManager, private readonly signIn: McpSignIn) {
    this.subscriptions = [
      manager.onDidChange(() => this.check()),
      // Signed out: the user knows it needs a sign-in now. Signed in: a later refusal is news again.
      signIn.onDidChangeAccount((server, signedIn) => (signedIn ? this.told.delete(server) : this.told.add(server))),
    ];
  }

  dispose(): void {
    for (const subscription of this.subscriptions) subscription.dispose();
  }

  private check(): void {
    for (const server of this.manager.status().servers) {
      if (server.state !== 'signInRequired' || this.told.has(server.name)) continue;
      this.told.add(server.name);
      void this.tell(server.name);
    }
  }

  private async tell(server: string): Promise<void> {
    const choice = await showWarning(signInNotice(this.signIn.serverOf(server)), 'Sign in');
    if (choice === 'Sign in') await this.signIn.signIn(server);
  }
}
