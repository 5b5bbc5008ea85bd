import * as vscode from 'vscode';
import type { DirectoryEntry, FileStat, HostFileSystem } from '../../core/host/fileSystem';
import { NodeFileSystem } from '../../node/nodeFileSystem';
import { minimalReplacement } from './minimalReplacement';

const utf8Strict = new TextDecoder('utf-8', { fatal: true });
const byteOrderMark = '\uFEFF';

/**
 * Files as the user sees them in VS Code. Reads come from the open document when there is
 * one (unsaved changes included); writes go through `WorkspaceEdit` and are saved, so undo,
 * language servers, terminals and the agent's next step all see the same text.
 *
 * Metadata (stat, listing, real paths) comes from Node: the extension runs where the
 * workspace lives, and `workspace.fs` can neither resolve real paths nor report a dangling
 * symbolic link, which the path checks depend on.
 */
export class VscodeFileSystem implements HostFileSystem {
  private readonly node = new NodeFileSystem();

  stat(path: string): Promise<FileStat | undefined> {
    return this.node.stat(path);
  }

  readDirectory(path: string): Promise<DirectoryEntry[]> {
    return this.node.readDirectory(path);
  }

  realPath(path: string): Promise<string> {
    return this.node.realPath(path);
  }

  async readFile(path: string): Promise<Uint8Array> {
    const document = openDocument(path);
    if (document) return new TextEncoder().encode(document.getText());
    return vscode.workspace.fs.readFile(vscode.Uri.file(path));
  }

  async writeFile(path: string, data: Uint8Array): Promise<void> {
    const uri = vscode.Uri.file(path);
    const text = decodeText(data);
    const existing = await this.node.stat(path);
    if (existing === undefined) {
      const edit = new vscode.WorkspaceEdit();
      edit.createFile(uri, { contents: data, overwrite: false }, { label: 'Elbow: create file', needsConfirmation: false });
      if (!(await vscode.workspace.applyEdit(edit))) throw new Error(`VS Code refused to create ${path}.`);
      const created = openDocument(path);
      if (created?.isDirty === true && !(await created.save())) throw new Error(`VS Code could not save ${path}.`);
      return;
    }
    if (text === undefined) {
      // Not text: no document can hold it, so write the bytes.
      await vscode.workspace.fs.writeFile(uri, data);
      return;
    }
    const document = await vscode.workspace.openTextDocument(uri);
    const current = document.getText();
    const wanted = normaliseLineEndings(text.startsWith(byteOrderMark) ? text.slice(1) : text, document.eol);
    const replacement = minimalReplacement(current, wanted);
    if (replacement !== undefined) {
      const edit = new vscode.WorkspaceEdit();
      const range = new vscode.Range(document.positionAt(replacement.start), document.positionAt(replacement.end));
      edit.replace(uri, range, replacement.text, { label: 'Elbow: edit file', needsConfirmation: false });
      if (!(await vscode.workspace.applyEdit(edit))) throw new Error(`VS Code refused the edit to ${path}.`);
    }
    if (document.isDirty && !(await document.save())) throw new Error(`VS Code could not save ${path}.`);
  }
}

function openDocument(path: string): vscode.TextDocument | undefined {
  const wanted = vscode.Uri.file(path).toString();
  return vscode.workspace.textDocuments.find((document) => document.uri.toString() === wanted && !document.isClosed);
}

function decodeText(data: Uint8Array): string | undefined {
  try {
    return utf8Strict.decode(data);
  } catch {
    return undefined;
  }
}

function normaliseLineEndings(text: string, eol: vscode.EndOfLine): string {
  const unified = text.replace(/\r\n/g, '\n');
  return eol === vscode.EndOfLine.CRLF ? unified.replace(/\n/g, '\r\n') : unified;
}
