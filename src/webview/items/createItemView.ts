import type { ChatItem } from '../../protocol/chatItems';
import type { Host } from '../vscodeApi';
import { AssistantItemView } from './assistantItem';
import { CompactionItemView } from './compactionItem';
import { ErrorItemView } from './errorItem';
import type { ItemView } from './itemView';
import { NoticeItemView } from './noticeItem';
import { ToolItemView } from './toolItem';
import { UserItemView } from './userItem';

export function createItemView(item: ChatItem, host: Host): ItemView {
  switch (item.kind) {
    case 'user': return new UserItemView(item, host);
    case 'assistant': return new AssistantItemView(item);
    case 'tool': return new ToolItemView(item, host);
    case 'error': return new ErrorItemView(item);
    case 'notice': return new NoticeItemView(item);
    case 'compaction': return new CompactionItemView(item);
  }
}
