import * as vscode from 'vscode';
import type { ToWebview } from '../../protocol/toWebview';
import { ConversationReview } from '../review/conversationReview';
import type { ReviewManager } from '../review/reviewManager';
import type { ApprovalBridge } from './approvalBridge';
import type { ChatRun } from './chatRun';
import type { ChatTranscript } from './chatTranscript';
import type { ElicitationBridge } from './elicitationBridge';
import { logAgentEvent } from './logAgentEvent';
import { meterTotalOf } from './meterTotal';
import { postAll } from './postAll';

export interface RunViewDependencies {
  log: vscode.LogOutputChannel;
  post(message: ToWebview): void;
  transcript: ChatTranscript;
  approvals: ApprovalBridge;
  elicitations: ElicitationBridge;
  reviewManager: ReviewManager;
}

/**
 * How the chat follows its run: each reaction a subscriber of its own (the log, the transcript,
 * the totals, the meter, the running state, the approvals and review of another conversation opening).
 */
export function showRunInView(run: ChatRun, deps: RunViewDependencies): Array<{ dispose(): void }> {
  const { post, transcript } = deps;
  const subscribers = [
    run.subscribe((change) => {
      if (change.type === 'event') logAgentEvent(deps.log, change.event, { model: run.model, messages: run.conversation.messages });
      if (change.type === 'failed') deps.log.error(`Could not run the request: ${change.message}`);
    }),
    run.subscribe((change) => {
      if (change.type === 'event') postAll(post, transcript.apply(change.event));
      if (change.type === 'failed') postAll(post, transcript.addError(change.message, true));
      if (change.type === 'switched') transcript.load(run.opened.items);
    }),
    run.subscribe((change) => {
      const total = change.type === 'event' ? meterTotalOf(change.event) : undefined;
      if (total !== undefined) post({ type: 'usage', usage: total.usage, cost: total.cost });
    }),
    run.subscribe((change) => {
      if (change.type === 'event' && change.event.type === 'context' && run.context !== undefined) post({ type: 'context', context: run.context });
    }),
    run.subscribe((change) => {
      if (change.type !== 'running') return;
      post({ type: 'running', running: change.running });
      void vscode.commands.executeCommand('setContext', 'elbow.running', change.running);
    }),
    run.subscribe((change) => {
      if (change.type === 'switched') deps.approvals.reset();
    }),
    run.subscribe((change) => {
      // A server's question belongs to its call: it goes when the run ends or another conversation opens.
      if (change.type === 'switched' || (change.type === 'running' && !change.running)) deps.elicitations.cancelAll();
    }),
    run.subscribe((change) => {
      if (change.type === 'switched') deps.reviewManager.load(ConversationReview.fromJSON(run.opened.review));
    }),
  ];
  return subscribers.map((unsubscribe) => ({ dispose: () => void unsubscribe() }));
}
