import { editReviewSchema, toolFileChangeSchema, toolKindSchema, toolRefusalSchema, type ChatItem, type ContextGauge, type ConversationListEntry, type ToolChangedFile } from '../../../protocol/chatItems';
import { savedChatItemSchema, type SavedChatItem } from '../../../node/conversations/savedChatItemSchema';
import type { SavedConversation, SavedListEntry } from '../../../node/conversations/savedConversationSchema';
import { subagentOfSaved } from './savedSubagentMapping';

/*
 * The one place where the protocol's shapes meet the saved format's. While the two agree these are
 * identities, checked by the compiler both ways: when the protocol changes, this file stops
 * compiling and says which saved shape needs a decision (a new optional field, or a new version).
 */

/** Writes only what the format defines: a field the protocol has and the format not is not saved. */
export function savedChatItemOf(item: ChatItem): SavedChatItem {
  const saved = savedChatItemSchema.parse(item satisfies SavedChatItem);
  if (saved.kind !== 'tool' || saved.changedFiles === undefined) return saved;
  const { changedFiles, ...card } = saved;
  const only = changedFiles.length === 1 ? changedFiles[0] : undefined;
  // A card that says no more than one file's place is written as before cards listed files, which earlier versions read.
  if (only !== undefined && Object.keys(only).every((key) => key === 'uri' || key === 'path')) return { ...card, changedFile: { uri: only.uri, path: only.path } };
  return { ...card, changedFiles };
}

export function chatItemOfSaved(saved: SavedChatItem): ChatItem {
  if (saved.kind !== 'tool') return saved;
  const { toolKind, review, refusal, changedFile, changedFiles, subagent, ...rest } = saved;
  const card = subagent === undefined ? rest : { ...rest, subagent: subagentOfSaved(subagent) };
  // A review state a later version added is shown as none; a refusal's reason it added, as a plain failure.
  const knownReview = editReviewSchema.safeParse(review);
  const knownRefusal = toolRefusalSchema.safeParse(refusal);
  const listed = changedFiles ?? (changedFile === undefined ? undefined : [changedFile]);
  const withFiles = listed === undefined ? card : { ...card, changedFiles: listed.map(toolChangedFileOfSaved) };
  const refused = knownRefusal.success ? { ...withFiles, refusal: knownRefusal.data } : withFiles;
  const reviewed = knownReview.success ? { ...refused, review: knownReview.data } : refused;
  if (toolKind === undefined) return reviewed;
  const known = toolKindSchema.safeParse(toolKind);
  return { ...reviewed, toolKind: known.success ? known.data : 'unknown' };
}

/** A change or review state a later version added is shown as none. */
type SavedToolChangedFile = NonNullable<Extract<SavedChatItem, { kind: 'tool' }>['changedFiles']>[number];

function toolChangedFileOfSaved(saved: SavedToolChangedFile): ToolChangedFile {
  const { change, review, from, ...file } = saved;
  const knownChange = toolFileChangeSchema.safeParse(change);
  const knownReview = editReviewSchema.safeParse(review);
  return {
    ...file,
    ...(knownChange.success ? { change: knownChange.data } : {}),
    ...(knownReview.success ? { review: knownReview.data } : {}),
    ...(from === undefined ? {} : { from: reviewedPlace(from) }),
  };
}

function reviewedPlace({ review, ...place }: NonNullable<SavedToolChangedFile['from']>): NonNullable<ToolChangedFile['from']> {
  const known = editReviewSchema.safeParse(review);
  return known.success ? { ...place, review: known.data } : place;
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
