import type { ToWebview } from '../protocol/toWebview';
import { renderChips } from './attachmentChips';
import { h, iconButton } from './dom';
import type { ExtensionLink } from './vscodeApi';

type QueuedMessage = Extract<ToWebview, { type: 'queuedMessages' }>['messages'][number];

/** Messages typed during a run, above the input: each can be edited, removed or sent into the run now. */
export class QueuedMessages {
  readonly element = h('section', { id: 'queued-messages', className: 'queued-messages', hidden: true, attributes: { 'aria-label': 'Queued messages' } });
  private readonly list = h('ol', { className: 'queued-list' });

  constructor(private readonly extension: ExtensionLink, private readonly focusInput: () => void) {
    this.element.append(h('div', { className: 'queued-title', text: 'Queued: sent when Elbow finishes' }), this.list);
  }

  show(messages: readonly QueuedMessage[]): void {
    const focused = this.list.contains(document.activeElement);
    this.list.replaceChildren(...messages.map((message) => this.row(message)));
    this.element.hidden = messages.length === 0;
    if (focused && messages.length === 0) this.focusInput();
    else if (focused) this.list.querySelector<HTMLButtonElement>('.queued-row button')?.focus();
  }

  private row(message: QueuedMessage): HTMLElement {
    const text = h('div', { className: 'queued-text', text: message.text, attributes: { title: message.text } });
    const chips = h('div', { className: 'chips', hidden: message.attachments.length === 0 });
    renderChips(chips, message.attachments);
    const steer = iconButton({ className: 'icon-button queued-steer', icon: 'debug-step-into', label: 'Send now: the running agent reads it before its next step', text: 'Send now' });
    const edit = iconButton({ className: 'icon-button queued-edit', icon: 'edit', label: 'Edit queued message' });
    const remove = iconButton({ className: 'icon-button queued-remove', icon: 'close', label: 'Remove queued message' });
    const row = h('li', { className: 'queued-row', attributes: { 'data-queued-id': message.id } }, [
      h('div', { className: 'queued-body' }, [text, chips]),
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
