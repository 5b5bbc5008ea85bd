import type { ChatItem, ChatItemOf, CommandRunPlacement, ToolChangedFile, ToolRefusal, ToolStatus } from '../../protocol/chatItems';
import { codicon, h, iconButton } from '../dom';
import type { ExtensionLink } from '../vscodeApi';
import { ApprovalView } from './approvalView';
import { ChangedFileList, shownPath } from './changedFileList';
import { EditReviewMarker } from './editReviewMarker';
import { ElicitationView } from './elicitationView';
import { itemElement, type ItemView } from './itemView';
import { ProposalView } from './proposalView';
import { RefusalNote } from './refusalNote';
import { SubagentView } from './subagentView';
import { shownArguments } from './toolArguments';
import { toolCardTitle } from './toolCardTitle';
import { toolIcon } from './toolIcon';
import { ToolTitleView } from './toolTitleView';

const statusIcons: Readonly<Record<ToolStatus, { icon: string; label: string }>> = {
  running: { icon: 'loading codicon-modifier-spin', label: 'Running' },
  done: { icon: 'check', label: 'Done' },
  error: { icon: 'error', label: 'Failed' },
};

const placementMarkers: Readonly<Record<CommandRunPlacement, { icon: string; text: string; label: string }>> = {
  sandboxed: { icon: 'shield', text: 'sandboxed', label: 'Ran in the sandbox' },
  outsideSandbox: { icon: 'unlock', text: 'outside the sandbox', label: 'Ran outside the sandbox, with your full rights' },
};

const awaitingReview = { icon: 'eye', label: 'Waiting for your review' };
const refusedMarkers: Readonly<Record<ToolRefusal, { icon: string; label: string }>> = {
  planMode: { icon: 'circle-slash', label: 'Not run in plan mode' },
  agent: { icon: 'circle-slash', label: 'Not given to the picked agent' },
};
const awaitingPermission = { icon: 'shield', label: 'Waiting for your permission' };
const awaitingAnswer = { icon: 'question', label: 'Waiting for your answer to the server' };

/**
 * A compact card for one tool call; expands to its arguments and result (plain text: file contents are untrusted).
 * An edit offers "Open diff"; an edit awaiting approval shows its diff and the choices, and a call awaiting the user's
 * permission shows what it would do and the choices; either stays open until decided.
 */
export class ToolItemView implements ItemView {
  readonly element: HTMLDivElement;
  private readonly card = h('details', { className: 'tool-card' });
  private readonly icon = codicon('tools', 'tool-icon');
  private readonly title = new ToolTitleView();
  private readonly status = h('span', { className: 'tool-status', attributes: { role: 'img' } });
  /** Where a command ran; only in the cards of commands. */
  private readonly placementIcon = codicon('shield', 'tool-placement-icon');
  private readonly placementText = h('span', { className: 'tool-placement-text', attributes: { 'aria-hidden': 'true' } });
  private readonly placement = h('span', { className: 'tool-placement', attributes: { role: 'img' } }, [this.placementIcon, this.placementText]);
  private readonly argumentsLabel = h('div', { className: 'tool-section-label', text: 'Arguments' });
  private readonly review = new EditReviewMarker();
  private readonly argumentsText = h('pre', { className: 'tool-arguments' });
  private readonly resultLabel = h('div', { className: 'tool-section-label', text: 'Result' });
  private readonly resultText = h('pre', { className: 'tool-result' });
  private readonly body = h('div', { className: 'tool-body' }, [
    this.argumentsLabel,
    this.argumentsText,
    this.resultLabel,
    this.resultText,
  ]);
  private readonly openDiff: HTMLButtonElement;
  /** Made when the call first carries a proposal: most never do. */
  private proposal: ProposalView | undefined;
  /** Made when the call first asks for permission. */
  private approval: ApprovalView | undefined;
  /** Made when the call's MCP server first asks the user a question. */
  private elicitation: ElicitationView | undefined;
  /** Made when the mode first keeps a call from running. */
  private refusal: RefusalNote | undefined;
  /** Made when a `task` call's child first reports. */
  private subagent: SubagentView | undefined;
  /** Made when the call first changes more than one file: the card's one "Open diff" cannot say which. */
  private files: ChangedFileList | undefined;
  private changedUri: string | undefined;

  constructor(item: ChatItemOf<'tool'>, private readonly extension: ExtensionLink) {
    this.element = itemElement(item);
    this.openDiff = iconButton({
      className: 'tool-open-diff',
      icon: 'diff',
      label: 'Open diff',
      text: 'Open diff',
      onClick: (event) => {
        // The link sits in the card's summary: the click must not also open or close the card.
        event.preventDefault();
        event.stopPropagation();
        if (this.changedUri !== undefined) extension.post({ type: 'openDiff', uri: this.changedUri });
      },
    });
    this.card.append(h('summary', { className: 'tool-summary' }, [this.icon, this.title.element, this.placement, this.review.element, this.status]), this.body);
    this.element.append(this.card);
    this.update(item);
  }

