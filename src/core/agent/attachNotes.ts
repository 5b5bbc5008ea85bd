import type { Message, TextBlock } from '../llm/messages';

/**
 * Adds things the model must know before its next step (e.g. the user rejected one of its
 * edits) to the end of the conversation: to the pending user message, or beside the last tool
 * results. Appending keeps every earlier message byte-identical, so prompt caches still hit.
 */
export function attachNotes(messages: Message[], notes: readonly string[]): void {
  if (notes.length === 0) return;
  const block: TextBlock = { type: 'text', text: `[Elbow: ${notes.join(' ')}]` };
  const last = messages.at(-1);
  if (last?.role === 'user') {
    last.content.push(block);
    return;
  }
  const lastResult = last?.role === 'tool' ? last.results.at(-1) : undefined;
  if (lastResult !== undefined) {
    lastResult.content.push(block);
    return;
  }
  messages.push({ role: 'user', content: [block] });
}
