import Anthropic from '@anthropic-ai/sdk';
import type { MessageCreateParamsStreaming } from '@anthropic-ai/sdk/resources/messages';
import type { ChatRequest, Provider, ProviderEvent } from '../provider';
import { raceAbort, requestSignal, untilAborted } from './abortable';
import { toAnthropicMessages, toAnthropicSystem, toAnthropicTools } from './anthropicMessages';
import { AnthropicStreamAssembler } from './anthropicStream';
import { classifyError } from './classifyError';
import { completeFinalEvent } from './completeFinalEvent';
import { serverOrigin } from './serverOrigin';

export interface AnthropicProviderOptions {
  apiKey: string;
  baseURL?: string;
  timeoutMs?: number;
  /** Used when a request does not set `maxOutputTokens`; the API requires a value. */
  maxOutputTokens?: number;
  fetch?: typeof fetch;
}

const defaultMaxOutputTokens = 8192;

/** Anthropic Messages API. */
export class AnthropicProvider implements Provider {
  readonly name = 'anthropic';
  private readonly client: Anthropic;
  private readonly maxOutputTokens: number;
  private readonly origin: string | undefined;

  constructor(options: AnthropicProviderOptions) {
    // Retries are the agent loop's decision, made with the classified error.
    this.client = new Anthropic({
      apiKey: options.apiKey,
      baseURL: options.baseURL,
      maxRetries: 0,
      timeout: options.timeoutMs,
      fetch: completeFinalEvent(options.fetch),
    });
    this.maxOutputTokens = options.maxOutputTokens ?? defaultMaxOutputTokens;
    this.origin = serverOrigin(this.client.baseURL);
  }

  async *stream(request: ChatRequest): AsyncGenerator<ProviderEvent> {
    const assembler = new AnthropicStreamAssembler(request.model, this.origin);
    const { signal } = request;
    const scope = requestSignal(signal);
    try {
      const events = await raceAbort(this.client.messages.create(this.requestBody(request), { signal: scope.signal }), signal);
      for await (const event of untilAborted(events, signal)) yield* assembler.push(event);
      if (signal?.aborted) throw signal.reason;
      yield* assembler.finish();
    } catch (error) {
      yield { type: 'error', error: classifyError(error, { signal, outputStarted: assembler.outputStarted, endpoint: this.client.baseURL }) };
    } finally {
      scope.release();
    }
  }

  private requestBody(request: ChatRequest): MessageCreateParamsStreaming {
    const system = toAnthropicSystem(request.system);
    const tools = toAnthropicTools(request.tools);
    return {
      model: request.model,
      ...(system && { system }),
      messages: toAnthropicMessages(request.messages, this.origin),
      ...(tools.length > 0 && { tools }),
      max_tokens: request.maxOutputTokens ?? this.maxOutputTokens,
      stream: true,
    };
  }
}