  update(item: ChatItem): boolean {
    if (item.kind !== 'tool') return false;
    // A refusal is the mode working: the card says why instead of showing a failure.
    this.card.dataset.status = item.refusal === undefined ? item.status : 'refused';
    this.card.dataset.tool = item.name;
    this.icon.className = `codicon codicon-${toolIcon(item.toolKind)} tool-icon`;
    const changed = item.changedFiles ?? [];
    const onlyFile = changed.length === 1 ? changed[0] : undefined;
    this.title.show(toolCardTitle(item), onlyFile?.path, item.toolKind === 'command' && item.status !== 'running');
    const pending = item.proposal?.state === 'pending';
    const asking = item.approval?.state === 'pending';
    const questioned = item.elicitation?.state === 'pending';
    const status = item.refusal !== undefined ? refusedMarkers[item.refusal] : item.status !== 'running' ? statusIcons[item.status] : asking ? awaitingPermission : pending ? awaitingReview : questioned ? awaitingAnswer : statusIcons.running;
    this.status.className = `tool-status codicon codicon-${status.icon}`;
    this.status.setAttribute('aria-label', status.label);
    this.status.title = status.label;
    this.renderPlacement(item.placement);
    this.review.update(item.review);
    // The review marker says more than "done" about an edit; a failure still shows.
    this.status.hidden = item.review !== undefined && item.status === 'done';
    if (item.review === undefined) delete this.card.dataset.review;
    else this.card.dataset.review = item.review;
    const shown = shownArguments(item.arguments, item.approval);
    this.argumentsText.textContent = shown ?? '';
    this.argumentsLabel.hidden = shown === undefined;
    this.argumentsText.hidden = shown === undefined;
    const hasResult = item.result !== '';
    this.resultLabel.hidden = !hasResult;
    this.resultText.hidden = !hasResult;
    this.resultText.textContent = item.result;
    this.changedUri = onlyFile?.uri;
    // Only in the cards of calls that changed one file, so that `.tool-open-diff` finds only links that work.
    if (onlyFile === undefined) {
      this.openDiff.remove();
    } else {
      this.openDiff.title = `Open diff of ${shownPath(onlyFile)}`;
      if (this.openDiff.parentElement === null) this.review.element.before(this.openDiff);
    }
    this.renderFiles(changed);
    if (item.subagent !== undefined && this.subagent === undefined) {
      this.subagent = new SubagentView();
      this.card.after(this.subagent.element);
    }
    if (item.subagent !== undefined) this.subagent?.update(item.subagent);
    if (item.proposal !== undefined && this.proposal === undefined) {
      this.proposal = new ProposalView(item.id, this.extension);
      this.body.prepend(this.proposal.element);
    }
    this.proposal?.update(item.proposal);
    if (item.proposal === undefined) delete this.card.dataset.proposal;
    else this.card.dataset.proposal = item.proposal.state;
    if (item.approval !== undefined && this.approval === undefined) {
      this.approval = new ApprovalView(item.id, this.extension);
      this.body.prepend(this.approval.element);
    }
    this.approval?.update(item.approval);
    if (item.approval === undefined) delete this.card.dataset.approval;
    else this.card.dataset.approval = item.approval.state;
    if (item.elicitation !== undefined && this.elicitation === undefined) {
      this.elicitation = new ElicitationView(item.id, this.extension);
      this.body.prepend(this.elicitation.element);
    }
    this.elicitation?.update(item.elicitation);
    if (item.elicitation === undefined) delete this.card.dataset.elicitation;
    else this.card.dataset.elicitation = item.elicitation.state;
    if (item.refusal !== undefined && this.refusal === undefined) {
      this.refusal = new RefusalNote(this.extension);
      this.element.append(this.refusal.element);
    }
    this.refusal?.update(item.refusal);
    if (pending || asking || questioned) this.card.open = true;
    return true;
  }

  private renderFiles(changed: readonly ToolChangedFile[]): void {
    if (changed.length > 1 && this.files === undefined) {
      this.files = new ChangedFileList(this.extension);
      this.card.after(this.files.element);
    }
    if (this.files === undefined) return;
    this.files.element.hidden = changed.length <= 1;
    this.files.update(changed.length > 1 ? changed : []);
  }

  private renderPlacement(placement: CommandRunPlacement | undefined): void {
    this.placement.hidden = placement === undefined;
    if (placement === undefined) return;
    const marker = placementMarkers[placement];
    this.placement.dataset.placement = placement;
    this.placementIcon.className = `codicon codicon-${marker.icon} tool-placement-icon`;
    this.placementText.textContent = marker.text;
    this.placement.setAttribute('aria-label', marker.label);
    this.placement.title = marker.label;
  }
}
