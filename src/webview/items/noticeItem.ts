import type { ChatItem, ChatItemOf } from '../../protocol/chatItems';
import { codicon, h } from '../dom';
import { itemElement, type ItemView } from './itemView';

/** A muted one-liner, e.g. `Stopped.` */
export class NoticeItemView implements ItemView {
  readonly element: HTMLDivElement;
  private readonly text = h('span', { className: 'notice-text' });

  constructor(item: ChatItemOf<'notice'>) {
    this.element = itemElement(item);
    this.element.append(codicon('info'), this.text);
    this.update(item);
  }

  update(item: ChatItem): boolean {
    if (item.kind !== 'notice') return false;
    this.text.textContent = item.text;
    return true;
  }
}
