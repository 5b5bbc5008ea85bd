import * as vscode from 'vscode';
import { computeHunks, countLines, splitLinesKeepingEnds, type Hunk } from '../../core/review/lineHunks';
import { rebaseUserChanges } from '../../core/review/rebaseUserChange';
import type { ChangedFile } from '../../protocol/chatItems';
import { ConversationReview, type ReviewedFile } from './conversationReview';
import { outcomeOf, type SettledReview } from './reviewOutcome';
import { currentText, openDocument } from './currentText';
import type { DocumentWriter } from './documentWriter';

interface CachedHunks {
  version: number;
  baseline: string | null;
  hunks: Hunk[];
}

/**
 * The review state of the open conversation: which files the agent changed, their baselines,
 * and the hunks between baseline and current text. Keeps baselines in step with the user's own
 * typing, so only the agent's changes show as hunks.
 */
export class ReviewManager implements vscode.Disposable {
  private review = new ConversationReview();
  private readonly changed = new vscode.EventEmitter<void>();
  /** Fires when files, baselines or document texts under review change. */
  readonly onDidChange = this.changed.event;
  private readonly settled = new vscode.EventEmitter<SettledReview>();
  /** Fires when the user has decided every change of a file that was pending, with what they decided. */
  readonly onDidSettle = this.settled.event;
  /** Each reviewed document's text before its next change event: user edits are rebased against it. */
  private readonly lastTexts = new Map<string, string>();
  private readonly cache = new Map<string, CachedHunks>();
  /** Per document, the text the agent's change in flight leaves and its hunks against the baseline, worked out before the edit. */
  private readonly expectedHunks = new Map<string, { text: string; baseline: string; hunks: Hunk[] }>();
  private readonly subscriptions: vscode.Disposable[];

  constructor(readonly writer: DocumentWriter) {
    this.subscriptions = [
      this.changed,
      this.settled,
      vscode.workspace.onDidChangeTextDocument((event) => this.documentChanged(event)),
      vscode.workspace.onDidOpenTextDocument((document) => this.remember(document)),
      vscode.workspace.onDidCloseTextDocument((document) => this.lastTexts.delete(document.uri.toString())),
    ];
  }

  get state(): ConversationReview {
    return this.review;
  }

  /** Shows the review of another conversation (a new one: an empty review). */
  load(review: ConversationReview): void {
    this.review = review;
    this.cache.clear();
    this.lastTexts.clear();
    for (const document of vscode.workspace.textDocuments) this.remember(document);
    this.changed.fire();
  }

  file(path: string): ReviewedFile | undefined {
    return this.review.files.get(path);
  }

  /**
   * Call right before the agent's change lands (`null`: no file): the file's text before it is the checkpoint's
   * snapshot, and its baseline when it has none yet; a change the user approved before it was applied
   * leaves nothing to review, so its result is the baseline.
   */
  recordAgentChange(change: { path: string; displayPath: string; before: string | null; after: string | null; approved: boolean; realPath: string }): void {
    const { path, before, after } = change;
    this.review.checkpoints.recordBeforeChange(path, before);
    const file = this.review.files.get(path);
    if (file === undefined) {
      this.review.files.set(path, { path, displayPath: change.displayPath, baseline: change.approved ? after : before, agentText: after, realPath: change.realPath });
      return;
    }
    delete file.fromEarlierChat;
    file.agentText = after;
    if (change.approved) file.baseline = after;
  }

  /** Takes the files with changes still pending out of this conversation's review, for the next one to keep. */
  async takePendingFiles(): Promise<ReviewedFile[]> {
    const taken: ReviewedFile[] = [];
    for (const file of [...this.review.files.values()]) {
      if ((await this.pendingChange(file)) === undefined) continue;
      this.review.files.delete(file.path);
      // Its cards stay in the conversation they belong to.
      taken.push({ path: file.path, displayPath: file.displayPath, baseline: file.baseline, agentText: file.agentText, fromEarlierChat: true, realPath: file.realPath });
    }
    if (taken.length > 0) this.changed.fire();
    return taken;
  }

  /** Files whose changes an earlier conversation left pending: they stay under review in this one. */
  keepPendingFiles(files: readonly ReviewedFile[]): void {
    if (files.length === 0) return;
    for (const file of files) this.review.files.set(file.path, file);
    for (const document of vscode.workspace.textDocuments) this.remember(document);
    this.changed.fire();
  }

  /**
   * The agent's change is about to turn the document's `current` text into `wanted`. When the file's review
   * begins with it (its baseline is `current`), the hunks review shows are the change's own: worked out once
   * here, they shape the edit and are kept for the version the edit produces.
   */
  expectAgentText(path: string, current: string, wanted: string): Hunk[] | undefined {
    const file = this.review.files.get(path);
    if (file?.baseline !== current) return undefined;
    const hunks = computeHunks(current, wanted);
    this.expectedHunks.set(vscode.Uri.file(path).toString(), { text: wanted, baseline: current, hunks });
    return hunks;
  }

