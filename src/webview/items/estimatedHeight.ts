import type { ChatItem } from '../../protocol/chatItems';

const line = 20;

/** About how tall an item is before it was ever shown, in pixels with its margin: its lines of text, folded cards. */
export function estimatedHeight(item: ChatItem): number {
  switch (item.kind) {
    case 'user': return 32 + line * linesOf(item.text) + (item.attachments.length > 0 ? 30 : 0);
    case 'assistant': return 12 + line * linesOf(item.text) + (item.thinking === '' ? 0 : 28);
    case 'tool': return item.approval?.state === 'pending' || item.proposal?.state === 'pending' ? 240 : 40;
    case 'error': return 60;
    case 'notice':
    case 'compaction': return 36;
  }
}

/** Lines as wrapped at about fifty characters, the width of a side bar. */
function linesOf(text: string): number {
  let lines = 0;
  for (const paragraph of text.split('\n')) lines += Math.max(1, Math.ceil(paragraph.length / 50));
  return lines;
}
