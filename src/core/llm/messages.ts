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
  /** Fields the server sent on this call that it needs back with it (Gemini's `extra_content`); see `AssistantMessage.origin`. */
  providerData?: ProviderData;
}

/**
 * Fields a server sent that it needs back on later requests, kept as received and opaque to
 * everything but the provider that reads them. They go back only to the server that sent them
 * (`AssistantMessage.origin`): another server may reject fields it does not know.
 */
export type ProviderData = Record<string, unknown>;

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

/**
 * `paused`: the server stopped a long turn to be continued by sending the reply back (Anthropic `pause_turn`).
 * `max_tokens`: the output limit cut the reply; `context_window`: the model's context window did (Anthropic
 * `model_context_window_exceeded`).
 */
export type StopReason = 'end_turn' | 'tool_use' | 'max_tokens' | 'context_window' | 'refusal' | 'paused' | 'other';

export interface AssistantMessage {
  role: 'assistant';
  content: Array<TextBlock | ThinkingBlock | ToolCallBlock>;
  stopReason: StopReason;
  /** Which provider produced it: thinking signatures are only valid for their own provider. */
  provider: string;
  /**
   * Which server produced it (its base URL's host), as one wire API has many servers: DeepSeek,
   * Gemini, OpenRouter and local servers all speak OpenAI's. `providerData` here and on the tool
   * calls goes back only to this server, and Anthropic thinking only to the server that signed it.
   * Absent in conversations saved before it existed: then no provider data is sent back.
   */
  origin?: string;
  /** Fields the server sent with the message that it needs back (DeepSeek `reasoning_content`, OpenRouter `reasoning_details`). */
  providerData?: ProviderData;
  model: string;
  usage?: Usage;
  /** The server's explanation of why the reply stopped, when it gave one (Anthropic `stop_details` on a refusal). */
  stopDetail?: string;
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
