import type Anthropic from '@anthropic-ai/sdk';
import type { MessageCreateParamsStreaming } from '@anthropic-ai/sdk/resources/messages';
import type { ModelPrices } from '../modelFacts';
import type { ChatRequest, Provider, ProviderEvent } from '../provider';
import { officialEndpoints } from '../presets/officialEndpoints';
import type { ProviderPreset } from '../presets/providerPreset';
import { requestPreset } from '../presets/requestPreset';
import type { ReasoningEffortSetting } from '../reasoningEffort';
import { raceAbort, requestSignal, untilAborted } from './abortable';
import { toAnthropicMessages, toAnthropicSystem, toAnthropicTools } from './anthropicMessages';
import { AnthropicStreamAssembler } from './anthropicStream';
import { anthropicThinking } from './anthropicThinking';
import { classifyError, type SdkErrorClasses } from './classifyError';
import { defaultStallTimeoutMs, fetchWithStallTimeout } from './stallTimeout';
import { completeFinalEvent } from './completeFinalEvent';
import { fetchWithoutRedirects } from './noRedirects';
import { splitBaseUrl } from './baseUrlQuery';
import { loadAnthropicSdk } from './loadProviderSdk';
import { serverOrigin } from './serverOrigin';

export interface AnthropicProviderOptions {
  apiKey: string;
  baseURL?: string;
  timeoutMs?: number;
  /** A reply that sends nothing for this long is abandoned as a retryable failure (default 120 s; 0: never). */
  stallTimeoutMs?: number;
  /** Used when a request does not set `maxOutputTokens`; the API requires a value. */
  maxOutputTokens?: number;
  /** Used when a request does not set `reasoningEffort`. */
  reasoningEffort?: ReasoningEffortSetting;
  /** The provider the user picked: what its server refuses and how it wants tool call ids. */
  preset?: ProviderPreset;
  /** What the model's tokens cost; each usage is priced as it is read (its cost unknown without them). */
  prices?: ModelPrices;
  fetch?: typeof fetch;
}

const defaultMaxOutputTokens = 8192;

/** Anthropic Messages API. */
export class AnthropicProvider implements Provider {
  readonly name = 'anthropic';
  private readonly sdk: SdkErrorClasses;
  private readonly client: Anthropic;
  private readonly maxOutputTokens: number;
  private readonly reasoningEffort: ReasoningEffortSetting;
  private readonly origin: string | undefined;
  private readonly prices: ModelPrices | undefined;
  private readonly preset: ProviderPreset;

  constructor(options: AnthropicProviderOptions) {
    const { Anthropic, ...errors } = loadAnthropicSdk();
    this.sdk = errors;
    // Retries are the agent loop's decision, made with the classified error.
    const endpoint = splitBaseUrl(options.baseURL ?? officialEndpoints.anthropic);
    this.client = new Anthropic({
      apiKey: options.apiKey,
      baseURL: endpoint.baseURL,
      defaultQuery: endpoint.query,
      maxRetries: 0,
      // The SDK's own log would print a server's raw words; every failure reaches Elbow as an error.
      logLevel: 'off',
      timeout: options.timeoutMs,
      fetch: completeFinalEvent(fetchWithStallTimeout(options.stallTimeoutMs ?? defaultStallTimeoutMs, fetchWithoutRedirects(options.fetch))),
    });
    this.reasoningEffort = options.reasoningEffort ?? 'default';
    this.maxOutputTokens = options.maxOutputTokens ?? defaultMaxOutputTokens;
    this.origin = serverOrigin(this.client.baseURL);
    this.prices = options.prices;
    this.preset = requestPreset('anthropic', this.client.baseURL, options.preset);
  }

  async *stream(request: ChatRequest): AsyncGenerator<ProviderEvent> {
    const assembler = new AnthropicStreamAssembler(request.model, this.origin, this.prices);
    const { signal } = request;
    const scope = requestSignal(signal);
    try {
      const { body, betas } = this.requestBody(request);
      const headers = betas.length > 0 ? { 'anthropic-beta': betas.join(',') } : undefined;
      const events = await raceAbort(this.client.messages.create(body, { signal: scope.signal, headers }), signal);
      for await (const event of untilAborted(events, signal)) yield* assembler.push(event);
      if (signal?.aborted) throw signal.reason;
      yield* assembler.finish();
    } catch (error) {
      yield { type: 'error', error: classifyError(error, { signal, outputStarted: assembler.outputStarted, endpoint: this.client.baseURL, sdks: [this.sdk] }) };
    } finally {
      scope.release();
    }
  }

  private requestBody(request: ChatRequest): { body: MessageCreateParamsStreaming; betas: string[] } {
    const system = toAnthropicSystem(request.system);
    const tools = toAnthropicTools(request.tools);
    const maxTokens = request.maxOutputTokens ?? this.maxOutputTokens;
    const thinking = anthropicThinking(request.model, request.reasoningEffort ?? this.reasoningEffort, maxTokens, tools.length > 0);
    const body: MessageCreateParamsStreaming = {
      model: request.model,
      ...(system && { system }),
      messages: toAnthropicMessages(request.messages, this.origin, this.preset),
      ...(tools.length > 0 && { tools }),
      max_tokens: maxTokens,
      ...thinking.fields,
      stream: true,
    };
    return { body, betas: thinking.betas };
  }
}
