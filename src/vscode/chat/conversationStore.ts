import type { ChatItem } from '../../protocol/chatItems';
import { ConversationStore as SavedConversationStore, type SavedItemCodec, type StoredConversation as SavedStoredConversation } from '../../node/conversations/conversationStore';
import type { SavedListEntry } from '../../node/conversations/savedConversationSchema';
import { chatItemOfSaved } from './savedConversation/savedConversationMapping';
import { savedItemsJson } from './savedConversation/savedItemsJson';

export { conversationTitle } from '../../node/conversations/conversationStore';

/** A conversation as the chat keeps it: its items are the webview's. */
export type StoredConversation = SavedStoredConversation<ChatItem>;

const chatItemCodec: SavedItemCodec<ChatItem> = { itemsJson: savedItemsJson, itemOf: chatItemOfSaved };

/**
 * The saved-conversation store with the chat's items (see node/conversations/conversationStore.ts).
 * `ready`: settles once the folder holds the history (older conversations moved into it); nothing is
 * listed, loaded or written before.
 */
export class ConversationStore extends SavedConversationStore<ChatItem> {
  constructor(folder: string, log?: (message: string) => void, private readonly ready: Promise<unknown> = Promise.resolve()) {
    super(folder, chatItemCodec, log);
  }

  override async list(): Promise<SavedListEntry[]> {
    await this.ready;
    return super.list();
  }

  override async load(id: string): Promise<StoredConversation | undefined> {
    await this.ready;
    return super.load(id);
  }

  override async save(conversation: StoredConversation): Promise<void> {
    await this.ready;
    return super.save(conversation);
  }

  override async saveIfUnchanged(conversation: StoredConversation): Promise<boolean> {
    await this.ready;
    return super.saveIfUnchanged(conversation);
  }

  override async delete(id: string): Promise<void> {
    await this.ready;
    return super.delete(id);
  }
}
