import type { ToWebview } from '../../protocol/toWebview';
import { ApprovalBridge } from '../chat/approvalBridge';
import { ChatTranscript } from '../chat/chatTranscript';
import { ElicitationBridge } from '../chat/elicitationBridge';
import { ReviewBridge } from '../chat/reviewBridge';
import type { WaitingQuestionCount } from '../chat/waitingQuestionCount';
import { VscodeFileChanges } from '../review/vscodeFileChanges';
import type { Review } from './buildReview';

export interface ChatBridges {
  /** The open conversation as the user sees it; only it changes its tool cards. */
  transcript: ChatTranscript;
  approvals: ApprovalBridge;
  review: ReviewBridge;
  /** The agent's file changes, for every host of the extension's life: it keeps nothing of a workspace's own. */
  fileChanges: VscodeFileChanges;
  /** The questions waiting for the user, wherever asked: the view's badge. */
  waiting: WaitingQuestionCount;
  /** MCP servers' questions (elicitation), on the cards of their calls. */
  elicitations: ElicitationBridge;
}

/** The transcript, and review and approvals in the chat, which show their questions and news on its tool cards. */
export function buildChatBridges(parts: { review: Review; post(message: ToWebview): void; chatVisible(): boolean; waiting: WaitingQuestionCount; mcpToolNames(server: string): readonly string[]; openExternal(url: string): Promise<unknown> }): ChatBridges {
  const { post, chatVisible, waiting } = parts;
  const transcript = new ChatTranscript();
  const approvals = new ApprovalBridge({ transcript, chatVisible, post, waiting });
  const review = new ReviewBridge({ manager: parts.review.manager, actions: parts.review.actions, transcript, chatVisible, post, waiting });
  const fileChanges = new VscodeFileChanges(parts.review.manager, review, (change) => review.applied(change), (call, path) => review.putBack(call, path));
  const elicitations = new ElicitationBridge({ transcript, chatVisible, post, waiting, toolNamesOf: parts.mcpToolNames, openExternal: parts.openExternal });
  return { transcript, approvals, review, fileChanges, waiting, elicitations };
}
