import * as fs from 'node:fs/promises';
import * as vscode from 'vscode';

const byteOrderMark = '\uFEFF';

export function openDocument(path: string): vscode.TextDocument | undefined {
  const wanted = vscode.Uri.file(path).toString();
  return vscode.workspace.textDocuments.find((document) => document.uri.toString() === wanted && !document.isClosed);
}

/** The file's text as the user sees it: the open document's (unsaved changes included), else from disk; `undefined` when it does not exist. */
export async function currentText(path: string): Promise<string | undefined> {
  const document = openDocument(path);
  if (document !== undefined) return document.getText();
  try {
    return decodeText(await vscode.workspace.fs.readFile(vscode.Uri.file(path)));
  } catch (error) {
    if (error instanceof vscode.FileSystemError && error.code === 'FileNotFound') return undefined;
    throw error;
  }
}

/** Node, not `workspace.fs`: the extension runs where the files are, and this saves a round trip to the window. */
export async function fileExists(path: string): Promise<boolean> {
  try {
    await fs.stat(path);
    return true;
  } catch {
    return false;
  }
}

/** UTF-8 without a byte order mark: documents never hold one. */
export function decodeText(bytes: Uint8Array): string {
  const text = new TextDecoder('utf-8').decode(bytes);
  return text.startsWith(byteOrderMark) ? text.slice(1) : text;
}
