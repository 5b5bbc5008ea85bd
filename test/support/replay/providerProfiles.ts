/** Which wire format each recorded provider speaks and which documented request rules it applies. */
import { anthropicThinkingRule } from './rules/anthropicThinking';
import { deepseekThinkingRule } from './rules/deepseekThinking';
import { geminiThoughtSignatureRule } from './rules/geminiThoughtSignatures';
import { openrouterReasoningDetailsRule } from './rules/openrouterReasoningDetails';
import type { ReplayApi, RequestRule } from './rules/requestRule';

export type ReplayProvider = 'openai' | 'deepseek' | 'gemini' | 'openrouter' | 'anthropic' | 'ollama' | 'llamacpp' | 'vllm' | 'lmstudio';

export interface ProviderProfile {
  api: ReplayApi;
  /** Fresh rule instances: some remember what this server handed out. */
  rules(): RequestRule[];
}

export const providerProfiles: Record<ReplayProvider, ProviderProfile> = {
  // OpenAI's own rules (tool results paired with calls, the request shape) are checked for every request.
  openai: { api: 'openai', rules: () => [] },
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
