import type {
  CacheControlEphemeral,
  ContentBlockParam,
  ImageBlockParam,
  MessageParam,
  TextBlockParam,
  Tool,
  ToolResultBlockParam,
} from '@anthropic-ai/sdk/resources/messages';
import type { AssistantMessage, ImageBlock, Message, TextBlock, ToolResultBlock, UserMessage } from '../messages';
import type { ProviderPreset } from '../presets/providerPreset';
import type { ToolSpec } from '../provider';
import { withUniqueToolCallIds } from '../uniqueToolCallIds';
import { wireToolCallIds } from '../wireToolCallIds';

type Role = 'user' | 'assistant';
interface WireMessage {
  role: Role;
  content: ContentBlockParam[];
}

const ephemeral: CacheControlEphemeral = { type: 'ephemeral' };
const imageTypes = ['image/jpeg', 'image/png', 'image/gif', 'image/webp'] as const;
type ImageMediaType = (typeof imageTypes)[number];

/** The system prompt as one block, marked as the end of the cached prefix (tools + system). */
export function toAnthropicSystem(system: string): TextBlockParam[] | undefined {
  return system ? [{ type: 'text', text: system, cache_control: ephemeral }] : undefined;
}

export function toAnthropicTools(tools: readonly ToolSpec[]): Tool[] {
  return tools.map((tool) => ({
    name: tool.name,
    description: tool.description,
    input_schema: { ...tool.inputSchema, type: 'object' },
  }));
}

/**
 * Neutral history → Messages API `messages`: strictly alternating roles, tool results first
 * in their user message, and cache breakpoints at the end of this request and of the previous one.
 * `origin` is the host of the server the request goes to (see `ownThinking`); tool call ids
 * another server made are rewritten to what `preset` accepts, the same way in every request.
 */
export function toAnthropicMessages(history: readonly Message[], origin?: string, preset?: ProviderPreset): MessageParam[] {
  const messages = withUniqueToolCallIds(history);
  const wire: WireMessage[] = [];
  const wireId = wireToolCallIds(messages, preset?.toolCallIds);
  for (const message of messages) {
    const role: Role = message.role === 'assistant' ? 'assistant' : 'user';
    const content = message.role === 'assistant'
      ? assistantContent(message, ownThinking(message, origin), wireId)
      : message.role === 'user' ? userContent(message) : message.results.map((result) => toolResult(result, wireId));
    // An assistant turn left with nothing to send (e.g. cancelled before any output) is skipped.
    if (content.length === 0) continue;
    const previous = wire.at(-1);
    if (previous?.role === role) previous.content = mergeContent(previous.content, content);
    else wire.push({ role, content });
  }
  markCacheBreakpoints(wire);
  return wire;
}

/** Two user-role messages in a row become one, with tool results first as the API requires. */
function mergeContent(first: ContentBlockParam[], second: ContentBlockParam[]): ContentBlockParam[] {
  const all = [...first, ...second];
  return [...all.filter((block) => block.type === 'tool_result'), ...all.filter((block) => block.type !== 'tool_result')];
}

function userContent(message: UserMessage): ContentBlockParam[] {
  return message.content.flatMap(userBlock);
}

function userBlock(block: TextBlock | ImageBlock): Array<TextBlockParam | ImageBlockParam> {
  if (block.type === 'image') return [image(block)];
  return hasText(block.text) ? [{ type: 'text', text: block.text }] : [];
}

function image(block: ImageBlock): TextBlockParam | ImageBlockParam {
  if (!isImageMediaType(block.mediaType)) return { type: 'text', text: `[image (${block.mediaType}) omitted: unsupported format]` };
  return { type: 'image', source: { type: 'base64', media_type: block.mediaType, data: block.data } };
}

function isImageMediaType(mediaType: string): mediaType is ImageMediaType {
  return (imageTypes as readonly string[]).includes(mediaType);
}

/** The API rejects text blocks that are empty or only whitespace. */
function hasText(text: string): boolean {
  return text.trim() !== '';
}

/**
 * Whether the server can verify this message's thinking signatures: Anthropic's own, from the
 * same server (another Messages API server, such as DeepSeek's, signs its own way). Messages
 * saved before servers were told apart carry no origin and are taken as the server's.
 */
function ownThinking(message: AssistantMessage, origin: string | undefined): boolean {
  return message.provider === 'anthropic' && (message.origin === undefined || origin === undefined || message.origin === origin);
}

/**
 * Sent back as received, except what the API would reject: blank text, and thinking it
 * cannot verify (no signature, or produced by another provider or server).
 */
function assistantContent(message: AssistantMessage, verifiable: boolean, wireId: (id: string) => string): ContentBlockParam[] {
  return message.content.flatMap((block): ContentBlockParam[] => {
    if (block.type === 'text') return hasText(block.text) ? [{ type: 'text', text: block.text }] : [];
    if (block.type === 'tool_call') return [{ type: 'tool_use', id: wireId(block.id), name: block.name, input: toolInput(block.arguments) }];
    if (!verifiable) return [];
    if (block.redactedData !== undefined) return [{ type: 'redacted_thinking', data: block.redactedData }];
    return block.signature ? [{ type: 'thinking', thinking: block.thinking, signature: block.signature }] : [];
  });
}

/** The wire needs an object; a malformed call was already reported to the model as failed. */
function toolInput(argumentsText: string): Record<string, unknown> {
  try {
    const parsed: unknown = JSON.parse(argumentsText);
    return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

function toolResult(result: ToolResultBlock, wireId: (id: string) => string): ToolResultBlockParam {
  const content = result.content.flatMap(userBlock);
  // The API rejects an error result without content.
  if (content.length === 0 && result.isError) content.push({ type: 'text', text: 'Error' });
  return {
    type: 'tool_result',
    tool_use_id: wireId(result.toolCallId),
    ...(content.length > 0 && { content }),
    is_error: result.isError,
  };
}

/**
 * Two breakpoints in the conversation, three with the system prompt's (the API allows four).
 * The last block caches this request for the next one. The end of the previous request (the
 * user turn before the last assistant turn) is marked too, because the API looks for an earlier
 * cache entry only 20 blocks back from a breakpoint: a turn that adds more blocks than that
 * (say twelve parallel tool calls and their results) would otherwise read nothing past the system.
 */
function markCacheBreakpoints(wire: WireMessage[]): void {
  const last = wire.at(-1);
  if (last) markLastCacheableBlock(last);
  const lastAssistant = wire.findLastIndex((message) => message.role === 'assistant');
  const previousEnd = lastAssistant > 0 ? wire[lastAssistant - 1] : undefined;
  if (previousEnd && previousEnd !== last) markLastCacheableBlock(previousEnd);
}

function markLastCacheableBlock(message: WireMessage): void {
  // Thinking blocks cannot carry cache_control; mark the last block that can.
  for (let index = message.content.length - 1; index >= 0; index--) {
    const block = message.content[index];
    if (block && block.type !== 'thinking' && block.type !== 'redacted_thinking') {
      message.content[index] = { ...block, cache_control: ephemeral };
      return;
    }
  }
}
