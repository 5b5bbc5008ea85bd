import * as vscode from 'vscode';
import { openBaselineDiff } from './baselineDocuments';
import { hunkAtOrAfter, nextHunk, anchorLine } from './hunkLocation';
import { hunkKey, type ReviewActions } from './reviewActions';
import type { ReviewManager } from './reviewManager';
import type { CommandHandlers } from '../commands/commandHandlers';
import { showInformation } from '../notifications';

const pendingContextKey = 'elbow.editorHasPendingChanges';

/** A file URI given by a CodeLens or the chat, else the active editor's file. */
function targetPath(uri: unknown): string | undefined {
  if (uri instanceof vscode.Uri) return uri.fsPath;
  if (typeof uri === 'string') return vscode.Uri.parse(uri).fsPath;
  const document = vscode.window.activeTextEditor?.document;
  return document?.uri.scheme === 'file' ? document.uri.fsPath : undefined;
}

/** The review commands of the palette, CodeLens and keys. */
export function reviewCommands(manager: ReviewManager, actions: ReviewActions): CommandHandlers {
  const hunkCommand = (act: (path: string, key: string) => Promise<boolean>) => async (uri?: unknown, key?: unknown): Promise<void> => {
    const path = targetPath(uri);
    if (path === undefined) return;
    const chosenKey = typeof key === 'string' ? key : keyAtCursor(manager);
    if (chosenKey === undefined || !(await act(path, chosenKey))) {
      void showInformation('That change is no longer pending: the file changed since. Review the current changes.');
    }
  };
  return {
    'elbow.acceptHunk': hunkCommand((path, key) => actions.acceptHunk(path, key)),
    'elbow.rejectHunk': hunkCommand((path, key) => actions.rejectHunk(path, key)),
    'elbow.acceptFile': async (uri?: unknown) => {
      const path = targetPath(uri);
      if (path !== undefined) await actions.acceptFile(path);
    },
    'elbow.rejectFile': async (uri?: unknown) => {
      const path = targetPath(uri);
      if (path !== undefined) await actions.rejectFile(path);
    },
    'elbow.acceptAllChanges': () => actions.acceptAll(),
    'elbow.rejectAllChanges': () => actions.rejectAll(),
    'elbow.openDiff': async (uri?: unknown) => {
      const path = targetPath(uri);
      if (path !== undefined) await openBaselineDiff(manager, path);
    },
    'elbow.nextHunk': () => goToHunk(manager, 1),
    'elbow.previousHunk': () => goToHunk(manager, -1),
  };
}

/** Keeps the context key that enables the review keys in editors with pending changes. */
export function watchPendingChangesContext(manager: ReviewManager): vscode.Disposable[] {
  const updateContext = (): void => {
    const editor = vscode.window.activeTextEditor;
    const pending = editor !== undefined && manager.hunksOf(editor.document).length > 0;
    void vscode.commands.executeCommand('setContext', pendingContextKey, pending);
  };
  return [manager.onDidChange(updateContext), vscode.window.onDidChangeActiveTextEditor(updateContext)];
}

function keyAtCursor(manager: ReviewManager): string | undefined {
  const editor = vscode.window.activeTextEditor;
  if (editor === undefined) return undefined;
  const hunk = hunkAtOrAfter(manager.hunksOf(editor.document), editor.selection.active.line, editor.document);
  return hunk === undefined ? undefined : hunkKey(hunk);
}

function goToHunk(manager: ReviewManager, direction: 1 | -1): void {
  const editor = vscode.window.activeTextEditor;
  if (editor === undefined) return;
  const hunk = nextHunk(manager.hunksOf(editor.document), editor.selection.active.line, editor.document, direction);
  if (hunk === undefined) return;
  const position = new vscode.Position(anchorLine(hunk, editor.document), 0);
  editor.selection = new vscode.Selection(position, position);
  editor.revealRange(new vscode.Range(position, position), vscode.TextEditorRevealType.InCenterIfOutsideViewport);
}
