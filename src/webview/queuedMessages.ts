import type { ToWebview } from '../protocol/toWebview';
import { renderChips } from './attachmentChips';
import { codicon, h, iconButton } from './dom';
import type { ExtensionLink } from './vscodeApi';

type QueuedMessage = Extract<ToWebview, { type: 'queuedMessages' }>['messages'][number];

/**
 * Messages typed during a run, above the input. Steered ones (Ctrl/Cmd+Enter, Send now) wait there, marked as going
 * into the run after its current step, until the model takes them; queued ones can be edited, removed or sent into the
 * run now. Each shows up to two lines of its text, all of it in the tooltip.
 */
export class QueuedMessages {
  readonly element = h('section', { id: 'queued-messages', className: 'queued-messages', hidden: true, attributes: { 'aria-label': 'Messages waiting to be sent' } });
  private readonly steeringTitle = h('div', { id: 'steering-title', className: 'queued-title', text: 'Will be sent after the current step' });
  private readonly steeringList = h('ol', { className: 'queued-list steering-list', attributes: { 'aria-labelledby': 'steering-title' } });
  private readonly queuedTitle = h('div', { id: 'queued-title', className: 'queued-title', text: 'Queued: sent when Elbow finishes' });
  private readonly list = h('ol', { className: 'queued-list', attributes: { 'aria-labelledby': 'queued-title' } });

  constructor(private readonly extension: ExtensionLink, private readonly focusInput: () => void) {
    this.element.append(this.steeringTitle, this.steeringList, this.queuedTitle, this.list);
  }

  show(messages: readonly QueuedMessage[]): void {
    const focused = this.element.contains(document.activeElement);
    const steering = messages.filter((message) => message.state === 'steering');
    const queued = messages.filter((message) => message.state !== 'steering');
    this.steeringList.replaceChildren(...steering.map((message) => this.steeringRow(message)));
    this.list.replaceChildren(...queued.map((message) => this.row(message)));
    this.steeringTitle.hidden = this.steeringList.hidden = steering.length === 0;
    this.queuedTitle.hidden = this.list.hidden = queued.length === 0;
    this.element.hidden = messages.length === 0;
    const button = this.list.querySelector<HTMLButtonElement>('.queued-row button');
    if (focused && button !== null) button.focus();
    else if (focused) this.focusInput();
  }

  private text(message: QueuedMessage): HTMLElement {
    return h('div', { className: 'queued-text', text: message.text, attributes: { title: message.text } });
  }

  private chips(message: QueuedMessage): HTMLElement {
    const chips = h('div', { className: 'chips', hidden: message.attachments.length === 0 });
    renderChips(chips, message.attachments);
    return chips;
  }

  /** A steered message: on its way, so nothing to change; it leaves the list when it joins the conversation. */
  private steeringRow(message: QueuedMessage): HTMLElement {
    return h('li', { className: 'queued-row steering-row', attributes: { 'data-queued-id': message.id } }, [
      codicon('debug-step-into', 'steering-icon'),
      h('div', { className: 'queued-body' }, [this.text(message), this.chips(message)]),
    ]);
  }

  private row(message: QueuedMessage): HTMLElement {
    const text = this.text(message);
    const steer = iconButton({ className: 'icon-button queued-steer', icon: 'debug-step-into', label: 'Send now: the running agent reads it after its current step' });
    const edit = iconButton({ className: 'icon-button queued-edit', icon: 'edit', label: 'Edit queued message' });
    const remove = iconButton({ className: 'icon-button queued-remove', icon: 'close', label: 'Remove queued message' });
    const row = h('li', { className: 'queued-row', attributes: { 'data-queued-id': message.id } }, [
      h('div', { className: 'queued-body' }, [text, this.chips(message)]),
      h('div', { className: 'queued-actions' }, [steer, edit, remove]),
    ]);
    steer.addEventListener('click', () => this.extension.post({ type: 'steerQueued', id: message.id }));
    remove.addEventListener('click', () => this.extension.post({ type: 'removeQueued', id: message.id }));
    edit.addEventListener('click', () => this.startEditing(row, text, message));
    return row;
  }

  /** The text becomes a box: Enter saves, Escape (or leaving it empty) keeps the message as it was. */
  private startEditing(row: HTMLElement, text: HTMLElement, message: QueuedMessage): void {
    const box = h('textarea', { className: 'queued-editor', attributes: { rows: '2', 'aria-label': 'Edit queued message (Enter to save, Escape to cancel)' } });
    box.value = message.text;
    text.replaceWith(box);
    box.focus();
    const finish = (save: boolean): void => {
      const changed = box.value.trim();
      if (save && changed !== '' && changed !== message.text) this.extension.post({ type: 'editQueued', id: message.id, text: changed });
      box.replaceWith(text);
      row.querySelector<HTMLButtonElement>('.queued-edit')?.focus();
    };
    box.addEventListener('keydown', (event) => {
      if (event.isComposing) return;
      if (event.key === 'Enter' && !event.shiftKey) {
        event.preventDefault();
        finish(true);
      } else if (event.key === 'Escape') {
        event.preventDefault();
        finish(false);
      }
    });
  }
}
