import type {
  MessageDeltaUsage,
  RawContentBlockDelta,
  RawContentBlockStartEvent,
  RawMessageStreamEvent,
  StopReason as AnthropicStopReason,
  Usage as AnthropicUsage,
} from '@anthropic-ai/sdk/resources/messages';
import type { AssistantMessage, StopReason, TextBlock, ThinkingBlock, ToolCallBlock, Usage } from '../messages';
import type { ModelPrices } from '../modelFacts';
import type { ProviderEvent } from '../provider';
import { costOfUsage } from '../usageCost';
import { ProviderError } from '../providerError';

type Block = TextBlock | ThinkingBlock | ToolCallBlock;

const stopReasons: Partial<Record<AnthropicStopReason, StopReason>> = {
  end_turn: 'end_turn',
  stop_sequence: 'end_turn',
  tool_use: 'tool_use',
  max_tokens: 'max_tokens',
  model_context_window_exceeded: 'context_window',
  refusal: 'refusal',
  pause_turn: 'paused',
};

/** Turns Messages API stream events into neutral events and, at the end, one AssistantMessage. */
export class AnthropicStreamAssembler {
  /** By the stream's block index; blocks Elbow does not model (server tools) stay empty. */
  private readonly blocks: Array<Block | undefined> = [];
  private usage: Usage = { inputTokens: 0, outputTokens: 0, cacheReadTokens: 0, cacheWriteTokens: 0 };
  private stopReason: StopReason = 'other';
  private stopDetail: string | undefined;
  private stopped = false;

  /** `origin`: the server's host, whose signatures the thinking blocks carry; `prices`: what the usage costs. */
  constructor(
    private readonly model: string,
    private readonly origin?: string,
    private readonly prices?: ModelPrices,
  ) {}

  /** Whether any text, thinking or tool call has been streamed. */
  get outputStarted(): boolean {
    return this.blocks.some((block) => block !== undefined);
  }

  *push(event: RawMessageStreamEvent): Generator<ProviderEvent> {
    switch (event.type) {
      case 'message_start':
        this.updateUsage(event.message.usage);
        break;
      case 'content_block_start':
        yield* this.startBlock(event);
        break;
      case 'content_block_delta':
        yield* this.applyDelta(this.blocks[event.index], event.delta);
        break;
      case 'content_block_stop':
        stopBlock(this.blocks[event.index]);
        break;
      case 'message_delta':
        if (event.delta.stop_reason) this.stopReason = stopReasons[event.delta.stop_reason] ?? 'other';
        // Older API versions send no `stop_details`.
        if (event.delta.stop_details?.explanation) this.stopDetail = event.delta.stop_details.explanation;
        this.updateUsage(event.usage);
        break;
      case 'message_stop':
        this.stopped = true;
        break;
    }
  }

  /** The final events: usage and `done`, or an error when `message_stop` never came. */
  *finish(): Generator<ProviderEvent> {
    if (!this.stopped) {
      yield { type: 'error', error: this.unfinishedError() };
      return;
    }
    yield { type: 'usage', usage: this.usage, cost: costOfUsage(this.usage, this.prices) };
    yield { type: 'done', message: this.message() };
  }

  private *startBlock({ index, content_block: block }: RawContentBlockStartEvent): Generator<ProviderEvent> {
    if (block.type === 'text') {
      this.blocks[index] = { type: 'text', text: '' };
      yield* this.applyDelta(this.blocks[index], { type: 'text_delta', text: block.text });
    } else if (block.type === 'thinking') {
      this.blocks[index] = { type: 'thinking', thinking: '', ...(block.signature && { signature: block.signature }) };
      yield* this.applyDelta(this.blocks[index], { type: 'thinking_delta', thinking: block.thinking });
    } else if (block.type === 'redacted_thinking') {
      this.blocks[index] = { type: 'thinking', thinking: '', redactedData: block.data };
    } else if (block.type === 'tool_use') {
      this.blocks[index] = { type: 'tool_call', id: block.id, name: block.name, arguments: '' };
      yield { type: 'tool_call_start', id: block.id, name: block.name };
    }
  }

  private *applyDelta(block: Block | undefined, delta: RawContentBlockDelta): Generator<ProviderEvent> {
    if (block?.type === 'text' && delta.type === 'text_delta' && delta.text) {
      block.text += delta.text;
      yield { type: 'text_delta', text: delta.text };
    } else if (block?.type === 'thinking' && delta.type === 'thinking_delta' && delta.thinking) {
      block.thinking += delta.thinking;
      yield { type: 'thinking_delta', text: delta.thinking };
    } else if (block?.type === 'thinking' && delta.type === 'signature_delta') {
      block.signature = (block.signature ?? '') + delta.signature;
    } else if (block?.type === 'tool_call' && delta.type === 'input_json_delta' && delta.partial_json) {
      block.arguments += delta.partial_json;
    }
  }

  /** `message_start` carries the input side; `message_delta` cumulative totals (nullable). */
  private updateUsage(usage: AnthropicUsage | MessageDeltaUsage): void {
    this.usage = {
      inputTokens: usage.input_tokens ?? this.usage.inputTokens,
      outputTokens: usage.output_tokens ?? this.usage.outputTokens,
      cacheReadTokens: usage.cache_read_input_tokens ?? this.usage.cacheReadTokens,
      cacheWriteTokens: usage.cache_creation_input_tokens ?? this.usage.cacheWriteTokens,
    };
  }

  private message(): AssistantMessage {
    const content = this.blocks.filter((block): block is Block => block !== undefined && !(block.type === 'text' && block.text === ''));
    return {
      role: 'assistant',
      content,
      stopReason: this.stopReason,
      provider: 'anthropic',
      ...(this.origin !== undefined && { origin: this.origin }),
      model: this.model,
      usage: this.usage,
      ...(this.stopDetail !== undefined && { stopDetail: this.stopDetail }),
    };
  }

  private unfinishedError(): ProviderError {
    if (this.outputStarted) return new ProviderError('stream_broken', 'The reply stream ended before the model finished');
    return new ProviderError('network', 'The API closed the connection without a reply');
  }
}

/** A call without input streams no JSON at all; its arguments are the empty object. */
function stopBlock(block: Block | undefined): void {
  if (block?.type === 'tool_call' && !block.arguments) block.arguments = '{}';
}
