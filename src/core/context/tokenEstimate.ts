import type { Message } from '../llm/messages';
import type { ToolSpec } from '../llm/provider';
import { imageTokens } from './imageTokens';

/** What a request sends besides the conversation: both count against the window. */
export interface PromptParts {
  system: string;
  tools: readonly ToolSpec[];
  messages: readonly Message[];
}

/** Role markers and separators the wire formats add around each message. */
const MESSAGE_OVERHEAD_TOKENS = 4;
export const CHARACTERS_PER_TOKEN = 4;

/**
 * A quick count of a prompt's tokens, about four characters each. It is the same for the
 * same prompt, which is what calibration against the provider's reported count relies on.
 */
export function rawPromptTokens(prompt: PromptParts): number {
  return textTokens(prompt.system) + textTokens(JSON.stringify(prompt.tools)) + messagesTokens(prompt.messages);
}

export function messagesTokens(messages: readonly Message[]): number {
  let total = 0;
  for (const message of messages) total += messageTokens(message);
  return total;
}

export function messageTokens(message: Message): number {
  let total = MESSAGE_OVERHEAD_TOKENS;
  if (message.role === 'tool') {
    for (const result of message.results) {
      total += MESSAGE_OVERHEAD_TOKENS + textTokens(result.toolCallId);
      for (const block of result.content) total += block.type === 'text' ? textTokens(block.text) : imageTokens(block);
    }
    return total;
  }
  for (const block of message.content) {
    switch (block.type) {
      case 'text': total += textTokens(block.text); break;
      case 'image': total += imageTokens(block); break;
      case 'thinking': total += textTokens(block.thinking) + textTokens(block.signature ?? '') + textTokens(block.redactedData ?? ''); break;
      case 'tool_call': total += textTokens(block.id) + textTokens(block.name) + textTokens(block.arguments); break;
    }
  }
  return total;
}

export function textTokens(text: string): number {
  return Math.ceil(text.length / CHARACTERS_PER_TOKEN);
}
