import * as vscode from 'vscode';
import type { ToWebview } from '../../protocol/toWebview';
import { openBaselineDiff } from '../review/baselineDocuments';
import { fileExists } from '../review/currentText';
import type { ReviewActions } from '../review/reviewActions';
import type { ReviewManager } from '../review/reviewManager';
import type { SettledReview } from '../review/reviewOutcome';
import type { AppliedChange, ChangeCall, ProposalDecision, ProposalGate } from '../review/vscodeFileChanges';
import type { AppliedFileChange } from './cardChangedFiles';
import type { ChatTranscript } from './chatTranscript';
import { showCardUpdate } from './showCardUpdate';
import { PendingQuestions } from './pendingQuestions';
import { callOnCard, type ToolCardUpdate } from './toolCardUpdate';
import type { WaitingQuestionCount } from './waitingQuestionCount';
import type { WebviewMessageHandlersFor } from './webviewMessageHandlers';
import { showInformation } from '../notifications';

export interface ReviewBridgeDependencies {
  manager: ReviewManager;
  actions: ReviewActions;
  /** The open conversation's transcript: proposals and changed files show on its tool cards. */
  transcript: ChatTranscript;
  chatVisible(): boolean;
  post(message: ToWebview): void;
  /** Counts the questions waiting for the user, for the view's badge. */
  waiting: WaitingQuestionCount;
}

type ReviewMessageType = 'openChangedFile' | 'openDiff' | 'acceptFile' | 'rejectFile' | 'acceptAll' | 'rejectAll' | 'resolveProposal';

const postDelayMs = 30;

/** Connects review to the chat: the Changes list, checkpoints, "Open diff" links, and edits awaiting approval. */
export class ReviewBridge implements ProposalGate, vscode.Disposable {
  private readonly questions = new PendingQuestions<ProposalDecision>();
  private postTimer: NodeJS.Timeout | undefined;
  private readonly subscriptions: vscode.Disposable[];

  /** The review messages from the webview. */
  readonly messageHandlers: WebviewMessageHandlersFor<ReviewMessageType> = {
    openChangedFile: (message) => this.openFile(message.uri),
    openDiff: (message) => openBaselineDiff(this.deps.manager, pathOf(message.uri)),
    acceptFile: (message) => this.deps.actions.acceptFile(pathOf(message.uri)),
    rejectFile: (message) => this.deps.actions.rejectFile(pathOf(message.uri)),
    acceptAll: () => this.deps.actions.acceptAll(),
    rejectAll: () => this.deps.actions.rejectAll(),
    resolveProposal: (message) => this.questions.answerOnCard(message.itemId, message.question, { decision: message.decision, feedback: message.feedback }),
  };

  constructor(private readonly deps: ReviewBridgeDependencies) {
    this.subscriptions = [deps.manager.onDidChange(() => this.schedulePost()), deps.manager.onDidSettle((settled) => this.showOutcome(settled))];
  }

  ask(call: ChangeCall, diff: string, signal: AbortSignal): Promise<ProposalDecision> {
    const onCard = callOnCard(call);
    // A child's edits all show on its task's card: one proposal at a time there.
    const line = onCard.taskId === undefined ? `call:${onCard.toolCallId}` : `task:${onCard.taskId}`;
    return this.deps.waiting.until(this.questions.ask<ProposalDecision>(line, signal, {
      onAbort: { decision: 'reject', feedback: 'The user stopped the request.' },
      show: (question) => this.show({ type: 'proposal_asked', ...onCard, diff, question }),
      unasked: (why) => ({ decision: 'reject', feedback: why === 'stopped' ? 'The user stopped the request.' : 'The change could not be shown for approval.' }),
      shown: () => {
        if (!this.deps.chatVisible()) {
          void showInformation('Elbow is waiting for you to approve an edit.', 'Show').then((choice) => {
            if (choice !== undefined) void vscode.commands.executeCommand('elbow.focusChat');
          });
        }
      },
      decided: (cardId, decision) => {
        this.show({ type: 'proposal_decided', cardId, state: decision.decision === 'apply' ? 'applied' : 'rejected', feedback: decision.feedback });
        return decision;
      },
    }));
  }

  applied(change: AppliedChange): void {
    const file: AppliedFileChange = { uri: uriOf(change.path), path: change.displayPath, change: change.change, added: change.added, removed: change.removed };
    if (change.movedTo !== undefined) file.movedTo = uriOf(change.movedTo);
    const cardId = this.show({ type: 'file_changed', ...callOnCard(change), file, review: change.pendingReview ? 'pending' : 'accepted' });
    if (cardId !== undefined && change.pendingReview) this.deps.manager.awaitReview(change.path, cardId);
  }

  putBack(call: ChangeCall, path: string): void {
    this.show({ type: 'file_put_back', ...callOnCard(call), uri: uriOf(path) });
  }

  async postState(): Promise<void> {
    const { manager } = this.deps;
    this.deps.post({ type: 'changes', files: await manager.changedFiles() });
    this.deps.post({ type: 'checkpoints', itemIds: manager.state.checkpoints.checkpointsWithChanges() });
  }

  dispose(): void {
    if (this.postTimer !== undefined) clearTimeout(this.postTimer);
    for (const subscription of this.subscriptions) subscription.dispose();
    this.questions.answerAll({ decision: 'reject', feedback: 'VS Code closed the chat.' });
  }

  private async openFile(uri: string): Promise<void> {
    const path = pathOf(uri);
    const file = this.deps.manager.file(path);
    if (!(await fileExists(path))) {
      // A deleted file: its diff shows what was there.
      if (file !== undefined) await openBaselineDiff(this.deps.manager, path);
      return;
    }
    await vscode.window.showTextDocument(vscode.Uri.file(path), { preview: true });
  }

  /** The cards of the file's changes that were waiting for review show what the user decided. */
  private showOutcome({ path, outcome, cardIds }: SettledReview): void {
    const uri = uriOf(path);
    for (const cardId of cardIds) this.show({ type: 'review_decided', cardId, uri, review: outcome });
  }

  private schedulePost(): void {
    if (this.postTimer !== undefined) return;
    this.postTimer = setTimeout(() => {
      this.postTimer = undefined;
      void this.postState();
    }, postDelayMs);
  }

  private show(update: ToolCardUpdate): string | undefined {
    return showCardUpdate(this.deps.transcript, update, (message) => this.deps.post(message));
  }
}

function uriOf(path: string): string {
  return vscode.Uri.file(path).toString();
}

function pathOf(uri: string): string {
  return vscode.Uri.parse(uri).fsPath;
}
