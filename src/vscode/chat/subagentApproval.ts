import type { ApprovalRequest } from '../../core/host/approvals';
import type { Approval } from '../../protocol/chatItems';
import { shown, type ApprovalNotification } from './approvalNotification';

/** The child a permission request comes from, as the core names it on the request. */
export interface ApprovalAsker {
  taskId: string;
  description: string;
  agent: string;
}

/** The subagent that asks, `undefined` for the conversation's own calls. */
export function askingSubagent(request: ApprovalRequest): ApprovalAsker | undefined {
  return (request as ApprovalRequest & { subagent?: ApprovalAsker }).subagent;
}

/** How a child's child is named in the parent's chat: its agent and what it was asked to do, e.g. `explore · Find uses of X`. */
export function subagentName(asker: Pick<ApprovalAsker, 'agent' | 'description'>): string {
  return `${asker.agent} · ${asker.description}`;
}

/** The question as the parent's chat shows it: named by the child that asks. */
export function askedBySubagent(approval: Approval, asker: ApprovalAsker): Approval {
  return { ...approval, title: `${subagentName(asker)} asks: ${approval.title}` };
}

/** The notification shown while the chat is hidden, saying which child asks (its description is the model's words, made inert). */
export function notifiedForSubagent(notification: ApprovalNotification, asker: ApprovalAsker): ApprovalNotification {
  return { ...notification, message: `Subagent ${shown(subagentName(asker))}: ${notification.message}` };
}
