import type {
  ChatCompletionAssistantMessageParam,
  ChatCompletionContentPart,
  ChatCompletionFunctionTool,
  ChatCompletionMessageParam,
  ChatCompletionToolMessageParam,
  ChatCompletionUserMessageParam,
} from 'openai/resources/chat/completions';
import type { AssistantMessage, ImageBlock, TextBlock, ToolResultBlock, ToolResultsMessage, UserMessage, Message } from '../messages';
import type { ToolSpec } from '../provider';

/** Neutral history → Chat Completions `messages`, the system prompt first. */
export function toOpenAIMessages(system: string, messages: readonly Message[]): ChatCompletionMessageParam[] {
  const wire: ChatCompletionMessageParam[] = system ? [{ role: 'system', content: system }] : [];
  for (const message of messages) {
    if (message.role === 'user') wire.push(userMessage(message));
    else if (message.role === 'assistant') wire.push(assistantMessage(message));
    else wire.push(...toolMessages(message));
  }
  return wire;
}

export function toOpenAITools(tools: readonly ToolSpec[]): ChatCompletionFunctionTool[] {
  return tools.map((tool) => ({
    type: 'function',
    function: { name: tool.name, description: tool.description, parameters: tool.inputSchema },
  }));
}

function userMessage(message: UserMessage): ChatCompletionUserMessageParam {
  const [only, ...rest] = message.content;
  // A lone text block goes as a plain string: some OpenAI-compatible servers accept only that.
  if (only?.type === 'text' && rest.length === 0) return { role: 'user', content: only.text };
  return { role: 'user', content: message.content.map(contentPart) };
}

function contentPart(block: TextBlock | ImageBlock): ChatCompletionContentPart {
  if (block.type === 'text') return { type: 'text', text: block.text };
  return { type: 'image_url', image_url: { url: `data:${block.mediaType};base64,${block.data}` } };
}

/**
 * Thinking blocks are not sent back: OpenAI rejects unknown message fields, and DeepSeek
 * answers 400 when `reasoning_content` appears in the input.
 */
function assistantMessage(message: AssistantMessage): ChatCompletionAssistantMessageParam {
  const texts: string[] = [];
  const toolCalls: NonNullable<ChatCompletionAssistantMessageParam['tool_calls']> = [];
  for (const block of message.content) {
    if (block.type === 'text') texts.push(block.text);
    else if (block.type === 'tool_call') {
      toolCalls.push({ id: block.id, type: 'function', function: { name: block.name, arguments: block.arguments } });
    }
  }
  const text = texts.join('');
  if (toolCalls.length === 0) return { role: 'assistant', content: text };
  return { role: 'assistant', content: text || null, tool_calls: toolCalls };
}

function toolMessages(message: ToolResultsMessage): ChatCompletionToolMessageParam[] {
  return message.results.map((result) => ({ role: 'tool', tool_call_id: result.toolCallId, content: toolResultText(result) }));
}

/** Chat Completions tool messages carry text only, so images become a note the model can read. */
function toolResultText(result: ToolResultBlock): string {
  return result.content
    .map((block) => (block.type === 'text' ? block.text : `[image (${block.mediaType}) omitted: tool results cannot carry images here]`))
    .join('\n');
}
