import * as vscode from 'vscode';
import type { ApprovalDecision, ApprovalRequest, Approvals } from '../../core/host/approvals';
import type { Approval } from '../../protocol/chatItems';
import type { FromWebview } from '../../protocol/fromWebview';
import type { ToWebview } from '../../protocol/toWebview';
import type { ChatTranscript } from './chatTranscript';
import { PendingQuestions } from './pendingQuestions';

export interface ApprovalBridgeDependencies {
  transcript(): ChatTranscript;
  chatVisible(): boolean;
  post(message: ToWebview): void;
  /** The conversation changed in a way worth saving. */
  changed(): void;
}

type Answer = { decision: 'allow' | 'alwaysAllow' | 'deny'; reason?: string };

/**
 * Permission requests in the chat: each shows in its tool card (Allow / Always allow / Deny
 * with a reason) and waits for the user; a notification says so when the chat is hidden.
 * Also holds the conversation's auto-approve switch.
 */
export class ApprovalBridge implements Approvals, vscode.Disposable {
  private readonly questions = new PendingQuestions<Answer>();
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
    if (!this.deps.chatVisible()) this.notify(cardId, approval);
    return this.questions.wait(cardId, signal, { decision: 'deny', reason: 'The user stopped the request.' }).then((answer) => {
      const reason = answer.reason?.trim() || undefined;
      this.postAll(this.deps.transcript().annotateCard(cardId, { approval: { ...approval, state: answer.decision === 'deny' ? 'denied' : 'allowed', reason } }));
      this.deps.changed();
      return answer.decision === 'deny' ? { approved: false, reason } : { approved: true, alwaysAllow: answer.decision === 'alwaysAllow' };
    });
  }

  dispose(): void {
    this.questions.answerAll({ decision: 'deny', reason: 'VS Code closed the chat.' });
  }

  private notify(cardId: string, approval: Approval): void {
    const what = approval.command !== undefined ? `Elbow wants to run: ${approval.command}` : `Elbow asks: ${approval.title} ${approval.detail ?? ''}`.trim();
    void vscode.window.showWarningMessage(what, 'Allow', 'Deny', 'Show in Chat').then((choice) => {
      if (choice === 'Allow') this.questions.answer(cardId, { decision: 'allow' });
      else if (choice === 'Deny') this.questions.answer(cardId, { decision: 'deny' });
      else if (choice === 'Show in Chat') void vscode.commands.executeCommand('elbow.focusChat');
    });
  }

  private postAll(messages: readonly ToWebview[]): void {
    for (const message of messages) this.deps.post(message);
  }
}

function approvalOf(request: ApprovalRequest): Approval {
  switch (request.kind) {
    case 'command':
      return { kind: 'command', title: 'Run this command?', command: request.command, cwd: request.cwd === '.' ? 'the workspace folder' : request.cwd, reasons: request.reasons, alwaysAllow: request.alwaysAllow, state: 'pending' };
    case 'outsideWorkspace':
      return {
        kind: 'outsideWorkspace',
        title: request.access === 'read' ? 'Read outside the workspace?' : 'Write outside the workspace?',
        detail: request.path,
        reasons: [`${request.toolName} wants to ${request.access} a path outside the workspace folders.`],
        alwaysAllow: [],
        state: 'pending',
      };
    case 'mcpTool':
      return {
        kind: 'mcpTool',
        title: 'Use this MCP tool?',
        detail: `${request.server} › ${request.tool}`,
        arguments: request.arguments,
        reasons: [request.readOnly ? 'The server marks this tool as read-only.' : 'MCP tools ask before they run unless they are always allowed.'],
        alwaysAllow: request.alwaysAllowOffered ? [request.tool] : [],
        state: 'pending',
      };
    case 'continue':
      return { kind: 'continue', title: 'Continue?', detail: request.message, reasons: [], alwaysAllow: [], state: 'pending' };
  }
}
