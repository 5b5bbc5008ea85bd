/** Which wire format each recorded provider speaks and which documented request rules it applies. */
import type { IncomingHttpHeaders } from 'node:http';
import { azureRoute } from './azureRoute';
import { anthropicThinkingRule } from './rules/anthropicThinking';
import { deepseekThinkingRule } from './rules/deepseekThinking';
import { geminiThoughtSignatureRule } from './rules/geminiThoughtSignatures';
import { mistralRequestSchemaRule } from './rules/mistralRequestSchema';
import { mistralToolCallRule } from './rules/mistralToolCalls';
import { openaiMessageSchemaRule } from './rules/openaiMessageSchema';
import { openrouterReasoningDetailsRule } from './rules/openrouterReasoningDetails';
import type { ReplayApi, RequestRule, ServiceAnswer } from './rules/requestRule';

export type ReplayProvider = 'openai' | 'azure' | 'deepseek' | 'gemini' | 'openrouter' | 'anthropic' | 'mistral' | 'ollama' | 'llamacpp' | 'vllm' | 'lmstudio';

/** A request the service serves (its wire API), one it refuses at the door (with its answer), or `undefined`: no such route. */
export type RouteDecision = { api: ReplayApi } | { refusal: ServiceAnswer; reason: string } | undefined;

export interface ProviderProfile {
  api: ReplayApi;
  /**
   * The provider's real base URL, for a provider whose request rules Elbow picks by host: the CLI
   * is pointed at it and its requests are sent on to the replay server (redirectFetch.cjs).
   */
  endpoint?: string;
  /** The service's own paths and credentials, where they differ from `/v1/chat/completions` with a Bearer key. */
  route?(method: string | undefined, url: URL, headers: IncomingHttpHeaders, apiKey: string): RouteDecision;
  /** Fresh rule instances: some remember what this server handed out. */
  rules(): RequestRule[];
}

export const providerProfiles: Record<ReplayProvider, ProviderProfile> = {
  // The Chat Completions shape (tool results paired with calls) is checked for every request; OpenAI's schema for messages sent back only here.
  openai: { api: 'openai', rules: () => [openaiMessageSchemaRule()] },
  azure: { api: 'openai', route: azureRoute, rules: () => [openaiMessageSchemaRule()] },
  deepseek: { api: 'openai', rules: () => [deepseekThinkingRule()] },
  gemini: { api: 'openai', rules: () => [geminiThoughtSignatureRule()] },
  openrouter: { api: 'openai', rules: () => [openrouterReasoningDetailsRule()] },
  anthropic: { api: 'anthropic', rules: () => [anthropicThinkingRule()] },
  mistral: { api: 'openai', endpoint: 'https://api.mistral.ai/v1', rules: () => [mistralRequestSchemaRule(), mistralToolCallRule()] },
  // The local servers document no rule beyond the Chat Completions shape checked for every request.
  ollama: { api: 'openai', rules: () => [] },
  llamacpp: { api: 'openai', rules: () => [] },
  vllm: { api: 'openai', rules: () => [] },
  lmstudio: { api: 'openai', rules: () => [] },
};
