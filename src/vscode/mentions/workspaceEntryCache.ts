import * as vscode from 'vscode';
import type { AgentHost } from '../../core/host/host';
import { listWorkspaceEntries, type WorkspaceEntry } from '../../core/mentions/workspaceEntries';

/**
 * The workspace's files and folders for the `@` picker, listed once and again only after files were created or
 * deleted or an ignore file changed, so that typing in the picker never walks a big workspace.
 */
export class WorkspaceEntryCache implements vscode.Disposable {
  private entries: Promise<readonly WorkspaceEntry[]> | undefined;
  private listedFor: AgentHost | undefined;
  private readonly watcher = vscode.workspace.createFileSystemWatcher('**/*');
  private readonly subscriptions: vscode.Disposable[];

  constructor(private readonly host: () => Promise<AgentHost>) {
    const stale = (): void => {
      this.entries = undefined;
    };
    this.subscriptions = [
      this.watcher,
      this.watcher.onDidCreate(stale),
      this.watcher.onDidDelete(stale),
      this.watcher.onDidChange((uri) => {
        if (/ignore$/.test(uri.path)) stale();
      }),
    ];
  }

  async current(): Promise<readonly WorkspaceEntry[]> {
    const host = await this.host();
    if (this.entries === undefined || this.listedFor !== host) {
      this.listedFor = host;
      this.entries = listWorkspaceEntries(host.files, host.workspaceRoots);
      // A failed listing is tried again next time rather than kept.
      this.entries.catch(() => {
        this.entries = undefined;
      });
    }
    return this.entries;
  }

  dispose(): void {
    for (const subscription of this.subscriptions) subscription.dispose();
  }
}
