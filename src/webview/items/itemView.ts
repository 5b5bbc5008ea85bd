import type { ChatItem } from '../../protocol/chatItems';
import { h } from '../dom';

/** The DOM of one conversation entry, updated in place so open `<details>` and scroll position survive. */
export interface ItemView {
  readonly element: HTMLElement;
  /** Shows the new state of the item; `false` when it is of another kind and needs a new view. */
  update(item: ChatItem): boolean;
}

/** `<div class="item item-KIND" data-item-id="…">`. */
export function itemElement(item: ChatItem): HTMLDivElement {
  return h('div', { className: `item item-${item.kind}`, attributes: { 'data-item-id': item.id } });
}
