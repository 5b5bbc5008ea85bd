import * as vscode from 'vscode';
import type { ApprovalDecision, ApprovalRequest, Approvals } from '../../core/host/approvals';
import type { ToWebview } from '../../protocol/toWebview';
import { approvalOf, decidedApproval, decisionOf, type ApprovalAnswer } from './approvalCard';
import { approvalNotification } from './approvalNotification';
import type { ChatTranscript } from './chatTranscript';
import { showCardUpdate } from './showCardUpdate';
import { askedBySubagent, askingSubagent, notifiedForSubagent } from './subagentApproval';
import { PendingQuestions } from './pendingQuestions';
import type { ToolCardUpdate } from './toolCardUpdate';
import type { WaitingQuestionCount } from './waitingQuestionCount';
import type { WebviewMessageHandlersFor } from './webviewMessageHandlers';
import { showWarning } from '../notifications';

export interface ApprovalBridgeDependencies {
  /** The open conversation's transcript: questions and answers show on its tool cards. */
  transcript: ChatTranscript;
  chatVisible(): boolean;
  post(message: ToWebview): void;
  /** Counts the questions waiting for the user, for the view's badge. */
  waiting: WaitingQuestionCount;
}

/**
 * Permission requests in the chat: each shows in its tool card (Allow / Always allow / where a
 * command runs / Deny with a reason) and waits for the user; a notification says so when the chat
 * is hidden. Also holds the conversation's auto-approve switch.
 */
export class ApprovalBridge implements Approvals, vscode.Disposable {
  private readonly questions = new PendingQuestions<ApprovalAnswer>();
  private autoApproveOn = false;
  private readonly decided = new vscode.EventEmitter<void>();
  /** Fires when the user answered a request: the conversation changed in a way worth saving. */
  readonly onDidDecide = this.decided.event;

  /** The approval messages from the webview. */
  readonly messageHandlers: WebviewMessageHandlersFor<'resolveApproval' | 'setAutoApprove'> = {
    resolveApproval: (message) => this.questions.answerOnCard(message.itemId, message.question, { decision: message.decision, reason: message.reason }),
    setAutoApprove: (message) => this.setAutoApprove(message.enabled),
  };

  constructor(private readonly deps: ApprovalBridgeDependencies) {}

  get autoApprove(): boolean {
    return this.autoApproveOn;
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
    if (signal.aborted) return Promise.resolve({ approved: false, reason: 'The user stopped the request.' });
    const asker = askingSubagent(request);
    const approval = asker === undefined ? approvalOf(request) : askedBySubagent(approvalOf(request), asker);
    // A child's questions all show on its task's card: one at a time there.
    const line = asker === undefined ? `call:${request.toolCallId}` : `task:${asker.taskId}`;
    return this.deps.waiting.until(this.questions.ask(line, signal, {
      onAbort: { decision: 'deny', reason: 'The user stopped the request.' },
      show: (question) => this.show(asker === undefined
        ? { type: 'approval_asked', toolCallId: request.toolCallId, approval: { ...approval, question } }
        : { type: 'subagent_approval_asked', taskId: asker.taskId, toolCallId: request.toolCallId, approval: { ...approval, question } }),
      unasked: (why) => ({ approved: false, reason: why === 'stopped' ? 'The user stopped the request.' : 'The request could not be shown to the user.' }),
      shown: (_cardId, answer) => {
        if (!this.deps.chatVisible()) this.notify(request, answer);
      },
      decided: (cardId, answer) => {
        const decision = decisionOf(request, answer);
        this.show({ type: 'approval_decided', cardId, approval: decidedApproval(request, approval, decision) });
        this.decided.fire();
        return decision;
      },
    }));
  }

  dispose(): void {
    this.questions.answerAll({ decision: 'deny', reason: 'VS Code closed the chat.' });
    this.decided.dispose();
  }

  /** The notification's buttons answer this request's question only; once it is gone they do nothing. */
  private notify(request: ApprovalRequest, answer: (answer: ApprovalAnswer) => void): void {
    const asker = askingSubagent(request);
    const notification = approvalNotification(request);
    const { message, choices } = asker === undefined ? notification : notifiedForSubagent(notification, asker);
    void showWarning(message, ...choices.map((choice) => choice.label)).then((label) => {
      const chosen = choices.find((choice) => choice.label === label)?.answer;
      if (chosen === 'showInChat') void vscode.commands.executeCommand('elbow.focusChat');
      else if (chosen !== undefined) answer(chosen);
    });
  }

  private show(update: ToolCardUpdate): string | undefined {
    return showCardUpdate(this.deps.transcript, update, (message) => this.deps.post(message));
  }
}
