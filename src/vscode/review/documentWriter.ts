import * as vscode from 'vscode';
import { withLineEnding } from '../../core/tools/builtin/textFile';
import { currentText, fileExists, openDocument } from './currentText';
import type { Hunk } from '../../core/review/lineHunks';
import { hunkReplacements } from './hunkReplacements';

export interface WriteResult {
  /** `false` when the document had unsaved changes of the user's: the text is in the editor only, never saved over their work. */
  savedToDisk: boolean;
}

/** What an agent's change reports on its way into the file, in order. */
export interface ChangeSteps {
  /**
   * The file holds the text the change was made from: runs right before it is changed, to record the change.
   * For a document's change, `current` is its text and `wanted` what it will hold; the line differences between
   * the two, when the caller works them out (for review), shape the edit.
   */
  checked(current?: string, wanted?: string): readonly Hunk[] | undefined;
  /**
   * The change is in place, not yet saved (review can show it while it saves). `version`: the version of the
   * document whose change event carried it; `undefined` when none did (a file created or deleted, or nothing to change).
   */
  written(version: number | undefined): void;
}

/**
 * Changes files the way the user's own edits would: through `WorkspaceEdit` on the document,
 * then saved, so undo, language servers and the terminal all see the same text. Remembers
 * what each of its edits leaves so that the change tracker can tell them from the user's.
 * The only place that changes a document.
 */
export class DocumentWriter {
  private readonly expected = new Map<string, string[]>();

  /** Whether this change event, after which the document holds `text`, is one of ours (consumes the expectation). */
  isOwnChange(document: vscode.TextDocument, text: string): boolean {
    const key = document.uri.toString();
    const texts = this.expected.get(key);
    if (texts === undefined) return false;
    const index = texts.indexOf(text);
    if (index === -1) return false;
    texts.splice(0, index + 1);
    if (texts.length === 0) this.expected.delete(key);
    return true;
  }

  /**
   * The agent's change of `path` from `before` to `after` (`undefined`: no file), or `stale` when the file
   * holds something else by now (the user's typing): then nothing is changed. The file is read once, and
   * nothing waits between that read and the edit.
   */
  async change(path: string, before: string | undefined, after: string | undefined, steps: ChangeSteps): Promise<WriteResult | 'stale'> {
    const open = openDocument(path);
    if (before === undefined) {
      if (open !== undefined || (await fileExists(path))) return 'stale';
      steps.checked();
      if (after !== undefined) await this.create(path, after);
      steps.written(undefined);
      return { savedToDisk: true };
    }
    // A binary file being deleted cannot be opened as a document.
    const document = open ?? (after === undefined ? undefined : await openExisting(path));
    const current = document === undefined ? await currentText(path) : document.getText();
    if (current === undefined || !holds(current, before, document)) return 'stale';
    if (after === undefined) {
      steps.checked();
      await this.delete(path);
      steps.written(undefined);
      return { savedToDisk: true };
    }
    return this.replace(document as vscode.TextDocument, current, after, steps);
  }

  /**
   * Replaces the file's text (creating the file when missing) with as small an edit as possible.
   * `beforeSave` runs once the text is in the document, so review can show it while it saves.
   */
  async write(path: string, text: string, beforeSave: () => void = () => undefined): Promise<WriteResult> {
    const open = openDocument(path);
    if (open === undefined && !(await fileExists(path))) {
      await this.create(path, text);
      beforeSave();
      return { savedToDisk: true };
    }
    const document = open ?? (await vscode.workspace.openTextDocument(vscode.Uri.file(path)));
    return this.replace(document, document.getText(), text, { checked: () => undefined, written: beforeSave });
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

  /** `current`: the document's text, read by the caller right before. */
  private async replace(document: vscode.TextDocument, current: string, text: string, steps: ChangeSteps): Promise<WriteResult> {
    const { uri } = document;
    const wasDirty = document.isDirty;
    const wanted = inDocumentLineEnding(text, document);
    if (current === wanted) {
      steps.checked();
      steps.written(undefined);
      return { savedToDisk: !wasDirty };
    }
    const replacements = hunkReplacements(current, wanted, steps.checked(current, wanted));
    const edit = new vscode.WorkspaceEdit();
    for (const replacement of replacements) {
      const range = new vscode.Range(document.positionAt(replacement.start), document.positionAt(replacement.end));
      edit.replace(uri, range, replacement.text, { label: 'Elbow: edit file', needsConfirmation: false });
    }
    this.expect(uri, wanted);
    if (!(await vscode.workspace.applyEdit(edit))) {
      this.forget(uri, wanted);
      throw new Error(`VS Code refused the edit to ${uri.fsPath}.`);
    }
    steps.written(document.version);
    if (wasDirty) return { savedToDisk: false };
    if (document.isDirty && !(await document.save())) throw new Error(`VS Code could not save ${uri.fsPath}.`);
    return { savedToDisk: true };
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

async function openExisting(path: string): Promise<vscode.TextDocument | undefined> {
  return (await fileExists(path)) ? vscode.workspace.openTextDocument(vscode.Uri.file(path)) : undefined;
}

/** A document holds its file's text with one line ending throughout: a file of mixed endings is the same text in it. */
function holds(current: string, before: string, document: vscode.TextDocument | undefined): boolean {
  return current === before || (document !== undefined && current === inDocumentLineEnding(before, document));
}

/** Converted only when needed: most texts already have the document's line ending, and a 10 MB replace is not free. */
function inDocumentLineEnding(text: string, document: vscode.TextDocument): string {
  if (document.eol === vscode.EndOfLine.LF) return text.includes('\r\n') ? withLineEnding(text, '\n') : text;
  return withLineEnding(text, '\r\n');
}
