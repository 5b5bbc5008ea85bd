import { isLocalEndpoint } from '../modelCatalog';
import type { ModelPrices } from '../modelFacts';
import type { ProviderPreset } from '../presets/providerPreset';
import type { Provider } from '../provider';
import type { ReasoningEffortSetting } from '../reasoningEffort';
import { TextToolCallProvider } from '../textToolCalls/textToolCallProvider';
import { AnthropicProvider } from './anthropicProvider';
import { OpenAIProvider } from './openaiProvider';

/** The wire APIs Elbow speaks. */
export type ProviderName = 'openai' | 'anthropic';

export interface ProviderConfig {
  provider: ProviderName;
  apiKey: string;
  baseURL?: string;
  timeoutMs?: number;
  /** A reply that sends nothing for this long is abandoned and retried (default 120 s; 0: never). */
  stallTimeoutMs?: number;
  /** The output limit a request asks for when it sets none (only Anthropic requires one; other servers keep their default). */
  maxOutputTokens?: number;
  /** How hard models think (the user's setting); `default` leaves it to each model. */
  reasoningEffort?: ReasoningEffortSetting;
  /** The provider the user picked; its rules shape requests (see `requestPreset`). */
  preset?: ProviderPreset;
  /** What the model's tokens cost, to price each request's usage. */
  prices?: ModelPrices;
  /** Azure's `api-version` when the base URL carries none. */
  azureApiVersion?: string;
  /** Microsoft Entra ID tokens for Azure; the key is then not sent. */
  azureTokenProvider?: () => Promise<string>;
}

export function createProvider(config: ProviderConfig): Provider {
  const { provider, maxOutputTokens, azureApiVersion, azureTokenProvider, ...options } = config;
  if (provider === 'anthropic') return new AnthropicProvider({ ...options, maxOutputTokens });
  // Servers speaking OpenAI's API may pass a model's tool calls on as text (their tool-call parser off):
  // local servers do, whichever preset reaches them.
  const textToolCalls = (config.preset?.textToolCalls ?? false) || isLocalEndpoint(config.baseURL);
  return new TextToolCallProvider(new OpenAIProvider({ ...options, azureApiVersion, azureTokenProvider }), textToolCalls);
}
