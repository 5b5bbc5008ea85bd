import type { ChatItem, ChatItemOf, ContextGauge, UsageSummary } from '../../../../src/protocol/chatItems';
import type { ToWebview } from '../../../../src/protocol/toWebview';

export const noUsage: UsageSummary = { inputTokens: 0, outputTokens: 0, cacheReadTokens: 0, cacheWriteTokens: 0 };

export interface ConversationOptions {
  running?: boolean;
  usage?: UsageSummary;
  id?: string;
  /** US dollars; `null` (the default) when unknown. */
  cost?: number | null;
  /** `null` (the default) before the first request. */
  context?: ContextGauge | null;
}

export function conversation(items: ChatItem[], options: ConversationOptions = {}): ToWebview {
  return {
    type: 'conversation',
    id: options.id ?? 'c1',
    items,
    running: options.running ?? false,
    usage: options.usage ?? noUsage,
    cost: options.cost ?? null,
    context: options.context ?? null,
  };
}

export function user(id: string, text: string, attachments: ChatItemOf<'user'>['attachments'] = []): ChatItemOf<'user'> {
  return { kind: 'user', id, text, attachments };
}

export function assistant(id: string, text: string, thinking = ''): ChatItemOf<'assistant'> {
  return { kind: 'assistant', id, text, thinking };
}

export function tool(id: string, fields: Partial<ChatItemOf<'tool'>> = {}): ChatItemOf<'tool'> {
  return { kind: 'tool', id, name: 'read_file', toolKind: 'read', title: 'Read src/app.ts', status: 'running', arguments: '{"path":"src/app.ts"}', result: '', ...fields };
}

export function error(id: string, message: string, retryable: boolean): ChatItemOf<'error'> {
  return { kind: 'error', id, message, retryable };
}

export function notice(id: string, text: string): ChatItemOf<'notice'> {
  return { kind: 'notice', id, text };
}

export function compaction(id: string, fields: Partial<ChatItemOf<'compaction'>> = {}): ChatItemOf<'compaction'> {
  return { kind: 'compaction', id, layer: 2, state: 'running', beforeTokens: 48_000, ...fields };
}

/** Splits text into deltas of a few characters, as a stream would. */
export function deltas(itemId: string, text: string, size = 7): ToWebview[] {
  const messages: ToWebview[] = [];
  for (let start = 0; start < text.length; start += size) messages.push({ type: 'textDelta', itemId, text: text.slice(start, start + size) });
  return messages;
}
