import { randomUUID } from 'node:crypto';
import type { ChatCompletionChunk } from 'openai/resources/chat/completions';
import type { CompletionUsage } from 'openai/resources/completions';
import type { AssistantMessage, ProviderData, StopReason, ToolCallBlock, Usage } from '../messages';
import type { ModelPrices } from '../modelFacts';
import type { ProviderEvent } from '../provider';
import { costOfUsage } from '../usageCost';
import { ProviderError } from '../providerError';
import { firedFilters } from './contentFilter';
import { ReasoningDetails } from './reasoningDetails';

type Delta = ChatCompletionChunk.Choice.Delta;
type ToolCallFragment = ChatCompletionChunk.Choice.Delta.ToolCall;

/** Reasoning fields some OpenAI-compatible servers add to the delta. */
interface ReasoningDelta {
  reasoning_content?: string | null; // DeepSeek
  reasoning?: string | null; // OpenRouter
  reasoning_details?: unknown; // OpenRouter, structured, to be sent back
}

/**
 * Gemini's OpenAI-compatible endpoint puts thought signatures in `extra_content`, to be sent back
 * where they came: on tool calls (Gemini 3), on the message (Gemini 2.5).
 */
interface GeminiExtras {
  extra_content?: unknown;
}

/** Azure names the filters that stopped a choice. */
interface AzureChoiceExtras {
  content_filter_results?: unknown;
}

/** DeepSeek reports its prefix cache outside `prompt_tokens_details`. */
interface DeepSeekUsage {
  prompt_cache_hit_tokens?: number;
  prompt_cache_miss_tokens?: number;
}

interface PendingToolCall {
  index: number;
  id: string;
  name: string;
  arguments: string;
  started: boolean;
  providerData?: ProviderData;
}

const stopReasons: Record<string, StopReason> = {
  stop: 'end_turn',
  tool_calls: 'tool_use',
  function_call: 'tool_use',
  length: 'max_tokens',
  content_filter: 'refusal',
};

/**
 * Finish reasons saying the server broke the reply off: DeepSeek's "insufficient_system_resource",
 * "the request is interrupted due to insufficient resource of the inference system"
 * (https://api-docs.deepseek.com/api/create-chat-completion, `finish_reason`).
 */
const interruptions: ReadonlySet<string> = new Set(['insufficient_system_resource']);

/** Turns Chat Completions chunks into neutral events and, at the end, one AssistantMessage. */
export class OpenAIStreamAssembler {
  private thinking = '';
  /** DeepSeek's `reasoning_content` alone, which it needs back in tool loops; empty when sent empty, undefined when never sent. */
  private reasoningContent: string | undefined;
  private extraContent: unknown;
  private readonly reasoningDetails = new ReasoningDetails();
  private text = '';
  private readonly calls: PendingToolCall[] = [];
  private stopReason: StopReason | undefined;
  private interrupted = false;
  private stopDetail: string | undefined;
  private usage: Usage | undefined;

  /** `origin`: the server's host, stamped on the message with the fields it needs back; `prices`: what the usage costs. */
  constructor(
    private readonly model: string,
    private readonly origin?: string,
    private readonly prices?: ModelPrices,
  ) {}

  /** Whether any text, thinking or tool call has been streamed. */
  get outputStarted(): boolean {
    return this.thinking !== '' || this.text !== '' || this.calls.length > 0;
  }

  *push(chunk: ChatCompletionChunk): Generator<ProviderEvent> {
    if (chunk.usage) this.usage = usageOf(chunk.usage);
    const choice = chunk.choices[0];
    if (!choice) return;
    const delta: Delta & ReasoningDelta & GeminiExtras = choice.delta ?? {};
    const reasoning = delta.reasoning_content || delta.reasoning;
    if (typeof delta.reasoning_content === 'string') this.reasoningContent = (this.reasoningContent ?? '') + delta.reasoning_content;
    this.reasoningDetails.add(delta.reasoning_details);
    if (delta.extra_content !== undefined && delta.extra_content !== null) this.extraContent = delta.extra_content;
    if (reasoning) {
      this.thinking += reasoning;
      yield { type: 'thinking_delta', text: reasoning };
    }
    const text = (delta.content ?? '') + (delta.refusal ?? '');
    if (text) {
      this.text += text;
      yield { type: 'text_delta', text };
    }
    for (const fragment of delta.tool_calls ?? []) yield* this.pushToolCall(fragment);
    if (choice.finish_reason) {
      this.stopReason = stopReasons[choice.finish_reason] ?? 'other';
      this.interrupted ||= interruptions.has(choice.finish_reason);
      if (choice.finish_reason === 'content_filter') this.stopDetail = firedFilters((choice as AzureChoiceExtras).content_filter_results);
      yield* this.endToolCalls();
    }
  }

