import type { Approval } from '../../protocol/chatItems';
import { codicon, h } from '../dom';
import type { Host } from '../vscodeApi';
import { actionButton, ReasonPrompt } from './reasonPrompt';

type Decision = 'allow' | 'alwaysAllow' | 'deny';

const kindIcons: Readonly<Record<Approval['kind'], string>> = {
  command: 'terminal',
  outsideWorkspace: 'folder-opened',
  mcpTool: 'server-environment',
  continue: 'debug-continue',
};

/**
 * A tool call waiting for the user's permission, inside its tool card: what would run (plain text: the command comes
 * from the model), why Elbow asks, then Allow / Always allow / Deny / Deny with reason while pending, or what was decided.
 */
export class ApprovalView {
  readonly element: HTMLDivElement;
  private readonly titleIcon = codicon('terminal', 'approval-title-icon');
  private readonly titleText = h('span', { className: 'approval-title-text' });
  private readonly title = h('div', { className: 'approval-title' }, [this.titleIcon, this.titleText]);
  /** Read by screen readers when a question appears; the visible title is above. */
  private readonly announcer = h('div', { className: 'visually-hidden approval-announce', attributes: { 'aria-live': 'polite' } });
  private readonly command = h('pre', { className: 'approval-command', attributes: { tabindex: '0', 'aria-label': 'Command' } });
  private readonly cwd = h('div', { className: 'approval-cwd' });
  private readonly detail = h('div', { className: 'approval-detail' });
  private readonly argumentsText = h('pre', { className: 'approval-arguments', attributes: { tabindex: '0', 'aria-label': 'Arguments' } });
  private readonly reasons = h('ul', { className: 'approval-reasons', attributes: { 'aria-label': 'Why Elbow asks' } });
  private readonly allow = actionButton('approval-allow primary-button', 'check', 'Allow', 'Allow this once');
  private readonly alwaysText = h('span', { className: 'button-text' });
  private readonly always = h('button', { className: 'approval-always secondary-button', attributes: { type: 'button' } }, [codicon('check-all'), this.alwaysText]);
  private readonly deny = actionButton('approval-deny secondary-button', 'close', 'Deny', 'Deny this');
  private readonly reason: ReasonPrompt;
  private readonly actions: HTMLDivElement;
  private readonly outcome = h('div', { className: 'approval-outcome', hidden: true, attributes: { tabindex: '-1' } });
  private readonly controls: Array<HTMLButtonElement | HTMLTextAreaElement>;
  private pending = false;

  constructor(private readonly itemId: string, private readonly host: Host) {
    const titleId = `approval-title-${itemId}`;
    this.title.id = titleId;
    this.reason = new ReasonPrompt({
      formId: `approval-reason-${itemId}`,
      formClass: 'approval-reason-form',
      actionsClass: 'approval-actions',
      toggle: { className: 'approval-reason-toggle', text: 'Deny with reason…', label: 'Deny this and tell Elbow why' },
      field: { className: 'approval-reason', label: 'Reason for Elbow' },
      send: { className: 'approval-send-reason', text: 'Deny and tell Elbow', label: 'Deny this and send the reason to Elbow' },
    }, (reason) => this.decide('deny', reason));
    this.actions = h('div', { className: 'approval-actions' }, [this.allow, this.always, this.deny, this.reason.toggle]);
    this.controls = [this.allow, this.always, this.deny, ...this.reason.controls];
    this.element = h('div', { className: 'approval', hidden: true, attributes: { role: 'group', 'aria-labelledby': titleId, tabindex: '-1' } }, [
      this.title, this.announcer, this.command, this.cwd, this.detail, this.argumentsText, this.reasons, this.actions, this.reason.form, this.outcome,
    ]);
    this.allow.addEventListener('click', () => this.decide('allow'));
    this.always.addEventListener('click', () => this.decide('alwaysAllow'));
    this.deny.addEventListener('click', () => this.decide('deny'));
  }

  update(approval: Approval | undefined): void {
    const wasPending = this.pending;
    this.pending = approval?.state === 'pending';
    this.element.hidden = approval === undefined;
    this.setBusy(false);
    if (approval === undefined) {
      this.announcer.textContent = '';
      return;
    }
    this.element.dataset.state = approval.state;
    this.element.dataset.kind = approval.kind;
    this.renderQuestion(approval);
    this.actions.hidden = !this.pending;
    this.outcome.hidden = this.pending;
    if (this.pending) {
      if (!wasPending) this.arrived(approval.title);
      return;
    }
    this.announcer.textContent = '';
    this.reason.show(false);
    this.renderOutcome(approval);
    // Keyboard users who just decided keep their place: the focus moves from the buttons that went away to the outcome.
    const focused = document.activeElement;
    if (wasPending && (focused === null || focused === document.body || this.element.contains(focused))) this.outcome.focus({ preventScroll: true });
  }