  /** The chat's card `cardId` shows a change to the file that waits for review: it is told what the user decided. */
  awaitReview(path: string, cardId: string): void {
    const file = this.review.files.get(path);
    if (file !== undefined && !(file.waitingCards ?? []).includes(cardId)) file.waitingCards = [...(file.waitingCards ?? []), cardId];
  }

  /** Baseline moved (accept), files rolled back, or a file created or deleted (no document told): hunks must be recomputed. */
  notify(): void {
    this.changed.fire();
  }

  addNote(note: string): void {
    this.review.notes.push(note);
    this.changed.fire();
  }

  takeNotes(): string[] {
    return this.review.notes.splice(0);
  }

  /** The agent's pending hunks in an open document (none when it is not under review). */
  hunksOf(document: vscode.TextDocument): Hunk[] {
    const file = this.review.files.get(document.uri.fsPath);
    if (document.uri.scheme !== 'file' || file === undefined) return [];
    const key = document.uri.toString();
    const cached = this.cache.get(key);
    if (cached?.version === document.version && cached.baseline === file.baseline) return cached.hunks;
    const hunks = computeHunks(file.baseline ?? '', document.getText());
    this.cache.set(key, { version: document.version, baseline: file.baseline, hunks });
    return hunks;
  }

  /** Files with changes still pending review, for the Changes list. */
  async changedFiles(): Promise<ChangedFile[]> {
    const files: ChangedFile[] = [];
    for (const file of this.review.files.values()) {
      const pending = await this.pendingChange(file);
      if (pending !== undefined) files.push(pending);
    }
    return files.sort((first, second) => first.path.localeCompare(second.path));
  }

  async hasPendingChanges(path: string): Promise<boolean> {
    const file = this.review.files.get(path);
    return file !== undefined && (await this.pendingChange(file)) !== undefined;
  }

  /** The user accepted or rejected some of the file's pending changes; once none are left, the outcome is settled. */
  async recordDecision(path: string, decision: 'accepted' | 'rejected'): Promise<void> {
    const file = this.review.files.get(path);
    if (file === undefined) return;
    const decisions = { accepted: decision === 'accepted' || file.decisions?.accepted === true, rejected: decision === 'rejected' || file.decisions?.rejected === true };
    if (await this.hasPendingChanges(path)) {
      file.decisions = decisions;
      return;
    }
    const cardIds = file.waitingCards ?? [];
    delete file.decisions;
    delete file.waitingCards;
    this.settled.fire({ path, outcome: outcomeOf(decisions), cardIds });
    this.changed.fire();
  }

  dispose(): void {
    for (const subscription of this.subscriptions) subscription.dispose();
  }

  private async pendingChange(file: ReviewedFile): Promise<ChangedFile | undefined> {
    const current = await currentText(file.path).catch(() => undefined);
    if (current === undefined && file.baseline === null) return undefined;
    const uri = vscode.Uri.file(file.path).toString();
    if (current === undefined) return { uri, path: file.displayPath, status: 'deleted', added: 0, removed: splitLinesKeepingEnds(file.baseline ?? '').length };
    const document = openDocument(file.path);
    const hunks = document !== undefined ? this.hunksOf(document) : computeHunks(file.baseline ?? '', current);
    if (file.baseline !== null && hunks.length === 0) return undefined;
    const { added, removed } = countLines(hunks);
    return { uri, path: file.displayPath, status: file.baseline === null ? 'created' : 'modified', added, removed };
  }

  private remember(document: vscode.TextDocument): void {
    if (this.review.files.has(document.uri.fsPath) && document.uri.scheme === 'file') this.lastTexts.set(document.uri.toString(), document.getText());
  }

  private documentChanged(event: vscode.TextDocumentChangeEvent): void {
    const document = event.document;
    const file = this.review.files.get(document.uri.fsPath);
    if (document.uri.scheme !== 'file' || file === undefined || event.contentChanges.length === 0) return;
    const key = document.uri.toString();
    const before = this.lastTexts.get(key);
    const text = document.getText();
    this.lastTexts.set(key, text);
    const expected = this.expectedHunks.get(key);
    this.expectedHunks.delete(key);
    if (this.writer.isOwnChange(document, text) || before === undefined) {
      if (expected?.text === text && expected.baseline === file.baseline) this.cache.set(key, { version: document.version, baseline: file.baseline, hunks: expected.hunks });
      this.changed.fire();
      return;
    }
    const changes = event.contentChanges.map((change) => ({ start: change.rangeOffset, end: change.rangeOffset + change.rangeLength, text: change.text }));
    const rebased = rebaseUserChanges(file.baseline ?? '', before, changes);
    if (rebased !== undefined && file.baseline !== null) file.baseline = rebased;
    this.changed.fire();
  }
}
