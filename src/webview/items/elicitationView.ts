import { mcpFormSecretsNote, mcpQuestionAsker } from '../../format/mcpQuestionWords';
import type { Elicitation, ElicitationInput } from '../../protocol/elicitation';
import { codicon, h } from '../dom';
import type { ExtensionLink } from '../vscodeApi';
import { isTyping } from './approvalView';
import { ElicitationFieldInput } from './elicitationFieldInput';
import { actionButton } from './reasonPrompt';

const outcomes: Readonly<Record<Exclude<Elicitation['state'], 'pending'>, { icon: string; text: string }>> = {
  accepted: { icon: 'check', text: 'Answered' },
  declined: { icon: 'close', text: 'Declined' },
  cancelled: { icon: 'circle-slash', text: 'Cancelled' },
};

/**
 * An MCP server's question inside the card of its call: who asks, its message and the form built
 * from its schema, or the page it wants opened (its origin in full, never a link), with Accept (or
 * Open in browser), Decline and Cancel. Everything the server wrote is shown as plain text.
 */
export class ElicitationView {
  readonly element: HTMLDivElement;
  private readonly asker = h('div', { className: 'elicitation-asker' });
  private readonly message = h('div', { className: 'elicitation-message' });
  private readonly secrets = h('div', { className: 'elicitation-secrets', text: mcpFormSecretsNote, hidden: true });
  private readonly body = h('div', { className: 'elicitation-body' });
  private readonly accept = actionButton('elicitation-accept primary-button', 'check', 'Accept', 'Send these answers to the server');
  private readonly decline = actionButton('elicitation-decline secondary-button', 'close', 'Decline', 'Tell the server you decline');
  private readonly cancel = actionButton('elicitation-cancel secondary-button', 'circle-slash', 'Cancel', 'Dismiss the question without answering');
  private readonly actions = h('div', { className: 'elicitation-actions' }, [this.accept, this.decline, this.cancel]);
  private readonly outcome = h('div', { className: 'elicitation-outcome', hidden: true, attributes: { tabindex: '-1' } });
  private readonly announcer = h('div', { className: 'visually-hidden', attributes: { 'aria-live': 'polite' } });
  private fields: ElicitationFieldInput[] = [];
  private question: string | undefined;
  private pending = false;

  constructor(private readonly itemId: string, private readonly extension: ExtensionLink) {
    this.element = h('div', { className: 'elicitation', hidden: true, attributes: { role: 'group', 'aria-label': 'A question from an MCP server', tabindex: '-1' } }, [
      this.asker, this.message, this.secrets, this.body, this.actions, this.outcome, this.announcer,
    ]);
    this.accept.addEventListener('click', () => this.answer('accept'));
    this.decline.addEventListener('click', () => this.answer('decline'));
    this.cancel.addEventListener('click', () => this.answer('cancel'));
    this.body.addEventListener('keydown', (event) => {
      if (event.key === 'Enter' && event.target instanceof HTMLInputElement && event.target.type !== 'checkbox') {
        event.preventDefault();
        this.answer('accept');
      }
    });
  }

  update(elicitation: Elicitation | undefined): void {
    const wasPending = this.pending;
    this.element.hidden = elicitation === undefined;
    if (elicitation === undefined) return;
    this.pending = elicitation.state === 'pending';
    this.element.dataset.state = elicitation.state;
    this.element.dataset.mode = elicitation.mode;
    this.asker.replaceChildren(codicon('question', 'elicitation-icon'), h('span', { text: mcpQuestionAsker(elicitation.server, elicitation.source) }));
    this.message.textContent = elicitation.message;
    const arrived = this.pending && elicitation.question !== this.question;
    if (elicitation.question !== this.question || !this.pending) this.render(elicitation);
    if (arrived) this.arrived(elicitation);
    this.question = elicitation.question;
    const answered = this.element.getAttribute('aria-busy') === 'true';
    this.setBusy(false);
    for (const field of this.fields) field.showProblem(elicitation.errors?.[field.name]);
    // After an Accept that did not pass, the keyboard lands on the first field to fix.
    if (answered && this.pending) this.fields.find((field) => elicitation.errors?.[field.name] !== undefined)?.focus();
    this.actions.hidden = !this.pending;
    // A page of its own is where one signs in; a form in the chat never is.
    this.secrets.hidden = !this.pending || elicitation.mode !== 'form';
    this.outcome.hidden = this.pending;
    if (this.pending) return;
    const shown = outcomes[elicitation.state as keyof typeof outcomes];
    this.outcome.replaceChildren(codicon(shown.icon, 'elicitation-outcome-icon'), h('span', { text: shown.text }));
    if (wasPending && (document.activeElement === document.body || this.element.contains(document.activeElement))) this.outcome.focus({ preventScroll: true });
  }

  private render(elicitation: Elicitation): void {
    this.fields = [];
    if (elicitation.state !== 'pending') {
      this.body.replaceChildren();
      return;
    }
    if (elicitation.mode === 'url') {
      this.accept.querySelector('.button-text')?.replaceChildren('Open in browser');
      this.accept.title = `Open ${elicitation.origin ?? 'the page'} in your browser`;
      this.body.replaceChildren(
        h('div', { className: 'elicitation-origin' }, ['Opens a page of ', h('strong', { text: elicitation.origin ?? '' })]),
        h('div', { className: 'elicitation-url', text: elicitation.url ?? '' }),
      );
      return;
    }
    const formId = `elicitation-${this.itemId}-${elicitation.question ?? ''}`;
    const given: Readonly<Record<string, ElicitationInput>> = elicitation.values ?? {};
    this.accept.querySelector('.button-text')?.replaceChildren('Accept');
    this.accept.title = 'Send these answers to the server';
    this.fields = (elicitation.fields ?? []).map((field) => new ElicitationFieldInput(field, formId, given[field.name]));
    const required = (elicitation.fields ?? []).some((field) => field.required);
    this.body.replaceChildren(...this.fields.map((field) => field.element), ...(required ? [h('div', { className: 'elicitation-note', text: '* required' })] : []));
  }

  /** As a permission question: announced, and the keyboard lands on the question itself unless the user is typing somewhere. */
  private arrived(elicitation: Elicitation): void {
    // After the element is in the document: a view's first update runs before the list inserts it.
    requestAnimationFrame(() => {
      if (!this.pending || this.accept.disabled) return;
      this.announcer.textContent = mcpQuestionAsker(elicitation.server, elicitation.source);
      if (!isTyping(document.activeElement) && this.element.checkVisibility()) this.element.focus({ preventScroll: true });
    });
  }

  private answer(action: 'accept' | 'decline' | 'cancel'): void {
    const question = this.question;
    if (!this.pending || question === undefined || this.accept.disabled) return;
    const values: Record<string, ElicitationInput> = {};
    for (const field of this.fields) {
      const value = field.value;
      if (value !== undefined) values[field.name] = value;
    }
    this.extension.post({ type: 'answerElicitation', itemId: this.itemId, question, action, ...(action === 'accept' && this.fields.length > 0 ? { values } : {}) });
    this.setBusy(true);
  }

  private setBusy(busy: boolean): void {
    for (const button of [this.accept, this.decline, this.cancel]) button.disabled = busy;
    for (const field of this.fields) field.setDisabled(busy);
    if (busy) this.element.setAttribute('aria-busy', 'true');
    else this.element.removeAttribute('aria-busy');
  }
}