  /** The final event: `done`, or an error when the stream stopped before a finish reason. */
  *finish(): Generator<ProviderEvent> {
    if (!this.stopReason) {
      yield { type: 'error', error: this.unfinishedError() };
      return;
    }
    if (this.interrupted) {
      // Nothing of an interrupted reply is kept, so no call in it runs: the request is sent again.
      yield { type: 'error', error: new ProviderError('overloaded', 'The server stopped the reply for lack of resources (finish_reason "insufficient_system_resource").') };
      return;
    }
    if (this.usage) yield { type: 'usage', usage: this.usage, cost: costOfUsage(this.usage, this.prices) };
    yield { type: 'done', message: this.message(this.stopReason) };
  }

  private *pushToolCall(fragment: ToolCallFragment & GeminiExtras): Generator<ProviderEvent> {
    const name = fragment.function?.name ?? '';
    let call = this.calls.findLast((candidate) => candidate.index === fragment.index);
    // Some servers give every parallel call the same index; a new id with a name starts a new call.
    const startsAnother = call?.started && fragment.id && name && fragment.id !== call.id;
    if (!call || startsAnother) {
      call = { index: fragment.index, id: '', name: '', arguments: '', started: false };
      this.calls.push(call);
    }
    if (fragment.extra_content !== undefined && fragment.extra_content !== null) call.providerData = { extra_content: fragment.extra_content };
    if (!call.started) {
      if (fragment.id) call.id = fragment.id;
      // Tolerate servers that stream the name in pieces or repeat it whole.
      if (name && name !== call.name) call.name += name;
    }
    const argumentsDelta = fragment.function?.arguments ?? '';
    if (!argumentsDelta) return;
    if (!call.started) yield this.start(call);
    call.arguments += argumentsDelta;
  }

  private start(call: PendingToolCall): ProviderEvent {
    call.started = true;
    call.id ||= `call_${randomUUID().replaceAll('-', '').slice(0, 24)}`;
    return { type: 'tool_call_start', id: call.id, name: call.name };
  }

  /** A call that streamed no arguments starts when the reply ends. */
  private *endToolCalls(): Generator<ProviderEvent> {
    for (const call of this.calls.filter((pending) => !pending.started)) yield this.start(call);
  }

  private message(stopReason: StopReason): AssistantMessage {
    const content: AssistantMessage['content'] = [];
    if (this.thinking) content.push({ type: 'thinking', thinking: this.thinking });
    if (this.text) content.push({ type: 'text', text: this.text });
    content.push(...this.calls.map(toolCallBlock));
    const providerData = this.providerData();
    return {
      role: 'assistant',
      content,
      stopReason,
      ...(this.stopDetail !== undefined && { stopDetail: this.stopDetail }),
      provider: 'openai',
      ...(this.origin !== undefined && { origin: this.origin }),
      ...(providerData && { providerData }),
      model: this.model,
      ...(this.usage && { usage: this.usage }),
    };
  }

  private providerData(): ProviderData | undefined {
    const details = this.reasoningDetails.all();
    const data: ProviderData = {
      ...(this.reasoningContent !== undefined && { reasoning_content: this.reasoningContent }),
      ...(details.length > 0 && { reasoning_details: details }),
      ...(this.extraContent !== undefined && { extra_content: this.extraContent }),
    };
    return Object.keys(data).length > 0 ? data : undefined;
  }

  private unfinishedError(): ProviderError {
    if (this.outputStarted) return new ProviderError('stream_broken', 'The reply stream ended before the model finished');
    return new ProviderError('network', 'The API closed the connection without a reply');
  }
}

function toolCallBlock(call: PendingToolCall): ToolCallBlock {
  return { type: 'tool_call', id: call.id, name: call.name, arguments: call.arguments, ...(call.providerData && { providerData: call.providerData }) };
}

/** `prompt_tokens` includes cached tokens; Elbow counts them apart. */
function usageOf(usage: CompletionUsage & DeepSeekUsage): Usage {
  const cached = usage.prompt_tokens_details?.cached_tokens ?? usage.prompt_cache_hit_tokens ?? 0;
  return {
    inputTokens: Math.max(0, usage.prompt_tokens - cached),
    outputTokens: usage.completion_tokens,
    cacheReadTokens: cached,
    cacheWriteTokens: 0,
  };
}
