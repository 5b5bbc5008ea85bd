import type OpenAI from 'openai';
import type { ChatCompletionCreateParamsStreaming } from 'openai/resources/chat/completions';
import type { ModelPrices } from '../modelFacts';
import type { ChatRequest, Provider, ProviderEvent } from '../provider';
import type { ProviderPreset } from '../presets/providerPreset';
import { requestPreset } from '../presets/requestPreset';
import type { ReasoningEffortSetting } from '../reasoningEffort';
import { raceAbort, requestSignal, untilAborted } from './abortable';
import { classifyError, type SdkErrorClasses } from './classifyError';
import { defaultStallTimeoutMs, fetchWithStallTimeout } from './stallTimeout';
import { completeFinalEvent } from './completeFinalEvent';
import { fetchWithoutRedirects } from './noRedirects';
import { loadOpenaiSdk } from './loadProviderSdk';
import { openaiClientFor } from './openaiClientFor';
import { toOpenAIMessages, toOpenAITools } from './openaiMessages';
import { openaiReasoning } from './openaiReasoning';
import { OpenAIStreamAssembler } from './openaiStream';
import { withoutRefusedFields } from './refusedFields';
import { serverOrigin } from './serverOrigin';

export interface OpenAIProviderOptions {
  apiKey: string;
  /** For OpenAI-compatible servers (DeepSeek, OpenRouter, Ollama, …). */
  baseURL?: string;
  timeoutMs?: number;
  /** Used when a request does not set `reasoningEffort`. */
  reasoningEffort?: ReasoningEffortSetting;
  /** A reply that sends nothing for this long is abandoned as a retryable failure (default 120 s; 0: never). */
  stallTimeoutMs?: number;
  /** The provider the user picked: what its server refuses and how it wants tool call ids. */
  preset?: ProviderPreset;
  /** What the model's tokens cost; each usage is priced as it is read (its cost unknown without them). */
  prices?: ModelPrices;
  /** Azure's `api-version` when the base URL carries none (default: the preset's). */
  azureApiVersion?: string;
  /** Microsoft Entra ID tokens for Azure, asked for before each request; the key is then not sent. */
  azureTokenProvider?: () => Promise<string>;
  fetch?: typeof fetch;
}

/** OpenAI Chat Completions, the wire API most providers and local servers speak. */
export class OpenAIProvider implements Provider {
  readonly name = 'openai';
  private readonly sdk: SdkErrorClasses;
  private readonly client: OpenAI;
  private readonly reasoningEffort: ReasoningEffortSetting;
  private readonly origin: string | undefined;
  private readonly prices: ModelPrices | undefined;
  private readonly preset: ProviderPreset;

  constructor(options: OpenAIProviderOptions) {
    const { OpenAIClient, AzureClient, ...errors } = loadOpenaiSdk();
    this.sdk = errors;
    this.client = openaiClientFor({ OpenAIClient, AzureClient }, {
      ...options,
      fetch: completeFinalEvent(fetchWithStallTimeout(options.stallTimeoutMs ?? defaultStallTimeoutMs, fetchWithoutRedirects(options.fetch))),
    });
    this.reasoningEffort = options.reasoningEffort ?? 'default';
    this.origin = serverOrigin(this.client.baseURL);
    this.prices = options.prices;
    this.preset = requestPreset('openai', this.client.baseURL, options.preset);
  }

  async *stream(request: ChatRequest): AsyncGenerator<ProviderEvent> {
    const assembler = new OpenAIStreamAssembler(request.model, this.origin, this.prices);
    const { signal } = request;
    const scope = requestSignal(signal);
    try {
      const chunks = await raceAbort(this.client.chat.completions.create(requestBody(request, this.reasoningEffort, this.origin, this.preset), { signal: scope.signal }), signal);
      for await (const chunk of untilAborted(chunks, signal)) yield* assembler.push(chunk);
      if (signal?.aborted) throw signal.reason;
      yield* assembler.finish();
    } catch (error) {
      yield { type: 'error', error: classifyError(error, { signal, outputStarted: assembler.outputStarted, endpoint: this.client.baseURL, sdks: [this.sdk] }) };
    } finally {
      scope.release();
    }
  }
}

/** One request, shaped by the rules of the server it goes to (`preset`): nothing it refuses, ids it accepts. */
function requestBody(request: ChatRequest, reasoningEffort: ReasoningEffortSetting, origin: string | undefined, preset: ProviderPreset): ChatCompletionCreateParamsStreaming {
  const tools = toOpenAITools(request.tools);
  const body: ChatCompletionCreateParamsStreaming = {
    model: request.model,
    messages: toOpenAIMessages(request.system, request.messages, origin, preset),
    ...(tools.length > 0 && { tools }),
    stream: true,
    stream_options: { include_usage: true },
    ...openaiReasoning(request.model, request.reasoningEffort ?? reasoningEffort, request.maxOutputTokens),
  };
  return withoutRefusedFields(body, preset.refusedFields);
}
