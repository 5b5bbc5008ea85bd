import type { ChatItem } from '../../../protocol/chatItems';
import { savedChatItemOf } from './savedConversationMapping';

/** Each item's saved JSON, made once: items are replaced, never changed in place, so a long conversation's save redoes only new ones. */
const jsonOfItem = new WeakMap<ChatItem, string>();

/** `[…]`: the items as the saved format writes them, the same text as `JSON.stringify(items.map(savedChatItemOf))`. */
export function savedItemsJson(items: readonly ChatItem[]): string {
  const parts: string[] = [];
  for (const item of items) {
    let json = jsonOfItem.get(item);
    if (json === undefined) {
      json = JSON.stringify(savedChatItemOf(item));
      jsonOfItem.set(item, json);
    }
    parts.push(json);
  }
  return `[${parts.join(',')}]`;
}
