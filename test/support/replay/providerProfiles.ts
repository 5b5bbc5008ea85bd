/** Which wire format each recorded provider speaks and which documented request rules it applies. */
import type { IncomingHttpHeaders } from 'node:http';
import { azureRoute } from './azureRoute';
import { anthropicThinkingRule } from './rules/anthropicThinking';
import { deepseekThinkingRule } from './rules/deepseekThinking';
import { geminiThoughtSignatureRule } from './rules/geminiThoughtSignatures';
import { openrouterReasoningDetailsRule } from './rules/openrouterReasoningDetails';
import type { ReplayApi, RequestRule, ServiceAnswer } from './rules/requestRule';

export type ReplayProvider = 'openai' | 'azure' | 'deepseek' | 'gemini' | 'openrouter' | 'anthropic' | 'ollama' | 'llamacpp' | 'vllm' | 'lmstudio';

/** A request the service serves (its wire API), one it refuses at the door (with its answer), or `undefined`: no such route. */
export type RouteDecision = { api: ReplayApi } | { refusal: ServiceAnswer; reason: string } | undefined;

export interface ProviderProfile {
  api: ReplayApi;
  /** The service's own paths and credentials, where they differ from `/v1/chat/completions` with a Bearer key. */
  route?(method: string | undefined, url: URL, headers: IncomingHttpHeaders, apiKey: string): RouteDecision;
  /** Fresh rule instances: some remember what this server handed out. */
  rules(): RequestRule[];
}

export const providerProfiles: Record<ReplayProvider, ProviderProfile> = {
  // OpenAI's own rules (tool results paired with calls, the request shape) are checked for every request.
  openai: { api: 'openai', rules: () => [] },
  azure: { api: 'openai', route: azureRoute, rules: () => [] },
  deepseek: { api: 'openai', rules: () => [deepseekThinkingRule()] },
  gemini: { api: 'openai', rules: () => [geminiThoughtSignatureRule()] },
  openrouter: { api: 'openai', rules: () => [openrouterReasoningDetailsRule()] },
  anthropic: { api: 'anthropic', rules: () => [anthropicThinkingRule()] },
  // The local servers document no rule beyond the Chat Completions shape checked for every request.
  ollama: { api: 'openai', rules: () => [] },
  llamacpp: { api: 'openai', rules: () => [] },
  vllm: { api: 'openai', rules: () => [] },
  lmstudio: { api: 'openai', rules: () => [] },
};
