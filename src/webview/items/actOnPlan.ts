import { h } from '../dom';
import { renderMarkdown } from '../markdown/renderMarkdown';
import { unseenWords } from '../markdown/unseenText';
import type { ExtensionLink } from '../vscodeApi';
import { actionButton } from './reasonPrompt';

const actKeys = /Mac|iPhone|iPad/.test(navigator.userAgent) ? '⌘Enter' : 'Ctrl+Enter';

/** What the offer is placed on: the last reply of a plan-mode run. */
export interface PlanReply {
  readonly element: HTMLElement;
  readonly replyText: string;
}

/**
 * "Act on this plan" under the last reply while the conversation is in plan mode. It opens a box
 * showing the plan rendered as the chat renders it, from its top; Edit turns the box into a text
 * field holding the plan's markdown, again from its top. The plan is the model's text and Act sends it as the user's, so the
 * box writes out every link's address and title, and when any word would still not show rendered (a reference definition),
 * it opens on the markdown, with a note saying why. Act (or Ctrl/Cmd+Enter) switches to act
 * mode and sends the plan as it stands; Escape closes the box.
 */
export class ActOnPlan {
  private readonly open = actionButton('act-on-plan-open secondary-button', 'play', 'Act on this plan', 'See the plan, edit it if you like, then switch to act mode and have Elbow carry it out');
  private readonly preview = h('div', {
    className: 'markdown act-on-plan-preview',
    attributes: { tabindex: '0', role: 'region', 'aria-label': `The plan Elbow carries out (${actKeys} to act)` },
  });
  /** Shown when part of the plan does not show rendered (a link's address, a reference definition): Act sends all of it. */
  private readonly note = h('p', { className: 'act-on-plan-note', hidden: true, attributes: { role: 'note' } });
  private readonly field = h('textarea', {
    className: 'act-on-plan-text',
    hidden: true,
    attributes: { rows: '8', 'aria-label': `The plan Elbow carries out, as markdown (${actKeys} to act)` },
  });
  private readonly act = actionButton('act-on-plan-act primary-button', 'play', 'Act', `Switch to act mode and send this plan (${actKeys})`);
  private readonly edit = actionButton('act-on-plan-edit secondary-button', 'edit', 'Edit', 'Edit the plan before acting');
  private readonly cancel = actionButton('act-on-plan-cancel secondary-button', 'close', 'Cancel', 'Close without acting (Escape)');
  private readonly form = h('div', { id: 'act-on-plan-form', className: 'act-on-plan-form', hidden: true }, [
    this.note,
    this.preview,
    this.field,
    h('div', { className: 'act-on-plan-actions' }, [this.act, this.edit, this.cancel]),
  ]);
  readonly element = h('div', { className: 'act-on-plan' }, [this.open, this.form]);
  private planMode = false;
  private reply: PlanReply | undefined;

  constructor(private readonly extension: ExtensionLink) {
    this.open.setAttribute('aria-controls', 'act-on-plan-form');
    this.open.setAttribute('aria-expanded', 'false');
    this.edit.setAttribute('aria-pressed', 'false');
    this.open.addEventListener('click', () => this.show(this.form.hidden));
    this.act.addEventListener('click', () => this.send());
    this.edit.addEventListener('click', () => this.setEditing(this.field.hidden));
    this.cancel.addEventListener('click', () => this.close());
    this.form.addEventListener('keydown', (event) => {
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
    const opening = show && this.form.hidden;
    if (opening) this.field.value = this.reply?.replyText ?? '';
    this.form.hidden = !show;
    this.open.setAttribute('aria-expanded', String(show));
    if (!opening) return;
    this.setEditing(this.renderPlan());
    // The plan's first steps matter most: the box opens at its top, and the chat scrolls to show the box (its top when it is taller).
    this.form.scrollIntoView({ block: 'nearest' });
  }

  /** The text field (the plan's markdown, to edit) or the plan rendered, each from its top, focused. */
  private setEditing(editing: boolean): void {
    const unseen = this.renderPlan();
    this.note.hidden = !unseen;
    this.note.textContent = editing ? 'Part of this plan does not show when rendered.' : 'Part of this plan does not show when rendered; Edit shows it all.';
    this.field.hidden = !editing;
    this.preview.hidden = editing;
    this.edit.setAttribute('aria-pressed', String(editing));
    const shown = editing ? this.field : this.preview;
    shown.scrollTop = 0;
    shown.focus({ preventScroll: true });
    if (editing) this.field.setSelectionRange(0, 0);
  }

  /** Renders the plan into the preview; true when some of its words do not show there. */
  private renderPlan(): boolean {
    const rendered = renderMarkdown(this.field.value, { showDestinations: true });
    const unseen = unseenWords(this.field.value, rendered).length > 0;
    this.preview.replaceChildren(rendered);
    return unseen;
  }

  private close(): void {
    this.show(false);
    this.open.focus();
  }

  private send(): void {
    const plan = this.field.value;
    if (plan.trim() === '') {
      this.setEditing(true);
      return;
    }
    this.extension.post({ type: 'actOnPlan', plan });
    this.reply = undefined;
    this.element.remove();
  }
}
