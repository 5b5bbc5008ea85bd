import type {
  ChatCompletionAssistantMessageParam,
  ChatCompletionContentPart,
  ChatCompletionFunctionTool,
  ChatCompletionMessageParam,
  ChatCompletionToolMessageParam,
  ChatCompletionUserMessageParam,
} from 'openai/resources/chat/completions';
import type { AssistantMessage, ImageBlock, Message, ProviderData, TextBlock, ToolResultBlock, ToolResultsMessage, UserMessage } from '../messages';
import type { ProviderPreset } from '../presets/providerPreset';
import type { ToolSpec } from '../provider';
import { withUniqueToolCallIds } from '../uniqueToolCallIds';
import { wireToolCallIds } from '../wireToolCallIds';

/** What a user message after tool results follows, for servers that refuse one right after them. */
export const toolResultsBridge = 'Tool results received.';

/**
 * Neutral history → Chat Completions `messages`, the system prompt first. `origin` is the host
 * of the server the request goes to: messages that server produced get back the fields it needs.
 * `preset` holds that server's rules: the tool call ids it accepts (others are rewritten, the
 * same way in every request), the fields another server's tool calls need, the order of roles.
 */
export function toOpenAIMessages(system: string, history: readonly Message[], origin?: string, preset?: ProviderPreset): ChatCompletionMessageParam[] {
  const messages = withUniqueToolCallIds(history);
  const wire: ChatCompletionMessageParam[] = system ? [{ role: 'system', content: system }] : [];
  const inToolLoop = assistantsInToolLoops(messages);
  const reasoningServer = preset?.reasoningContentInToolLoops === true
    || messages.some((message) => message.role === 'assistant' && ownData(message, origin) && message.providerData?.['reasoning_content'] !== undefined);
  const shape: CallShape = { wireId: wireToolCallIds(messages, preset?.toolCallIds), foreignFields: preset?.foreignToolCallFields };
  for (const message of messages) {
    if (message.role === 'user') {
      if (preset?.assistantAfterToolResults && wire.at(-1)?.role === 'tool') wire.push({ role: 'assistant', content: toolResultsBridge });
      wire.push(userMessage(message));
    } else if (message.role === 'assistant') {
      const reasoning = inToolLoop.has(message) ? reasoningToSend(message, ownData(message, origin), reasoningServer) : undefined;
      wire.push(assistantMessage(message, ownData(message, origin), reasoning, shape));
    } else wire.push(...toolMessages(message, shape.wireId));
  }
  return wire;
}

/** How tool calls go out: under the id the server accepts, with the fields it needs on calls it did not make. */
interface CallShape {
  wireId: (id: string) => string;
  foreignFields: Readonly<Record<string, unknown>> | undefined;
}

/**
 * DeepSeek's `reasoning_content` for an assistant message of a tool loop: its own, as received;
 * empty for one without (another server's, or a turn it did not think in) once the server has
 * shown it thinks in this conversation or its preset says it wants one, as DeepSeek accepts a tool loop (pydantic-ai's recorded
 * request, test/fixtures/recordings/deepseek/tool-loop-request-accepted.json).
 */
function reasoningToSend(message: AssistantMessage, own: boolean, reasoningServer: boolean): string | undefined {
  const ownReasoning = own ? message.providerData?.['reasoning_content'] : undefined;
  if (typeof ownReasoning === 'string') return ownReasoning;
  return reasoningServer && message.content.some((block) => block.type === 'tool_call') ? '' : undefined;
}

/** Provider data is sent back only to the server that produced it: others may reject fields they do not know. */
function ownData(message: AssistantMessage, origin: string | undefined): boolean {
  return message.provider === 'openai' && origin !== undefined && message.origin === origin;
}

/**
 * The assistant messages of every exchange (the messages between two user messages) in which the
 * model called tools. DeepSeek needs `reasoning_content` back on exactly these, in every later
 * request, and ignores it elsewhere.
 */
function assistantsInToolLoops(messages: readonly Message[]): Set<AssistantMessage> {
  const found = new Set<AssistantMessage>();
  let exchange: AssistantMessage[] = [];
  let calledTools = false;
  const close = (): void => {
    if (calledTools) for (const message of exchange) found.add(message);
    exchange = [];
    calledTools = false;
  };
  for (const message of messages) {
    if (message.role === 'user') close();
    else if (message.role === 'assistant') {
      exchange.push(message);
      calledTools ||= message.content.some((block) => block.type === 'tool_call');
    }
  }
  close();
  return found;
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
 * Thinking blocks are not sent back as such: OpenAI rejects unknown message fields. The fields
 * a server asked for back (`providerData`) go only to that server (`own`), and DeepSeek's
 * `reasoning_content` only where it is needed (`reasoning`, in tool loops): its older reasoner
 * answered 400 to `reasoning_content` anywhere in the input.
 */
function assistantMessage(message: AssistantMessage, own: boolean, reasoning: string | undefined, shape: CallShape): ChatCompletionAssistantMessageParam {
  const texts: string[] = [];
  const toolCalls: NonNullable<ChatCompletionAssistantMessageParam['tool_calls']> = [];
  for (const block of message.content) {
    if (block.type === 'text') texts.push(block.text);
    else if (block.type === 'tool_call') {
      const call = { id: shape.wireId(block.id), type: 'function' as const, function: { name: block.name, arguments: block.arguments } };
      const fields = own ? block.providerData : shape.foreignFields;
      toolCalls.push(fields ? withFields(call, fields) : call);
    }
  }
  const text = texts.join('');
  const wire: ChatCompletionAssistantMessageParam =
    toolCalls.length === 0 ? { role: 'assistant', content: text } : { role: 'assistant', content: text || null, tool_calls: toolCalls };
  const { reasoning_content: _ownReasoning, ...others } = own ? (message.providerData ?? {}) : {};
  return withFields(wire, reasoning === undefined ? others : { reasoning_content: reasoning, ...others });
}

/** `wire` with the server's own fields added; the fields Elbow writes itself win. */
function withFields<T extends object>(wire: T, fields: Readonly<ProviderData>): T {
  return { ...fields, ...wire };
}

function toolMessages(message: ToolResultsMessage, wireId: (id: string) => string): ChatCompletionToolMessageParam[] {
  return message.results.map((result) => ({ role: 'tool', tool_call_id: wireId(result.toolCallId), content: toolResultText(result) }));
}

/** Chat Completions tool messages carry text only, so images become a note the model can read. */
function toolResultText(result: ToolResultBlock): string {
  return result.content
    .map((block) => (block.type === 'text' ? block.text : `[image (${block.mediaType}) omitted: tool results cannot carry images here]`))
    .join('\n');
}
