import type { Proposal } from '../../protocol/chatItems';
import { codicon, h } from '../dom';
import type { ExtensionLink } from '../vscodeApi';
import { DiffBlock } from './diffBlock';
import { actionButton, ReasonPrompt } from './reasonPrompt';

/**
 * An edit waiting for the user's decision, inside its tool card: the diff (plain text: it quotes file contents), then
 * Apply / Reject / Reject with feedback while pending, or what was decided.
 */
export class ProposalView {
  readonly element: HTMLDivElement;
  private readonly diff = new DiffBlock('proposal-diff', 'Proposed change (unified diff)');
  private readonly apply = actionButton('proposal-apply primary-button', 'check', 'Apply', 'Apply this change');
  private readonly reject = actionButton('proposal-reject secondary-button', 'close', 'Reject', 'Reject this change');
  private readonly feedback: ReasonPrompt;
  private readonly actions: HTMLDivElement;
  private readonly status = h('div', { className: 'proposal-status', hidden: true, attributes: { tabindex: '-1' } });
  private readonly controls: Array<HTMLButtonElement | HTMLTextAreaElement>;
  private pending = false;
  /** The id of the question shown, which the answer names. */
  private question: string | undefined;

  constructor(private readonly itemId: string, private readonly extension: ExtensionLink) {
    this.feedback = new ReasonPrompt({
      formId: `proposal-feedback-${itemId}`,
      formClass: 'proposal-feedback-form',
      actionsClass: 'proposal-actions',
      toggle: { className: 'proposal-feedback-toggle', text: 'Reject with feedback…', label: 'Reject this change and tell Elbow why' },
      field: { className: 'proposal-feedback', label: 'Feedback for Elbow' },
      send: { className: 'proposal-send-feedback', text: 'Reject and tell Elbow', label: 'Reject this change and send the feedback to Elbow' },
    }, (feedback) => this.decide('reject', feedback));
    this.actions = h('div', { className: 'proposal-actions' }, [this.apply, this.reject, this.feedback.toggle]);
    this.controls = [this.apply, this.reject, ...this.feedback.controls];
    this.element = h('div', { className: 'proposal', hidden: true, attributes: { role: 'group', 'aria-label': 'Apply this change?', tabindex: '-1' } }, [this.diff.element, this.actions, this.feedback.form, this.status]);
    this.apply.addEventListener('click', () => this.decide('apply'));
    this.reject.addEventListener('click', () => this.decide('reject'));
  }

  update(proposal: Proposal | undefined): void {
    const wasPending = this.pending;
    this.pending = proposal?.state === 'pending';
    this.question = proposal?.question;
    this.element.hidden = proposal === undefined;
    this.setBusy(false);
    if (proposal === undefined) return;
    this.element.dataset.state = proposal.state;
    this.diff.show(proposal.diff);
    this.actions.hidden = !this.pending;
    this.status.hidden = this.pending;
    if (this.pending) return;
    this.feedback.show(false);
    this.renderStatus(proposal);
    // Keyboard users who just decided keep their place: the focus moves from the buttons that went away to the outcome.
    const focused = document.activeElement;
    if (wasPending && (focused === null || focused === document.body || this.element.contains(focused))) this.status.focus({ preventScroll: true });
  }

  private decide(decision: 'apply' | 'reject', feedback?: string): void {
    if (!this.pending || this.apply.disabled) return;
    const text = feedback?.trim() ?? '';
    const question = this.question;
    this.extension.post({ type: 'resolveProposal', itemId: this.itemId, decision, ...(question === undefined ? {} : { question }), ...(text === '' ? {} : { feedback: text }) });
    const hadFocus = this.element.contains(document.activeElement);
    this.setBusy(true);
    if (hadFocus) this.diff.element.focus({ preventScroll: true });
  }

  /** Between the decision and the item's update: no second decision. */
  private setBusy(busy: boolean): void {
    for (const control of this.controls) control.disabled = busy;
    if (busy) this.element.setAttribute('aria-busy', 'true');
    else this.element.removeAttribute('aria-busy');
  }

  private renderStatus(proposal: Proposal): void {
    const applied = proposal.state === 'applied';
    const children: (Node | string)[] = [
      codicon(applied ? 'check' : 'close', 'proposal-status-icon'),
      h('span', { className: 'proposal-status-label', text: applied ? 'Applied' : 'Rejected' }),
    ];
    const feedback = proposal.feedback?.trim() ?? '';
    if (!applied && feedback !== '') children.push(': ', h('span', { className: 'proposal-status-feedback', text: `“${feedback}”` }));
    this.status.replaceChildren(...children);
    if (feedback === '') this.status.removeAttribute('title');
    else this.status.title = feedback;
  }
}
