import * as vscode from 'vscode';
import type { FromWebview } from '../../protocol/fromWebview';
import type { ToWebview } from '../../protocol/toWebview';
import { openBaselineDiff } from '../review/baselineDocuments';
import { fileExists } from '../review/currentText';
import type { ReviewActions } from '../review/reviewActions';
import type { ReviewManager } from '../review/reviewManager';
import type { AppliedChange, ProposalDecision, ProposalGate } from '../review/vscodeFileChanges';
import type { ChatTranscript } from './chatTranscript';
import { PendingQuestions } from './pendingQuestions';

export interface ReviewBridgeDependencies {
  manager: ReviewManager;
  actions: ReviewActions;
  transcript(): ChatTranscript;
  isRunning(): boolean;
  chatVisible(): boolean;
  post(message: ToWebview): void;
  /** The conversation changed in a way worth saving. */
  changed(): void;
}

const postDelayMs = 30;

/** Connects review to the chat: the Changes list, checkpoints, "Open diff" links, and edits awaiting approval. */
export class ReviewBridge implements ProposalGate, vscode.Disposable {
  private readonly questions = new PendingQuestions<ProposalDecision>();
  private postTimer: NodeJS.Timeout | undefined;
  private readonly subscription: vscode.Disposable;

  constructor(private readonly deps: ReviewBridgeDependencies) {
    this.subscription = deps.manager.onDidChange(() => {
      this.schedulePost();
      deps.changed();
    });
  }

  /** Handles the review messages from the webview; `false` for any other message. */
  async handle(message: FromWebview): Promise<boolean> {
    const { actions, manager } = this.deps;
    switch (message.type) {
      case 'openChangedFile': await this.openFile(message.uri); return true;
      case 'openDiff': await openBaselineDiff(manager, pathOf(message.uri)); return true;
      case 'acceptFile': await actions.acceptFile(pathOf(message.uri)); return true;
      case 'rejectFile': await actions.rejectFile(pathOf(message.uri)); return true;
      case 'acceptAll': await actions.acceptAll(); return true;
      case 'rejectAll': await actions.rejectAll(); return true;
      case 'restoreCheckpoint': await this.restore(message.itemId); return true;
      case 'resolveProposal':
        this.questions.answer(message.itemId, { decision: message.decision, feedback: message.feedback });
        return true;
      default:
        return false;
    }
  }

  ask(toolCallId: string, diff: string, signal: AbortSignal): Promise<ProposalDecision> {
    const transcript = this.deps.transcript();
    const cardId = transcript.cardOf(toolCallId);
    if (cardId === undefined) return Promise.resolve({ decision: 'reject', feedback: 'The change could not be shown for approval.' });
    this.postAll(transcript.annotateCard(cardId, { proposal: { diff, state: 'pending' } }));
    if (!this.deps.chatVisible()) {
      void vscode.window.showInformationMessage('Elbow is waiting for you to approve an edit.', 'Show').then((choice) => {
        if (choice !== undefined) void vscode.commands.executeCommand('elbow.focusChat');
      });
    }
    return this.questions.wait(cardId, signal, { decision: 'reject', feedback: 'The user stopped the request.' }).then((decision) => {
      const card = this.deps.transcript().items.find((item) => item.id === cardId);
      if (card?.kind === 'tool' && card.proposal !== undefined) {
        const state = decision.decision === 'apply' ? 'applied' : 'rejected';
        this.postAll(this.deps.transcript().annotateCard(cardId, { proposal: { ...card.proposal, state, feedback: decision.feedback } }));
      }
      return decision;
    });
  }

  applied(change: AppliedChange): void {
    const uri = vscode.Uri.file(change.path).toString();
    this.postAll(this.deps.transcript().annotateTool(change.toolCallId, { changedFile: { uri, path: change.displayPath } }));
  }

  async postState(): Promise<void> {
    const { manager } = this.deps;
    this.deps.post({ type: 'changes', files: await manager.changedFiles() });
    this.deps.post({ type: 'checkpoints', itemIds: manager.state.checkpoints.checkpointsWithChanges() });
  }

  dispose(): void {
    if (this.postTimer !== undefined) clearTimeout(this.postTimer);
    this.subscription.dispose();
    this.questions.answerAll({ decision: 'reject', feedback: 'VS Code closed the chat.' });
  }

  private async restore(itemId: string): Promise<void> {
    if (this.deps.isRunning()) {
      void vscode.window.showWarningMessage('Elbow is still working. Stop it first, then restore the checkpoint.');
      return;
    }
    const restored = await this.deps.actions.restoreCheckpoint(itemId);
    if (restored === undefined || restored.length === 0) return;
    this.postAll(this.deps.transcript().addNotice(`Restored ${restored.join(', ')} to how ${restored.length === 1 ? 'it was' : 'they were'} at this checkpoint.`));
    this.deps.changed();
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

  private schedulePost(): void {
    if (this.postTimer !== undefined) return;
    this.postTimer = setTimeout(() => {
      this.postTimer = undefined;
      void this.postState();
    }, postDelayMs);
  }

  private postAll(messages: readonly ToWebview[]): void {
    for (const message of messages) this.deps.post(message);
  }
}

function pathOf(uri: string): string {
  return vscode.Uri.parse(uri).fsPath;
}
