import * as vscode from 'vscode';
import { countLines } from '../../core/review/lineHunks';
import { anchorLine } from './hunkLocation';
import { hunkKey } from './reviewActions';
import type { ReviewManager } from './reviewManager';

/**
 * `Accept | Reject` over each pending hunk, and `Accept File | Reject File | Open Diff` at the top of the file.
 * A hunk on the first line shares its row with the file's lenses, so its own say `Change` to tell them apart.
 */
export class ReviewCodeLens implements vscode.CodeLensProvider, vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<void>();
  readonly onDidChangeCodeLenses = this.changed.event;
  private readonly subscriptions: vscode.Disposable[];

  constructor(private readonly manager: ReviewManager) {
    this.subscriptions = [
      manager.onDidChange(() => this.changed.fire()),
      // An editor coming into view would otherwise show lenses VS Code cached while it was hidden.
      vscode.window.onDidChangeVisibleTextEditors(() => this.changed.fire()),
    ];
  }

  provideCodeLenses(document: vscode.TextDocument): vscode.CodeLens[] {
    const hunks = this.manager.hunksOf(document);
    if (hunks.length === 0) return [];
    const uri = document.uri.toString();
    const top = new vscode.Range(0, 0, 0, 0);
    const { added, removed } = countLines(hunks);
    const lenses = [
      new vscode.CodeLens(top, { title: `$(check) Accept File`, command: 'elbow.acceptFile', arguments: [uri], tooltip: 'Keep all of Elbow\'s changes to this file' }),
      new vscode.CodeLens(top, { title: `$(discard) Reject File`, command: 'elbow.rejectFile', arguments: [uri], tooltip: 'Undo all of Elbow\'s changes to this file' }),
      new vscode.CodeLens(top, { title: `$(diff) Open Diff (+${added} −${removed})`, command: 'elbow.openDiff', arguments: [uri], tooltip: 'Compare with the file before Elbow changed it' }),
    ];
    for (const hunk of hunks) {
      const line = anchorLine(hunk, document);
      const range = new vscode.Range(line, 0, line, 0);
      const key = hunkKey(hunk);
      const noun = line === 0 ? ' Change' : '';
      lenses.push(
        new vscode.CodeLens(range, { title: `$(check) Accept${noun}`, command: 'elbow.acceptHunk', arguments: [uri, key], tooltip: 'Keep this change' }),
        new vscode.CodeLens(range, { title: `$(discard) Reject${noun}`, command: 'elbow.rejectHunk', arguments: [uri, key], tooltip: 'Restore the text from before this change' }),
      );
    }
    return lenses;
  }

  dispose(): void {
    for (const subscription of this.subscriptions) subscription.dispose();
    this.changed.dispose();
  }
}
