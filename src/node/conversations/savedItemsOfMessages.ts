import { randomUUID } from 'node:crypto';
import { isCompactedHistory } from '../../core/context/conversationSummary';
import { toolResultText, type Message, type ToolResultBlock } from '../../core/llm/messages';
import type { SavedChatItem } from './savedChatItemSchema';

type SavedToolItem = Extract<SavedChatItem, { kind: 'tool' }>;

/** How a tool call's card is shown, as the run's events described it; without one the card is titled by the tool's name. */
export interface ToolCardDetails {
  title: string;
  toolKind?: string;
  placement?: SavedToolItem['placement'];
}

export interface SavedItemsOptions {
  /** Cards already made for calls whose results come in a later batch of messages (filled in place). */
  openCards?: Map<string, SavedToolItem>;
  cards?: ReadonlyMap<string, ToolCardDetails>;
  newId?: () => string;
}

/** Elbow's notes to the model (plan mode, rejected edits…) ride on the user's message but are not the user's words. */
const elbowNotePrefix = '[Elbow: ';

/**
 * The chat items a History shows for model-facing messages a host without a view of its own
 * appended: the user's turns, the replies, a card for each tool call with its result. The
 * summary that replaced a compacted history is left out (the compaction item stands for it).
 */
export function savedItemsOfMessages(messages: readonly Message[], options: SavedItemsOptions = {}): SavedChatItem[] {
  const { openCards = new Map<string, SavedToolItem>(), cards, newId = randomUUID } = options;
  const items: SavedChatItem[] = [];
  for (const message of messages) {
    if (message.role === 'user') {
      if (isCompactedHistory(message)) continue;
      const text = message.content.filter((block) => block.type === 'text' && !block.text.startsWith(elbowNotePrefix)).map((block) => (block.type === 'text' ? block.text : '')).join('\n');
      const images = message.content.filter((block) => block.type === 'image');
      if (text === '' && images.length === 0) continue;
      const attachments = images.map((image, index) => ({ id: newId(), kind: 'image' as const, path: `image ${index + 1} (${image.mediaType})` }));
      items.push({ kind: 'user', id: newId(), text, attachments });
    } else if (message.role === 'assistant') {
      const text = message.content.map((block) => (block.type === 'text' ? block.text : '')).join('');
      const thinking = message.content.map((block) => (block.type === 'thinking' ? block.thinking : '')).join('');
      if (text !== '' || thinking !== '') items.push({ kind: 'assistant', id: newId(), text, thinking });
      for (const block of message.content) {
        if (block.type !== 'tool_call') continue;
        const details = cards?.get(block.id);
        const card: SavedToolItem = {
          kind: 'tool',
          id: block.id,
          name: block.name,
          ...(details?.toolKind === undefined ? {} : { toolKind: details.toolKind }),
          title: details?.title ?? block.name,
          status: 'running',
          arguments: block.arguments,
          result: '',
        };
        openCards.set(block.id, card);
        items.push(card);
      }
    } else {
      for (const result of message.results) finishCard(openCards, result, cards);
    }
  }
  return items;
}

function finishCard(openCards: Map<string, SavedToolItem>, result: ToolResultBlock, cards: ReadonlyMap<string, ToolCardDetails> | undefined): void {
  const card = openCards.get(result.toolCallId);
  if (card === undefined) return;
  openCards.delete(result.toolCallId);
  const details = cards?.get(result.toolCallId);
  card.status = result.isError ? 'error' : 'done';
  card.result = toolResultText(result);
  if (details !== undefined) card.title = details.title;
  if (details?.placement !== undefined) card.placement = details.placement;
}
