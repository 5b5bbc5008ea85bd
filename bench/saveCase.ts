import * as fs from 'node:fs/promises';
import * as os from 'node:os';
import * as path from 'node:path';
import { performance } from 'node:perf_hooks';
import type { Message } from '../src/core/llm/messages';
import type { ChatItem } from '../src/protocol/chatItems';
import { ConversationStore, type StoredConversation } from '../src/vscode/chat/conversationStore';
import { longConversation } from '../test/unit/webview/support/longConversation';
import { summarize, type MeasureOptions } from './measure';
import type { Row } from './report';

/** The model's side of the items: a user message per question, a reply per reply, a call and its result per tool card. */
function messagesOf(items: readonly ChatItem[]): Message[] {
  const messages: Message[] = [];
  for (const item of items) {
    if (item.kind === 'user') messages.push({ role: 'user', content: [{ type: 'text', text: item.text }] });
    if (item.kind === 'assistant') messages.push({ role: 'assistant', content: [{ type: 'thinking', thinking: item.thinking }, { type: 'text', text: item.text }], stopReason: 'end_turn', provider: 'anthropic', model: 'm' });
    if (item.kind === 'tool') {
      messages.push({ role: 'assistant', content: [{ type: 'tool_call', id: item.id, name: item.name, arguments: item.arguments }], stopReason: 'tool_use', provider: 'anthropic', model: 'm' });
      messages.push({ role: 'tool', results: [{ type: 'tool_result', toolCallId: item.id, toolName: item.name, content: [{ type: 'text', text: item.result }], isError: false }] });
    }
  }
  return messages;
}

/**
 * Saving a 5,000-item conversation as the chat does while a run goes on: how long `save` holds the extension host's
 * thread before its first wait (the part that delays typing), and how long until the files are written.
 */
export async function saveRows(rounds: MeasureOptions): Promise<Row[]> {
  const folder = await fs.mkdtemp(path.join(os.tmpdir(), 'elbow-bench-save-'));
  try {
    const store = new ConversationStore(folder);
    const items = longConversation(5_000);
    const conversation: StoredConversation = {
      id: 'long',
      title: 'A long session',
      createdAt: 1,
      updatedAt: 1,
      messages: messagesOf(items),
      items,
      usage: { inputTokens: 0, outputTokens: 0, cacheReadTokens: 0, cacheWriteTokens: 0 },
    };
    const blocked: number[] = [];
    const total: number[] = [];
    for (let round = 0; round < rounds.warmup + rounds.runs; round++) {
      const started = performance.now();
      const saved = store.save({ ...conversation, items: [...conversation.items], updatedAt: round });
      const returned = performance.now();
      await saved;
      if (round < rounds.warmup) continue;
      blocked.push(returned - started);
      total.push(performance.now() - started);
    }
    const size = (await fs.stat(path.join(folder, 'long.json'))).size;
    const label = `save a 5000-item conversation (${(size / 1_048_576).toFixed(1)} MB)`;
    return [
      { label: `${label}: extension host blocked`, elbow: summarize(blocked), goal: { kind: 'under', ms: 16 } },
      { label: `${label}: until written`, elbow: summarize(total), goal: { kind: 'none' } },
    ];
  } finally {
    await fs.rm(folder, { recursive: true, force: true });
  }
}
