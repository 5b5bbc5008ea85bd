import type { ChatItem } from '../../protocol/chatItems';
import { ConversationStore as SavedConversationStore, type SavedItemCodec, type StoredConversation as SavedStoredConversation } from '../../node/conversations/conversationStore';
import { chatItemOfSaved } from './savedConversation/savedConversationMapping';
import { savedItemsJson } from './savedConversation/savedItemsJson';

export { conversationTitle } from '../../node/conversations/conversationStore';

/** A conversation as the chat keeps it: its items are the webview's. */
export type StoredConversation = SavedStoredConversation<ChatItem>;

const chatItemCodec: SavedItemCodec<ChatItem> = { itemsJson: savedItemsJson, itemOf: chatItemOfSaved };

/** The saved-conversation store with the chat's items (see node/conversations/conversationStore.ts). */
export class ConversationStore extends SavedConversationStore<ChatItem> {
  constructor(folder: string, log?: (message: string) => void) {
    super(folder, chatItemCodec, log);
  }
}
