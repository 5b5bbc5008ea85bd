import * as vscode from 'vscode';
import { acceptHunk, applyReplacement, rejectHunk } from '../../core/review/hunkActions';
import { currentEnd, type Hunk } from '../../core/review/lineHunks';
import { describeRejectedFile, describeRejectedLines } from '../../core/review/rejectionNote';
import { currentText, openDocument } from './currentText';
import type { ReviewedFile } from './conversationReview';
import type { ReviewManager } from './reviewManager';
import { confirmDeleteEditedFile, confirmRestore } from './reviewPrompts';
import { checkReviewWriteTarget } from './reviewWriteTarget';

/** A hunk named so a CodeLens or key press can find it again after the text moved on. */
export function hunkKey(hunk: Hunk): string {
  return `${hunk.baseStart}:${hunk.currentStart}:${hunk.baseLines.length}:${hunk.currentLines.length}`;
}

/** What the user can do with the agent's changes: accept or reject a hunk, a file, everything; restore a checkpoint. */
export class ReviewActions {
  /** The decisions in flight, one after another: a Reject still saving must be recorded before an Accept All clicked right after it. */
  private decisions: Promise<unknown> = Promise.resolve();

  constructor(private readonly manager: ReviewManager) {}

  acceptHunk(path: string, key: string): Promise<boolean> {
    return this.decided(path, 'accepted', () => this.keepHunk(path, key));
  }

  rejectHunk(path: string, key: string): Promise<boolean> {
    return this.decided(path, 'rejected', () => this.restoreHunk(path, key));
  }

  async acceptFile(path: string): Promise<void> {
    await this.decided(path, 'accepted', async () => {
      await this.keepFile(path);
      return true;
    });
  }

  /** Returns `false` when the user chose to keep a created file they had edited. */
  rejectFile(path: string): Promise<boolean> {
    return this.decided(path, 'rejected', () => this.restoreFile(path));
  }

  /** Every file the agent touched: for a file with nothing pending, accepting and rejecting change nothing. */
  async acceptAll(): Promise<void> {
    for (const path of [...this.manager.state.files.keys()]) await this.acceptFile(path);
  }

  async rejectAll(): Promise<void> {
    for (const path of [...this.manager.state.files.keys()]) await this.rejectFile(path);
  }

  /** Rolls the files the agent touched since this user message back to how they were then, after the user confirms. Returns the files restored. */
  async restoreCheckpoint(checkpointId: string): Promise<string[] | undefined> {
    const review = this.manager.state;
    const plan = review.checkpoints.restorePlan(checkpointId);
    if (plan.length === 0) return [];
    const shown = plan.map((entry) => review.files.get(entry.path)?.displayPath ?? vscode.workspace.asRelativePath(entry.path));
    if (!(await confirmRestore(shown))) return undefined;
    // Every file is checked before any is written, so a refused one leaves the others as they were; each again right before its write.
    for (const entry of plan) await checkReviewWriteTarget(entry.path, review.files.get(entry.path), entry.content === null);
    for (const entry of plan) {
      const current = await currentText(entry.path);
      await checkReviewWriteTarget(entry.path, review.files.get(entry.path), entry.content === null);
      if (entry.content === null) {
        if (current !== undefined) await this.manager.writer.delete(entry.path);
      } else if (current === undefined) {
        await this.manager.writer.create(entry.path, entry.content);
      } else if (current !== entry.content) {
        await this.manager.writer.write(entry.path, entry.content);
      }
    }
    review.checkpoints.afterRestore(checkpointId);
    this.manager.addNote(`The user restored ${shown.join(', ')} to how they were before one of their earlier messages, undoing your changes since then. Read the files again before relying on what you changed.`);
    return shown;
  }

  private async keepHunk(path: string, key: string): Promise<boolean> {
    const found = await this.findHunk(path, key);
    const file = this.manager.file(path);
    if (found === undefined || file === undefined) return false;
    file.baseline = acceptHunk(file.baseline ?? '', found.hunk);
    this.manager.notify();
    return true;
  }

  private async restoreHunk(path: string, key: string): Promise<boolean> {
    const found = await this.findHunk(path, key);
    const file = this.manager.file(path);
    if (found === undefined || file === undefined) return false;
    const replacement = rejectHunk(found.text, found.hunk);
    await checkReviewWriteTarget(path, file);
    await this.manager.writer.write(path, applyReplacement(found.text, replacement));
    const firstLine = found.hunk.currentStart + 1;
    const lastLine = Math.max(firstLine, currentEnd(found.hunk));
    if (file.fromEarlierChat !== true) this.manager.addNote(describeRejectedLines(file.displayPath, [{ startLine: firstLine, endLine: lastLine }]));
    return true;
  }

  private async keepFile(path: string): Promise<void> {
    const file = this.manager.file(path);
    if (file === undefined) return;
    file.baseline = (await currentText(path)) ?? null;
    this.manager.notify();
  }

  private async restoreFile(path: string): Promise<boolean> {
    const file = this.manager.file(path);
    if (file === undefined) return true;
    const current = await currentText(path);
    await checkReviewWriteTarget(path, file, file.baseline === null);
    if (file.baseline === null) {
      if (current === undefined) return true;
      if (current !== file.agentText && !(await confirmDeleteEditedFile(file.displayPath))) return false;
      await this.manager.writer.delete(path);
      this.noteRejected(file, 'created');
    } else if (current === undefined) {
      await this.manager.writer.create(path, file.baseline);
      this.noteRejected(file, 'deleted');
    } else if (current !== file.baseline) {
      await this.manager.writer.write(path, file.baseline);
      this.noteRejected(file, 'modified');
    }
    this.manager.notify();
    return true;
  }

  private noteRejected(file: ReviewedFile, change: Parameters<typeof describeRejectedFile>[1]): void {
    if (file.fromEarlierChat !== true) this.manager.addNote(describeRejectedFile(file.displayPath, change));
  }

  /** Runs a decision on pending changes and records it (`act` returns whether it was carried out), so the chat can show how they were decided. */
  private decided(path: string, decision: 'accepted' | 'rejected', act: () => Promise<boolean>): Promise<boolean> {
    const run = async (): Promise<boolean> => {
      const wasPending = await this.manager.hasPendingChanges(path);
      const done = await act();
      if (wasPending && done) await this.manager.recordDecision(path, decision);
      return done;
    };
    const result = this.decisions.then(run, run);
    this.decisions = result;
    return result;
  }

  private async findHunk(path: string, key: string): Promise<{ hunk: Hunk; text: string } | undefined> {
    const document = openDocument(path) ?? (await vscode.workspace.openTextDocument(vscode.Uri.file(path)));
    const hunk = this.manager.hunksOf(document).find((candidate) => hunkKey(candidate) === key);
    return hunk === undefined ? undefined : { hunk, text: document.getText() };
  }
}
