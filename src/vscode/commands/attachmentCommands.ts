import * as vscode from 'vscode';
import type { Attachment } from '../../protocol/chatItems';

type NewAttachment = Omit<Attachment, 'id'>;

/** The file a context-menu command was run on: the clicked resource, else the active editor's document. */
export function targetUri(clicked: unknown): vscode.Uri | undefined {
  if (clicked instanceof vscode.Uri) return clicked;
  return vscode.window.activeTextEditor?.document.uri;
}

export function fileAttachment(uri: vscode.Uri): NewAttachment {
  return { kind: 'file', path: displayPath(uri), uri: uri.toString() };
}

/** The active editor's selection (whole lines' numbers, 1-based); `undefined` when nothing is selected. */
export function selectionAttachment(editor: vscode.TextEditor | undefined): NewAttachment | undefined {
  if (editor === undefined || editor.selection.isEmpty) return undefined;
  const { start, end } = editor.selection;
  // A selection ending at column 0 does not include that line.
  const endLine = end.character === 0 && end.line > start.line ? end.line - 1 : end.line;
  return { kind: 'selection', path: displayPath(editor.document.uri), uri: editor.document.uri.toString(), startLine: start.line + 1, endLine: endLine + 1 };
}

/** The attachment's text as the user sees it (unsaved changes included); `undefined` when it cannot be read as text. */
export async function readAttachment(attachment: Attachment): Promise<string | undefined> {
  if (attachment.uri === undefined) return undefined;
  try {
    const document = await vscode.workspace.openTextDocument(vscode.Uri.parse(attachment.uri));
    if (attachment.kind === 'file' || attachment.startLine === undefined) return document.getText();
    const last = Math.min(document.lineCount, attachment.endLine ?? attachment.startLine) - 1;
    return document.getText(new vscode.Range(attachment.startLine - 1, 0, last, document.lineAt(last).text.length));
  } catch {
    return undefined;
  }
}

function displayPath(uri: vscode.Uri): string {
  return vscode.workspace.asRelativePath(uri, (vscode.workspace.workspaceFolders?.length ?? 0) > 1);
}
