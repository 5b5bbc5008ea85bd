import * as vscode from 'vscode';

/**
 * A tree whose provider lives in code loaded later: registered at activation so the view never
 * says it has no data provider, and asking for its children loads that code.
 */
export class DeferredTreeProvider<T> implements vscode.TreeDataProvider<T>, vscode.Disposable {
  // eslint-disable-next-line @typescript-eslint/no-invalid-void-type -- the type VS Code's TreeDataProvider declares
  private readonly changed = new vscode.EventEmitter<T | T[] | undefined | null | void>();
  readonly onDidChangeTreeData = this.changed.event;
  private provider: Promise<vscode.TreeDataProvider<T>> | undefined;
  private forwarding: vscode.Disposable | undefined;

  constructor(private readonly load: () => Promise<vscode.TreeDataProvider<T>>) {}

  async getChildren(element?: T): Promise<T[]> {
    return (await (await this.real()).getChildren(element)) ?? [];
  }

  async getTreeItem(element: T): Promise<vscode.TreeItem> {
    return (await this.real()).getTreeItem(element);
  }

  dispose(): void {
    this.forwarding?.dispose();
    this.changed.dispose();
  }

  private real(): Promise<vscode.TreeDataProvider<T>> {
    this.provider ??= this.load().then((provider) => {
      this.forwarding = provider.onDidChangeTreeData?.((change) => this.changed.fire(change));
      return provider;
    });
    return this.provider;
  }
}
