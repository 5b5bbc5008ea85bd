import type { Proposal } from '../../protocol/chatItems';
import { diffLines, type DiffLineKind } from '../diffText';
import { codicon, h } from '../dom';
import type { Host } from '../vscodeApi';

const lineClasses: Readonly<Record<DiffLineKind, string | undefined>> = {
  add: 'diff-add',
  remove: 'diff-remove',
  hunk: 'diff-hunk',
  header: 'diff-header',
  context: undefined,
};

const sendKeys = /Mac|iPhone|iPad/.test(navigator.userAgent) ? '⌘Enter' : 'Ctrl+Enter';

/**
 * An edit waiting for the user's decision, inside its tool card: the diff (plain text: it quotes file contents), then
 * Apply / Reject / Reject with feedback while pending, or what was decided.
 */
export class ProposalView {
  readonly element: HTMLDivElement;
  private readonly diff = h('pre', { className: 'proposal-diff', attributes: { tabindex: '0', 'aria-label': 'Proposed change (unified diff)' } });
  private readonly apply = actionButton('proposal-apply primary-button', 'check', 'Apply', 'Apply this change');
  private readonly reject = actionButton('proposal-reject secondary-button', 'close', 'Reject', 'Reject this change');
  private readonly feedbackToggle = actionButton('proposal-feedback-toggle secondary-button', 'comment', 'Reject with feedback…', 'Reject this change and tell Elbow why');
  private readonly feedback = h('textarea', {
    className: 'proposal-feedback',
    attributes: { rows: '2', placeholder: `What should Elbow do instead? (${sendKeys} to send)`, 'aria-label': `Feedback for Elbow (${sendKeys} to send)` },
  });
  private readonly sendFeedback = actionButton('proposal-send-feedback primary-button', 'send', 'Reject and tell Elbow', 'Reject this change and send the feedback to Elbow');
  private readonly feedbackForm = h('div', { className: 'proposal-feedback-form', hidden: true }, [this.feedback, h('div', { className: 'proposal-actions' }, [this.sendFeedback])]);
  private readonly actions = h('div', { className: 'proposal-actions' }, [this.apply, this.reject, this.feedbackToggle]);
  private readonly status = h('div', { className: 'proposal-status', hidden: true, attributes: { tabindex: '-1' } });
  private readonly controls = [this.apply, this.reject, this.feedbackToggle, this.feedback, this.sendFeedback];
  private renderedDiff: string | undefined;
  private pending = false;

  constructor(private readonly itemId: string, private readonly host: Host) {
    this.element = h('div', { className: 'proposal', hidden: true }, [this.diff, this.actions, this.feedbackForm, this.status]);
    const formId = `proposal-feedback-${itemId}`;
    this.feedbackForm.id = formId;
    this.feedbackToggle.setAttribute('aria-controls', formId);
    this.feedbackToggle.setAttribute('aria-expanded', 'false');
    this.apply.addEventListener('click', () => this.decide('apply'));
    this.reject.addEventListener('click', () => this.decide('reject'));
    this.sendFeedback.addEventListener('click', () => this.decide('reject', this.feedback.value));
    this.feedbackToggle.addEventListener('click', () => this.showFeedback(this.feedbackForm.hidden));
    this.feedback.addEventListener('keydown', (event) => {
      if (event.isComposing) return;
      if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
        event.preventDefault();
        this.decide('reject', this.feedback.value);
      } else if (event.key === 'Escape') {
        event.preventDefault();
        event.stopPropagation();
        this.showFeedback(false);
        this.feedbackToggle.focus();
      }
    });
  }

  update(proposal: Proposal | undefined): void {
    const wasPending = this.pending;
    this.pending = proposal?.state === 'pending';
    this.element.hidden = proposal === undefined;
    this.setBusy(false);
    if (proposal === undefined) return;
    this.element.dataset.state = proposal.state;
    if (proposal.diff !== this.renderedDiff) {
      this.renderedDiff = proposal.diff;
      this.diff.replaceChildren(...diffLines(proposal.diff).map((line) => h('span', { className: lineClasses[line.kind], text: line.text })));
    }
    this.actions.hidden = !this.pending;
    this.status.hidden = this.pending;
    if (this.pending) return;
    this.showFeedback(false);
    this.renderStatus(proposal);
    // Keyboard users who just decided keep their place: the focus moves from the buttons that went away to the outcome.
    const focused = document.activeElement;
    if (wasPending && (focused === null || focused === document.body || this.element.contains(focused))) this.status.focus({ preventScroll: true });
  }

  private decide(decision: 'apply' | 'reject', feedback?: string): void {
    if (!this.pending || this.apply.disabled) return;
    const text = feedback?.trim() ?? '';
    this.host.post({ type: 'resolveProposal', itemId: this.itemId, decision, ...(text === '' ? {} : { feedback: text }) });
    const hadFocus = this.element.contains(document.activeElement);
    this.setBusy(true);
    if (hadFocus) this.diff.focus({ preventScroll: true });
  }

  /** Between the decision and the item's update: no second decision. */
  private setBusy(busy: boolean): void {
    for (const control of this.controls) control.disabled = busy;
    if (busy) this.element.setAttribute('aria-busy', 'true');
    else this.element.removeAttribute('aria-busy');
  }

  private showFeedback(show: boolean): void {
    this.feedbackForm.hidden = !show;
    this.feedbackToggle.setAttribute('aria-expanded', String(show));
    if (show) this.feedback.focus();
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

function actionButton(className: string, icon: string, text: string, label: string): HTMLButtonElement {
  return h('button', { className, attributes: { type: 'button', title: label } }, [codicon(icon), h('span', { className: 'button-text', text })]);
}