  private renderQuestion(approval: Approval): void {
    this.titleIcon.className = `codicon codicon-${kindIcons[approval.kind]} approval-title-icon`;
    this.titleText.textContent = approval.title;
    this.command.textContent = approval.command ?? '';
    this.command.hidden = approval.command === undefined;
    this.cwd.textContent = approval.cwd === undefined ? '' : `in ${approval.cwd}`;
    this.cwd.hidden = approval.cwd === undefined;
    this.detail.textContent = approval.detail ?? '';
    this.detail.hidden = approval.detail === undefined;
    this.argumentsText.textContent = approval.arguments ?? '';
    this.argumentsText.hidden = approval.arguments === undefined;
    this.reasons.replaceChildren(...approval.reasons.map((reason) => h('li', { text: reason })));
    this.reasons.hidden = approval.reasons.length === 0;
    this.always.hidden = approval.alwaysAllow.length === 0;
    this.renderAlwaysAllow(approval);
  }

  /** For an MCP tool "Always allow" covers that tool; for a command, the command prefixes it names. */
  private renderAlwaysAllow(approval: Approval): void {
    const names = approval.alwaysAllow;
    if (approval.kind === 'mcpTool') {
      this.alwaysText.replaceChildren('Always allow this tool');
      this.always.title = `Allow now, and from now on run ${names.join(', ')} without asking`;
      return;
    }
    this.alwaysText.replaceChildren('Always allow ', ...names.flatMap((prefix, index) => [...(index === 0 ? [] : [', ']), h('code', { text: prefix })]));
    this.always.title = `Allow now, and from now on run commands starting with ${names.join(', ')} without asking`;
  }

  /** A new question: screen readers hear it, and the keyboard lands on Allow unless the user is typing somewhere. */
  private arrived(title: string): void {
    // After the element is in the document: a view's first update runs before the list inserts it.
    requestAnimationFrame(() => {
      if (!this.pending || this.allow.disabled) return;
      this.announcer.textContent = `Elbow asks: ${title}`;
      if (!isTyping(document.activeElement) && this.allow.checkVisibility()) this.allow.focus({ preventScroll: true });
    });
  }

  private decide(decision: Decision, reason?: string): void {
    if (!this.pending || this.allow.disabled) return;
    const text = reason?.trim() ?? '';
    this.host.post({ type: 'resolveApproval', itemId: this.itemId, decision, ...(text === '' ? {} : { reason: text }) });
    const hadFocus = this.element.contains(document.activeElement);
    this.setBusy(true);
    // The disabled button would drop the focus to the page.
    if (hadFocus) this.element.focus({ preventScroll: true });
  }

  /** Between the decision and the item's update: no second decision. */
  private setBusy(busy: boolean): void {
    for (const control of this.controls) control.disabled = busy;
    if (busy) this.element.setAttribute('aria-busy', 'true');
    else this.element.removeAttribute('aria-busy');
  }

  private renderOutcome(approval: Approval): void {
    const allowed = approval.state === 'allowed';
    const reason = approval.reason?.trim() ?? '';
    const children: (Node | string)[] = [
      codicon(allowed ? 'check' : 'close', 'approval-outcome-icon'),
      h('span', { className: 'approval-outcome-label', text: allowed ? 'Allowed' : 'Denied' }),
    ];
    if (!allowed && reason !== '') children.push(': ', h('span', { className: 'approval-outcome-reason', text: reason }));
    this.outcome.replaceChildren(...children);
    if (reason === '') this.outcome.removeAttribute('title');
    else this.outcome.title = reason;
  }
}

/** Whether the focus is where the user types text, which a new question must not take away. */
function isTyping(element: Element | null): boolean {
  if (element instanceof HTMLTextAreaElement) return true;
  if (element instanceof HTMLInputElement) return !['button', 'checkbox', 'radio', 'submit', 'reset'].includes(element.type);
  return element instanceof HTMLElement && element.isContentEditable;
}
