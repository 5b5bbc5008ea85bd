/**
 * Elbow's provider-neutral conversation model. Providers translate to and from their wire
 * formats at their edge; everything else in the core speaks only these types.
 */

export interface TextBlock {
  type: 'text';
  text: string;
}

/** Model reasoning. `signature` (Anthropic) must be sent back unchanged with its block. */
export interface ThinkingBlock {
  type: 'thinking';
  thinking: string;
  signature?: string;
  /** Anthropic `redacted_thinking`: opaque data sent back as is; `thinking` is empty. */
  redactedData?: string;
}

export interface ImageBlock {
  type: 'image';
  /** e.g. `image/png` */
  mediaType: string;
  /** base64 without a data: prefix */
  data: string;
}

export interface ToolCallBlock {
  type: 'tool_call';
  id: string;
  name: string;
  /** The arguments exactly as the model produced them: JSON text, possibly malformed or cut off. */
  arguments: string;
}

export interface ToolResultBlock {
  type: 'tool_result';
  toolCallId: string;
  toolName: string;
  content: Array<TextBlock | ImageBlock>;
  isError: boolean;
}

export interface UserMessage {
  role: 'user';
  content: Array<TextBlock | ImageBlock>;
}

export type StopReason = 'end_turn' | 'tool_use' | 'max_tokens' | 'refusal' | 'other';

export interface AssistantMessage {
  role: 'assistant';
  content: Array<TextBlock | ThinkingBlock | ToolCallBlock>;
  stopReason: StopReason;
  /** Which provider produced it: thinking signatures are only valid for their own provider. */
  provider: string;
  model: string;
  usage?: Usage;
}

/** All results for the tool calls of the assistant message right before it, in call order. */
export interface ToolResultsMessage {
  role: 'tool';
  results: ToolResultBlock[];
}

export type Message = UserMessage | AssistantMessage | ToolResultsMessage;

export interface Usage {
  inputTokens: number;
  outputTokens: number;
  cacheReadTokens: number;
  cacheWriteTokens: number;
}

export function emptyUsage(): Usage {
  return { inputTokens: 0, outputTokens: 0, cacheReadTokens: 0, cacheWriteTokens: 0 };
}

export function addUsage(total: Usage, more: Usage): Usage {
  return {
    inputTokens: total.inputTokens + more.inputTokens,
    outputTokens: total.outputTokens + more.outputTokens,
    cacheReadTokens: total.cacheReadTokens + more.cacheReadTokens,
    cacheWriteTokens: total.cacheWriteTokens + more.cacheWriteTokens,
  };
}

export function userText(text: string): UserMessage {
  return { role: 'user', content: [{ type: 'text', text }] };
}

export function toolCallsOf(message: AssistantMessage): ToolCallBlock[] {
  return message.content.filter((block): block is ToolCallBlock => block.type === 'tool_call');
}

export function textOf(message: AssistantMessage): string {
  return message.content
    .filter((block): block is TextBlock => block.type === 'text')
    .map((block) => block.text)
    .join('');
}

/** A tool result as plain text, images named by their type. */
export function toolResultText(result: ToolResultBlock): string {
  return result.content.map((block) => (block.type === 'text' ? block.text : `[image ${block.mediaType}]`)).join('\n');
}
