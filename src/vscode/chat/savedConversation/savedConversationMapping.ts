import { editReviewSchema, toolKindSchema, toolRefusalSchema, type ChatItem, type ContextGauge, type ConversationListEntry } from '../../../protocol/chatItems';
import { savedChatItemSchema, type SavedChatItem } from './savedChatItemSchema';
import type { SavedConversation, SavedListEntry } from './savedConversationSchema';

/*
 * The one place where the protocol's shapes meet the saved format's. While the two agree these are
 * identities, checked by the compiler both ways: when the protocol changes, this file stops
 * compiling and says which saved shape needs a decision (a new optional field, or a new version).
 */

/** Writes only what the format defines: a field the protocol has and the format not is not saved. */
export function savedChatItemOf(item: ChatItem): SavedChatItem {
  return savedChatItemSchema.parse(item satisfies SavedChatItem);
}

export function chatItemOfSaved(saved: SavedChatItem): ChatItem {
  if (saved.kind !== 'tool') return saved;
  const { toolKind, review, refusal, ...card } = saved;
  // A review state a later version added is shown as none; a refusal's reason it added, as a plain failure.
  const knownReview = editReviewSchema.safeParse(review);
  const knownRefusal = toolRefusalSchema.safeParse(refusal);
  const refused = knownRefusal.success ? { ...card, refusal: knownRefusal.data } : card;
  const reviewed = knownReview.success ? { ...refused, review: knownReview.data } : refused;
  if (toolKind === undefined) return reviewed;
  const known = toolKindSchema.safeParse(toolKind);
  return { ...reviewed, toolKind: known.success ? known.data : 'unknown' };
}

export function savedContextGaugeOf(context: ContextGauge): NonNullable<SavedConversation['context']> {
  return context;
}

export function contextGaugeOfSaved(saved: NonNullable<SavedConversation['context']>): ContextGauge {
  return saved;
}

export function listEntryOfSaved(saved: SavedListEntry): ConversationListEntry {
  return saved;
}

export function savedListEntryOf(entry: ConversationListEntry): SavedListEntry {
  return { id: entry.id, title: entry.title, updatedAt: entry.updatedAt };
}
