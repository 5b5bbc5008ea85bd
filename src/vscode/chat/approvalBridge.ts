import * as vscode from 'vscode';
import type { ApprovalDecision, ApprovalRequest, Approvals } from '../../core/host/approvals';
import type { FromWebview } from '../../protocol/fromWebview';
import type { ToWebview } from '../../protocol/toWebview';
import { approvalOf, decidedApproval, decisionOf, type ApprovalAnswer } from './approvalCard';
import { approvalNotification } from './approvalNotification';
import type { ChatTranscript } from './chatTranscript';
import { PendingQuestions } from './pendingQuestions';

export interface ApprovalBridgeDependencies {
  transcript(): ChatTranscript;
  chatVisible(): boolean;
  post(message: ToWebview): void;
  /** The conversation changed in a way worth saving. */
  changed(): void;
}

/**
 * Permission requests in the chat: each shows in its tool card (Allow / Always allow / where a
 * command runs / Deny with a reason) and waits for the user; a notification says so when the chat
 * is hidden. Also holds the conversation's auto-approve switch.
 */
export class ApprovalBridge implements Approvals, vscode.Disposable {
  private readonly questions = new PendingQuestions<ApprovalAnswer>();
  private autoApproveOn = false;

  constructor(private readonly deps: ApprovalBridgeDependencies) {}

  get autoApprove(): boolean {
    return this.autoApproveOn;
  }

  /** Handles the approval messages from the webview; `false` for any other message. */
  handle(message: FromWebview): boolean {
    if (message.type === 'resolveApproval') {
      this.questions.answer(message.itemId, { decision: message.decision, reason: message.reason });
      return true;
    }
    if (message.type === 'setAutoApprove') {
      this.setAutoApprove(message.enabled);
      return true;
    }
    return false;
  }

  setAutoApprove(enabled: boolean): void {
    this.autoApproveOn = enabled;
    this.deps.post({ type: 'autoApprove', enabled });
  }

  postState(): void {
    this.deps.post({ type: 'autoApprove', enabled: this.autoApproveOn });
  }

  /** Another conversation opens: auto-approve starts off again and open questions are denied. */
  reset(): void {
    this.questions.answerAll({ decision: 'deny', reason: 'The conversation was closed.' });
    this.autoApproveOn = false;
  }

  request(request: ApprovalRequest, signal: AbortSignal): Promise<ApprovalDecision> {
    const transcript = this.deps.transcript();
    const cardId = transcript.cardOf(request.toolCallId);
    if (cardId === undefined) return Promise.resolve({ approved: false, reason: 'The request could not be shown to the user.' });
    if (signal.aborted) return Promise.resolve({ approved: false, reason: 'The user stopped the request.' });
    const approval = approvalOf(request);
    this.postAll(transcript.annotateCard(cardId, { approval }));
    if (!this.deps.chatVisible()) this.notify(cardId, request);
    return this.questions.wait(cardId, signal, { decision: 'deny', reason: 'The user stopped the request.' }).then((answer) => {
      const decision = decisionOf(request, answer);
      this.postAll(this.deps.transcript().annotateCard(cardId, { approval: decidedApproval(request, approval, decision) }));
      this.deps.changed();
      return decision;
    });
  }

  dispose(): void {
    this.questions.answerAll({ decision: 'deny', reason: 'VS Code closed the chat.' });
  }

  private notify(cardId: string, request: ApprovalRequest): void {
    const { message, choices } = approvalNotification(request);
    void vscode.window.showWarningMessage(message, ...choices.map((choice) => choice.label)).then((label) => {
      const answer = choices.find((choice) => choice.label === label)?.answer;
      if (answer === 'showInChat') void vscode.commands.executeCommand('elbow.focusChat');
      else if (answer !== undefined) this.questions.answer(cardId, answer);
    });
  }

  private postAll(messages: readonly ToWebview[]): void {
    for (const message of messages) this.deps.post(message);
  }
}
