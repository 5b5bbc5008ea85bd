import type { ChatItem } from '../../protocol/chatItems';
import type { ExtensionLink } from '../vscodeApi';
import { AssistantItemView } from './assistantItem';
import { CompactionItemView } from './compactionItem';
import { ErrorItemView } from './errorItem';
import type { ItemView } from './itemView';
import { NoticeItemView } from './noticeItem';
import { ToolItemView } from './toolItem';
import { UserItemView } from './userItem';

export function createItemView(item: ChatItem, extension: ExtensionLink): ItemView {
  switch (item.kind) {
    case 'user': return new UserItemView(item, extension);
    case 'assistant': return new AssistantItemView(item);
    case 'tool': return new ToolItemView(item, extension);
    case 'error': return new ErrorItemView(item);
    case 'notice': return new NoticeItemView(item);
    case 'compaction': return new CompactionItemView(item);
  }
}
