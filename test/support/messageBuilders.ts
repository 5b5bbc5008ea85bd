import type { AssistantMessage } from '../../src/core/llm/messages';

/** An assistant message as a provider would return it: `tool_use` when it calls tools, else `end_turn`. */
export function assistantMessage(...content: AssistantMessage['content']): AssistantMessage {
  return { role: 'assistant', content, stopReason: content.some((block) => block.type === 'tool_call') ? 'tool_use' : 'end_turn', provider: 'scripted', model: 'm' };
}

/** An assistant message holding only this text. */
export function assistantText(text: string): AssistantMessage {
  return assistantMessage({ type: 'text', text });
}
