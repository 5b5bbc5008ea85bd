import type { Approval } from '../../protocol/chatItems';
import type { ApprovalChoice } from '../../protocol/fromWebview';
import { codicon, h } from '../dom';
import type { ExtensionLink } from '../vscodeApi';
import { allowButton, allowedLabel, placementNote } from './approvalPlacement';
import { DiffBlock } from './diffBlock';
import { withInlineCode } from './inlineCode';
import { actionButton, ReasonPrompt } from './reasonPrompt';

const kindIcons: Readonly<Record<Approval['kind'], string>> = {
  command: 'terminal',
  outsideWorkspace: 'folder-opened',
  mcpTool: 'server-environment',
  protectedFile: 'lock',
  webPage: 'globe',
  continue: 'debug-continue',
};

/**
 * A tool call waiting for the user's permission, inside its tool card: what would run or change (plain text: it comes
 * from the model), why Elbow asks and, for a command, where it would run; then the choices while pending (Allow, Always
 * allow, running it outside the sandbox or in it instead, Deny, Deny with reason), or what was decided.
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
  /** The model's reason for running a command outside the sandbox: its own words, as text. */
  private readonly modelReasonText = h('div', { className: 'approval-model-reason-text' });
  private readonly modelReason = h('div', { className: 'approval-model-reason', attributes: { role: 'group', 'aria-label': 'Elbow’s reason for running it outside the sandbox' } }, [
    h('div', { className: 'approval-model-reason-label', text: 'Elbow’s reason' }),
    this.modelReasonText,
  ]);
  private readonly detail = h('div', { className: 'approval-detail' });
  private readonly argumentsText = h('pre', { className: 'approval-arguments', attributes: { tabindex: '0', 'aria-label': 'Arguments' } });
  private readonly diff = new DiffBlock('approval-diff', 'The change (unified diff)');
  private readonly reasons = h('ul', { className: 'approval-reasons', attributes: { 'aria-label': 'Why Elbow asks' } });
  private readonly placementIcon = codicon('shield', 'approval-placement-icon');
  private readonly placementText = h('span', { className: 'approval-placement-text' });
  private readonly placement = h('div', { className: 'approval-placement' }, [this.placementIcon, this.placementText]);
  private readonly allowText = h('span', { className: 'button-text', text: 'Allow' });
  private readonly allow = h('button', { className: 'approval-allow primary-button', attributes: { type: 'button' } }, [codicon('check'), this.allowText]);
  private readonly alwaysText = h('span', { className: 'button-text' });
  private readonly always = h('button', { className: 'approval-always secondary-button', attributes: { type: 'button' } }, [codicon('check-all'), this.alwaysText]);
  private readonly runOutside = actionButton('approval-run-outside secondary-button', 'unlock', 'Run outside the sandbox', 'Run it once outside the sandbox, with your full rights');
  private readonly sandboxInstead = actionButton('approval-sandbox-instead primary-button', 'shield', 'Run in the sandbox instead', 'Run it once in the sandbox instead');
  private readonly deny = actionButton('approval-deny secondary-button', 'close', 'Deny', 'Deny this');
  private readonly reason: ReasonPrompt;
  private readonly actions: HTMLDivElement;
  private readonly outcome = h('div', { className: 'approval-outcome', hidden: true, attributes: { tabindex: '-1' } });
  private readonly controls: Array<HTMLButtonElement | HTMLTextAreaElement>;
  private pending = false;
  /** The id of the question shown, which the answer names. */
  private question: string | undefined;

  constructor(private readonly itemId: string, private readonly extension: ExtensionLink) {
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
    const buttons = [this.allow, this.always, this.runOutside, this.sandboxInstead, this.deny, this.reason.toggle];
    this.actions = h('div', { className: 'approval-actions' }, buttons);
    this.controls = [...buttons, this.reason.field, this.reason.send];
    this.element = h('div', { className: 'approval', hidden: true, attributes: { role: 'group', 'aria-labelledby': titleId, tabindex: '-1' } }, [
      this.title, this.announcer, this.command, this.cwd, this.modelReason, this.detail, this.argumentsText, this.reasons, this.diff.element,
      this.placement, this.actions, this.reason.form, this.outcome,
    ]);
    this.allow.addEventListener('click', () => this.decide('allow'));
    this.always.addEventListener('click', () => this.decide('alwaysAllow'));
    this.runOutside.addEventListener('click', () => this.decide('allowOutsideSandbox'));
    this.sandboxInstead.addEventListener('click', () => this.decide('allowInSandbox'));
    this.deny.addEventListener('click', () => this.decide('deny'));
  }

  update(approval: Approval | undefined): void {
    const wasPending = this.pending;
    this.pending = approval?.state === 'pending';
    this.question = approval?.question;
    this.element.hidden = approval === undefined;
    this.setBusy(false);
    if (approval === undefined) {
      this.announcer.textContent = '';
      return;
    }
    this.element.dataset.state = approval.state;
    this.element.dataset.kind = approval.kind;
    if (approval.placement === undefined) delete this.element.dataset.placement;
    else this.element.dataset.placement = approval.placement.kind;
    this.renderQuestion(approval);
    this.renderChoices(approval);
    this.actions.hidden = !this.pending;
    // Once decided the outcome says what happened; the question above it would read as still open.
    this.title.hidden = !this.pending;
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
    const outsideRequested = approval.placement?.kind === 'outsideRequested';
    this.titleIcon.className = `codicon codicon-${outsideRequested ? 'warning' : kindIcons[approval.kind]} approval-title-icon`;
    this.titleText.textContent = approval.title;
    showText(this.command, approval.command);
    showText(this.cwd, approval.cwd === undefined ? undefined : `in ${approval.cwd}`);
    this.modelReasonText.textContent = approval.placement?.kind === 'outsideRequested' ? approval.placement.reason : '';
    this.modelReason.hidden = !outsideRequested;
    showText(this.detail, approval.detail);
    showText(this.argumentsText, approval.arguments);
    this.diff.element.hidden = approval.diff === undefined;
    if (approval.diff !== undefined) this.diff.show(approval.diff);
    this.reasons.replaceChildren(...approval.reasons.map((reason) => h('li', {}, withInlineCode(reason))));
    this.reasons.hidden = approval.reasons.length === 0;
    const note = placementNote(approval.placement);
    this.placement.hidden = note === undefined;
    this.placementIcon.className = `codicon codicon-${note?.icon ?? 'shield'} approval-placement-icon`;
    this.placementText.textContent = note?.text ?? '';
  }

  /** Which buttons the question offers, and which of them looks primary (which is not where the keyboard lands). */
  private renderChoices(approval: Approval): void {
    const placement = approval.placement?.kind;
    const allow = allowButton(approval);
    this.allowText.textContent = allow.text;
    this.allow.title = allow.title;
    this.allow.className = `approval-allow ${allow.primary ? 'primary-button' : 'secondary-button'}`;
    // Only a command kept in the sandbox may be always allowed.
    this.always.hidden = approval.alwaysAllow.length === 0 || (placement !== undefined && placement !== 'sandbox');
    this.renderAlwaysAllow(approval);
    this.runOutside.hidden = placement !== 'sandbox';
    this.sandboxInstead.hidden = placement !== 'outsideRequested';
  }

  /** For an MCP tool "Always allow" covers that tool; for a command, the command prefixes it names. */
  private renderAlwaysAllow(approval: Approval): void {
    const names = approval.alwaysAllow;
    if (approval.kind === 'mcpTool') {
      this.alwaysText.replaceChildren('Always allow this tool');
      this.always.title = `Allow now, and from now on run ${names.join(', ')} without asking`;
      return;
    }
    if (approval.kind === 'webPage') {
      this.alwaysText.replaceChildren('Always for this domain');
      this.always.title = `Allow now, and from now on read pages of ${names.join(', ')} without asking`;
      return;
    }
    this.alwaysText.replaceChildren('Always allow ', ...names.flatMap((prefix, index) => [...(index === 0 ? [] : [', ']), h('code', { text: prefix })]));
    this.always.title = `Allow now, and from now on run commands starting with ${names.join(', ')} without asking`;
  }

  /**
   * A new question: screen readers hear it, and unless the user is typing somewhere the keyboard lands on the
   * question itself, never on a choice, so that an Enter meant for something else answers nothing; Tab reaches the buttons.
   */
  private arrived(title: string): void {
    // After the element is in the document: a view's first update runs before the list inserts it.
    requestAnimationFrame(() => {
      if (!this.pending || this.allow.disabled) return;
      this.announcer.textContent = `Elbow asks: ${title}`;
      if (!isTyping(document.activeElement) && this.element.checkVisibility()) this.element.focus({ preventScroll: true });
    });
  }

  private decide(decision: ApprovalChoice, reason?: string): void {
    if (!this.pending || this.allow.disabled) return;
    const text = reason?.trim() ?? '';
    const question = this.question;
    this.extension.post({ type: 'resolveApproval', itemId: this.itemId, decision, ...(question === undefined ? {} : { question }), ...(text === '' ? {} : { reason: text }) });
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
      h('span', { className: 'approval-outcome-label', text: allowed ? allowedLabel(approval) : 'Denied' }),
    ];
    if (!allowed && reason !== '') children.push(': ', h('span', { className: 'approval-outcome-reason', text: reason }));
    this.outcome.replaceChildren(...children);
    if (reason === '') this.outcome.removeAttribute('title');
    else this.outcome.title = reason;
  }
}

/** Shows the text in the element, or hides the element when there is none. */
function showText(element: HTMLElement, text: string | undefined): void {
  element.textContent = text ?? '';
  element.hidden = text === undefined;
}

/** Whether the focus is where the user types text, which a new question must not take away. */
export function isTyping(element: Element | null): boolean {
  if (element instanceof HTMLTextAreaElement) return true;
  if (element instanceof HTMLInputElement) return !['button', 'checkbox', 'radio', 'submit', 'reset'].includes(element.type);
  return element instanceof HTMLElement && element.isContentEditable;
}
