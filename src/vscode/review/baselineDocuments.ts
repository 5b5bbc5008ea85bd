import * as vscode from 'vscode';
import { fileExists } from './currentText';
import type { ReviewManager } from './reviewManager';

export const BASELINE_SCHEME = 'elbow-baseline';

/** Read-only documents holding each file's text from before the agent changed it, for `vscode.diff`. */
export class BaselineDocuments implements vscode.TextDocumentContentProvider, vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<vscode.Uri>();
  readonly onDidChange = this.changed.event;
  private readonly subscription: vscode.Disposable;

  constructor(private readonly manager: ReviewManager) {
    this.subscription = manager.onDidChange(() => {
      for (const document of vscode.workspace.textDocuments) {
        if (document.uri.scheme === BASELINE_SCHEME) this.changed.fire(document.uri);
      }
    });
  }

  /** `query` `empty`: an empty document, the other side of a diff for a file that does not exist. */
  static uriFor(path: string, empty = false): vscode.Uri {
    return vscode.Uri.file(path).with({ scheme: BASELINE_SCHEME, query: empty ? 'empty' : '' });
  }

  provideTextDocumentContent(uri: vscode.Uri): string {
    if (uri.query === 'empty') return '';
    return this.manager.file(uri.fsPath)?.baseline ?? '';
  }

  dispose(): void {
    this.subscription.dispose();
    this.changed.dispose();
  }
}

/** Opens the diff between a file's baseline and its current text. */
export async function openBaselineDiff(manager: ReviewManager, path: string): Promise<void> {
  const file = manager.file(path);
  const name = file?.displayPath ?? vscode.workspace.asRelativePath(path);
  const fileUri = vscode.Uri.file(path);
  const right = (await fileExists(path)) ? fileUri : BaselineDocuments.uriFor(path, true);
  const left = BaselineDocuments.uriFor(path, file?.baseline === null);
  await vscode.commands.executeCommand('vscode.diff', left, right, `${name} (Elbow's changes)`, { preview: true });
}
