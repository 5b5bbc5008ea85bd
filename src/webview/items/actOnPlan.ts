import { h } from '../dom';
import type { ExtensionLink } from '../vscodeApi';
import { actionButton } from './reasonPrompt';

const actKeys = /Mac|iPhone|iPad/.test(navigator.userAgent) ? '⌘Enter' : 'Ctrl+Enter';

/** What the offer is placed on: the last reply of a plan-mode run. */
export interface PlanReply {
  readonly element: HTMLElement;
  readonly replyText: string;
}

/**
 * "Act on this plan" under the last reply while the conversation is in plan mode: it opens a box
 * holding the plan to edit; Act (or Ctrl/Cmd+Enter) switches to act mode and sends it; Escape closes it.
 */
export class ActOnPlan {
  private readonly open = actionButton('act-on-plan-open secondary-button', 'play', 'Act on this plan', 'Edit the plan if you like, then switch to act mode and have Elbow carry it out');
  private readonly field = h('textarea', {
    className: 'act-on-plan-text',
    attributes: { rows: '6', 'aria-label': `The plan Elbow carries out (${actKeys} to act)` },
  });
  private readonly act = actionButton('act-on-plan-act primary-button', 'play', 'Act', `Switch to act mode and send this plan (${actKeys})`);
  private readonly cancel = actionButton('act-on-plan-cancel secondary-button', 'close', 'Cancel', 'Close without acting (Escape)');
  private readonly form = h('div', { id: 'act-on-plan-form', className: 'act-on-plan-form', hidden: true }, [
    this.field,
    h('div', { className: 'act-on-plan-actions' }, [this.act, this.cancel]),
  ]);
  readonly element = h('div', { className: 'act-on-plan' }, [this.open, this.form]);
  private planMode = false;
  private reply: PlanReply | undefined;

  constructor(private readonly extension: ExtensionLink) {
    this.open.setAttribute('aria-controls', 'act-on-plan-form');
    this.open.setAttribute('aria-expanded', 'false');
    this.open.addEventListener('click', () => this.show(this.form.hidden));
    this.act.addEventListener('click', () => this.send());
    this.cancel.addEventListener('click', () => this.close());
    this.field.addEventListener('keydown', (event) => {
      if (event.isComposing) return;
      if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
        event.preventDefault();
        this.send();
      } else if (event.key === 'Escape') {
        event.preventDefault();
        event.stopPropagation();
        this.close();
      }
    });
  }

  setPlanMode(enabled: boolean): void {
    this.planMode = enabled;
  }

  /** Offers the plan on this reply (the last one, after a run), or nowhere; an offer the user is editing stays as it is. */
  offerOn(reply: PlanReply | undefined): void {
    const target = this.planMode && reply !== undefined && reply.replyText.trim() !== '' ? reply : undefined;
    if (target === this.reply) return;
    this.reply = target;
    this.show(false);
    if (target === undefined) return this.element.remove();
    target.element.append(this.element);
  }

  private show(show: boolean): void {
    if (show && this.form.hidden) this.field.value = this.reply?.replyText ?? '';
    this.form.hidden = !show;
    this.open.setAttribute('aria-expanded', String(show));
    if (show) this.field.focus();
  }

  private close(): void {
    this.show(false);
    this.open.focus();
  }

  private send(): void {
    const plan = this.field.value;
    if (plan.trim() === '') {
      this.field.focus();
      return;
    }
    this.extension.post({ type: 'actOnPlan', plan });
    this.reply = undefined;
    this.element.remove();
  }
}
