import * as vscode from 'vscode';
import { withLineEnding } from '../../core/tools/builtin/textFile';
import { fileExists, openDocument } from './currentText';
import { minimalReplacement } from './minimalReplacement';

export interface WriteResult {
  /** `false` when the document had unsaved changes of the user's: the text is in the editor only, never saved over their work. */
  savedToDisk: boolean;
}

/**
 * Changes files the way the user's own edits would: through `WorkspaceEdit` on the document,
 * then saved, so undo, language servers and the terminal all see the same text. Remembers
 * what each of its edits leaves so that the change tracker can tell them from the user's.
 */
export class DocumentWriter {
  private readonly expected = new Map<string, string[]>();

  /** Whether this change event is one of ours (consumes the expectation). */
  isOwnChange(document: vscode.TextDocument): boolean {
    const key = document.uri.toString();
    const texts = this.expected.get(key);
    if (texts === undefined) return false;
    const index = texts.indexOf(document.getText());
    if (index === -1) return false;
    texts.splice(0, index + 1);
    if (texts.length === 0) this.expected.delete(key);
    return true;
  }

  /**
   * Replaces the file's text (creating the file when missing) with as small an edit as possible.
   * `beforeSave` runs once the text is in the document, so review can show it while it saves.
   */
  async write(path: string, text: string, beforeSave: () => void = () => undefined): Promise<WriteResult> {
    const uri = vscode.Uri.file(path);
    const open = openDocument(path);
    if (open === undefined && !(await fileExists(path))) {
      await this.create(path, text);
      beforeSave();
      return { savedToDisk: true };
    }
    const document = open ?? (await vscode.workspace.openTextDocument(uri));
    const wasDirty = document.isDirty;
    const wanted = withLineEnding(text, document.eol === vscode.EndOfLine.CRLF ? '\r\n' : '\n');
    const replacement = minimalReplacement(document.getText(), wanted);
    if (replacement !== undefined) {
      this.expect(uri, wanted);
      const edit = new vscode.WorkspaceEdit();
      const range = new vscode.Range(document.positionAt(replacement.start), document.positionAt(replacement.end));
      edit.replace(uri, range, replacement.text, { label: 'Elbow: edit file', needsConfirmation: false });
      if (!(await vscode.workspace.applyEdit(edit))) {
        this.forget(uri, wanted);
        throw new Error(`VS Code refused the edit to ${path}.`);
      }
    }
    beforeSave();
    if (wasDirty) return { savedToDisk: false };
    if (document.isDirty && !(await document.save())) throw new Error(`VS Code could not save ${path}.`);
    return { savedToDisk: true };
  }

  async create(path: string, text: string): Promise<void> {
    const uri = vscode.Uri.file(path);
    const edit = new vscode.WorkspaceEdit();
    edit.createFile(uri, { contents: new TextEncoder().encode(text), overwrite: false }, { label: 'Elbow: create file', needsConfirmation: false });
    if (!(await vscode.workspace.applyEdit(edit))) throw new Error(`VS Code refused to create ${path}.`);
    const created = vscode.workspace.textDocuments.find((document) => document.uri.toString() === uri.toString());
    if (created?.isDirty === true && !(await created.save())) throw new Error(`VS Code could not save ${path}.`);
  }

  async delete(path: string): Promise<void> {
    const uri = vscode.Uri.file(path);
    const edit = new vscode.WorkspaceEdit();
    edit.deleteFile(uri, { ignoreIfNotExists: true }, { label: 'Elbow: delete file', needsConfirmation: false });
    if (!(await vscode.workspace.applyEdit(edit))) throw new Error(`VS Code refused to delete ${path}.`);
  }

  private expect(uri: vscode.Uri, text: string): void {
    const key = uri.toString();
    this.expected.set(key, [...(this.expected.get(key) ?? []), text]);
  }

  private forget(uri: vscode.Uri, text: string): void {
    const texts = this.expected.get(uri.toString());
    const index = texts?.lastIndexOf(text) ?? -1;
    if (texts !== undefined && index !== -1) texts.splice(index, 1);
  }
}

