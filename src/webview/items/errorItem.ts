import type { ChatItem, ChatItemOf } from '../../protocol/chatItems';
import { codicon, h } from '../dom';
import { itemElement, type ItemView } from './itemView';

/** A failed request: the message as text, and a Retry button while retrying makes sense. */
export class ErrorItemView implements ItemView {
  readonly element: HTMLDivElement;
  private readonly message = h('div', { className: 'error-message' });
  private readonly retry = h('button', {
    className: 'retry-button',
    attributes: { type: 'button', title: 'Send the request again', 'aria-label': 'Retry' },
  }, [codicon('refresh'), h('span', { className: 'button-text', text: 'Retry' })]);
  private retryableItem = false;

  constructor(item: ChatItemOf<'error'>) {
    this.element = itemElement(item);
    this.element.append(codicon('error', 'error-icon'), h('div', { className: 'error-body' }, [this.message, this.retry]));
    this.update(item);
  }

  get retryable(): boolean {
    return this.retryableItem;
  }

  update(item: ChatItem): boolean {
    if (item.kind !== 'error') return false;
    this.message.textContent = item.message;
    this.retryableItem = item.retryable;
    return true;
  }

  /** Decided by the list, which knows what came after this error. */
  showRetry(show: boolean): void {
    this.retry.hidden = !show;
  }
}
