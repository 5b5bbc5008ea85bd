import type { ChatItem, ChatItemOf } from '../../protocol/chatItems';
import { renderChips } from '../attachmentChips';
import { h } from '../dom';
import { itemElement, type ItemView } from './itemView';

/** What the user sent, as plain text, with the context that went with it. */
export class UserItemView implements ItemView {
  readonly element: HTMLDivElement;
  private readonly text = h('div', { className: 'user-text' });
  private readonly chips = h('div', { className: 'chips' });

  constructor(item: ChatItemOf<'user'>) {
    this.element = itemElement(item);
    this.element.append(this.text, this.chips);
    this.update(item);
  }

  update(item: ChatItem): boolean {
    if (item.kind !== 'user') return false;
    this.text.textContent = item.text;
    renderChips(this.chips, item.attachments);
    this.chips.hidden = item.attachments.length === 0;
    return true;
  }
}
