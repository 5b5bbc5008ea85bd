import type { ApprovalSubagent } from '../../core/host/approvals';
import type { Approval, ChatItemOf, EditReview } from '../../protocol/chatItems';
import type { Elicitation } from '../../protocol/elicitation';
import { cardReview, withChangedFile, withoutFile, withReviewDecided, type AppliedFileChange } from './cardChangedFiles';
import { withAsking } from './subagentCard';

type ToolItem = ChatItemOf<'tool'>;

/** A call whose card an update is for; `taskId` names the subagent whose call it is: it shows on the card of the `task` that runs the child. */
export interface CallOnCard {
  toolCallId: string;
  taskId?: string;
}

/** How the transcript finds a call's card: a subagent's call by its task too, as its id may equal one of the parent's. */
export function callOnCard(call: { toolCallId: string; subagent?: ApprovalSubagent }): CallOnCard {
  return call.subagent === undefined ? { toolCallId: call.toolCallId } : { toolCallId: call.toolCallId, taskId: call.subagent.taskId };
}

/**
 * Review and approval news for a tool card. The bridges send it to the transcript, which alone
 * changes its cards: one that waits names the call of the run under way, one that answers names
 * the card the question was shown on.
 */
export type ToolCardUpdate =
  | { type: 'approval_asked'; toolCallId: string; approval: Approval }
  /** A subagent's call waits: the question shows on the card of the `task` that runs the child `taskId`. */
  | { type: 'subagent_approval_asked'; taskId: string; toolCallId: string; approval: Approval }
  | { type: 'approval_decided'; cardId: string; approval: Approval }
  /** An edit waits for the user's approval (`beforeApply` review). */
  | ({ type: 'proposal_asked'; diff: string; question?: string } & CallOnCard)
  | { type: 'proposal_decided'; cardId: string; state: 'applied' | 'rejected'; feedback: string | undefined }
  /** The call changed this file; its change waits for review, or was approved before it was applied. */
  | ({ type: 'file_changed'; file: AppliedFileChange; review: 'pending' | 'accepted' } & CallOnCard)
  /** The call put the file back as it was (a later file of it did not land). */
  | ({ type: 'file_put_back'; uri: string } & CallOnCard)
  /** The user decided every change to the file at `uri` that was pending review. */
  | { type: 'review_decided'; cardId: string; uri: string; review: Exclude<EditReview, 'pending'> }
  /** An MCP server's question on the card of its call: asked, shown again with what is wrong, or answered. */
  | { type: 'elicitation_shown'; cardId: string; elicitation: Elicitation };

/** The card once the update is on it; `undefined` when it has nothing to change (an answer to a proposal the card does not show). */
export function updatedCard(card: ToolItem, update: ToolCardUpdate): ToolItem | undefined {
  switch (update.type) {
    case 'approval_asked':
      return { ...card, approval: update.approval };
    case 'subagent_approval_asked':
      return { ...card, approval: update.approval, ...(card.subagent === undefined ? {} : { subagent: withAsking(card.subagent, update.taskId, update.toolCallId) }) };
    case 'approval_decided':
      return { ...card, approval: update.approval, ...(card.subagent === undefined ? {} : { subagent: withAsking(card.subagent, undefined, undefined) }) };
    case 'proposal_asked':
      return { ...card, proposal: { diff: update.diff, state: 'pending', ...(update.question === undefined ? {} : { question: update.question }) }, ...(card.subagent === undefined || update.taskId === undefined ? {} : { subagent: withAsking(card.subagent, update.taskId, update.toolCallId) }) };
    case 'proposal_decided':
      return card.proposal === undefined ? undefined : { ...card, proposal: { diff: card.proposal.diff, state: update.state, feedback: update.feedback }, ...(card.subagent === undefined ? {} : { subagent: withAsking(card.subagent, undefined, undefined) }) };
    case 'file_changed':
      return reviewed(card, withChangedFile(card.changedFiles ?? [], update.file, update.review));
    case 'file_put_back': {
      const { changedFiles, review, ...rest } = card;
      const left = withoutFile(changedFiles ?? [], update.uri);
      return left.length === 0 ? rest : reviewed({ ...rest, ...(review === undefined ? {} : { review }) }, left);
    }
    case 'elicitation_shown':
      return { ...card, elicitation: update.elicitation };
    case 'review_decided':
      // A card saved before cards listed their files has one file and its review on the card only.
      if (card.changedFiles?.every((file) => file.review === undefined) !== false) return { ...card, review: update.review };
      return reviewed(card, withReviewDecided(card.changedFiles, update.uri, update.review));
  }
}

function reviewed(card: ToolItem, changedFiles: NonNullable<ToolItem['changedFiles']>): ToolItem {
  const review = cardReview(changedFiles);
  return review === undefined ? { ...card, changedFiles } : { ...card, changedFiles, review };
}
