import type { ChatItem, ChatItemOf, UsageSummary } from '../../../../src/protocol/chatItems';
import type { ToWebview } from '../../../../src/protocol/toWebview';

export const noUsage: UsageSummary = { inputTokens: 0, outputTokens: 0, cacheReadTokens: 0, cacheWriteTokens: 0 };

export function conversation(items: ChatItem[], options: { running?: boolean; usage?: UsageSummary; id?: string } = {}): ToWebview {
  return { type: 'conversation', id: options.id ?? 'c1', items, running: options.running ?? false, usage: options.usage ?? noUsage };
}

export function user(id: string, text: string, attachments: ChatItemOf<'user'>['attachments'] = []): ChatItemOf<'user'> {
  return { kind: 'user', id, text, attachments };
}

export function assistant(id: string, text: string, thinking = ''): ChatItemOf<'assistant'> {
  return { kind: 'assistant', id, text, thinking };
}

export function tool(id: string, fields: Partial<ChatItemOf<'tool'>> = {}): ChatItemOf<'tool'> {
  return { kind: 'tool', id, name: 'read_file', title: 'Read src/app.ts', status: 'running', arguments: '{"path":"src/app.ts"}', result: '', ...fields };
}

export function error(id: string, message: string, retryable: boolean): ChatItemOf<'error'> {
  return { kind: 'error', id, message, retryable };
}

export function notice(id: string, text: string): ChatItemOf<'notice'> {
  return { kind: 'notice', id, text };
}

/** Splits text into deltas of a few characters, as a stream would. */
export function deltas(itemId: string, text: string, size = 7): ToWebview[] {
  const messages: ToWebview[] = [];
  for (let start = 0; start < text.length; start += size) messages.push({ type: 'textDelta', itemId, text: text.slice(start, start + size) });
  return messages;
}
