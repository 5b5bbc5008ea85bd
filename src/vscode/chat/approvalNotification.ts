import type { ApprovalRequest } from '../../core/host/approvals';
import type { ApprovalAnswer } from './approvalCard';
import { inertInNotification } from '../notificationText';

/** A button of the notification: an answer, or showing the question in the chat. */
export interface NotificationChoice {
  label: string;
  answer: ApprovalAnswer | 'showInChat';
}

export interface ApprovalNotification {
  message: string;
  choices: NotificationChoice[];
}

const maxShownChars = 300;
const showInChat: NotificationChoice = { label: 'Show in Chat', answer: 'showInChat' };
const deny: NotificationChoice = { label: 'Deny', answer: { decision: 'deny' } };

/**
 * The notification shown while the chat is hidden. Its Allow is always the safe choice: a command asked
 * about in the sandbox stays there; running one outside the sandbox, or changing a protected file, is
 * only allowed from the chat, where the model's reason or the diff is shown in full.
 */
export function approvalNotification(request: ApprovalRequest): ApprovalNotification {
  switch (request.kind) {
    case 'command':
      switch (request.placement.kind) {
        case 'sandbox':
          return {
            message: `Elbow wants to run: ${shown(request.command)} (in the sandbox)`,
            choices: [{ label: 'Allow', answer: { decision: 'allow' } }, deny, showInChat],
          };
        case 'outsideRequested':
          return {
            message: `Elbow wants to run outside the sandbox, with your full rights: ${shown(request.command)} — its reason: ${shown(request.placement.reason)}`,
            choices: [{ label: 'Run in Sandbox Instead', answer: { decision: 'allowInSandbox' } }, deny, showInChat],
          };
        case 'noSandbox':
          return {
            message: `Elbow wants to run: ${shown(request.command)} (without a sandbox, with your full rights: ${shown(request.placement.reason)})`,
            choices: [{ label: 'Allow', answer: { decision: 'allow' } }, deny, showInChat],
          };
      }
      break;
    case 'protectedFile':
      return {
        message: `Elbow wants to ${request.action} the protected file ${shown(request.path)}. Review the change in the chat.`,
        choices: [showInChat, deny],
      };
    case 'outsideWorkspace':
      return asks(`${request.access === 'read' ? 'Read' : 'Write'} outside the workspace? ${shown(request.path)}`);
    case 'mcpTool':
      return asks(`Use this MCP tool? ${shown(`${request.server} › ${request.tool}`)}`);
    case 'webPage':
      return asks(`Read this web page? ${shown(request.url)}`);
    case 'continue':
      return asks(`Continue? ${shown(request.message)}`);
  }
}

function asks(question: string): ApprovalNotification {
  return { message: `Elbow asks: ${question}`, choices: [{ label: 'Allow', answer: { decision: 'allow' } }, deny, showInChat] };
}

/** Text from the model or a server, one line, cut short, and never a link. */
export function shown(text: string): string {
  const line = inertInNotification(text.replace(/\s+/g, ' ').trim());
  return line.length > maxShownChars ? `${line.slice(0, maxShownChars - 1)}…` : line;
}
