import type { MessageCreateParamsStreaming } from '@anthropic-ai/sdk/resources/messages';
import { modelReasoning } from '../modelCatalog';
import type { ReasoningEffort, ReasoningEffortSetting } from '../reasoningEffort';

/** The request fields that set a model's thinking, and the beta features they need. */
export interface AnthropicThinkingRequest {
  fields: Pick<MessageCreateParamsStreaming, 'thinking' | 'output_config'>;
  /** Values for the `anthropic-beta` header. */
  betas: string[];
}

/** Lets a Claude 4 model think between tool calls with a budget (https://platform.claude.com/docs/en/build-with-claude/extended-thinking). */
export const interleavedThinkingBeta = 'interleaved-thinking-2025-05-14';

/** The API refuses smaller budgets. */
export const minimumThinkingBudget = 1024;

/** Thinking budgets per level, before they are fitted under `max_tokens`. */
const thinkingBudgets: Record<Exclude<ReasoningEffort, 'off'>, number> = { low: 4_096, medium: 12_000, high: 24_000 };

/** Room kept for the answer and its tool calls, as thinking counts against `max_tokens`. */
const answerRoom = 4_096;

/**
 * How one request asks for thinking, following what Anthropic documents for the model: a budget
 * below `max_tokens` for the older models, adaptive thinking with an effort for the newer ones, and
 * nothing for `default` or for models that do not think. Elbow sends no temperature, which
 * thinking would restrict.
 */
export function anthropicThinking(model: string, effort: ReasoningEffortSetting, maxTokens: number, hasTools: boolean): AnthropicThinkingRequest {
  const none: AnthropicThinkingRequest = { fields: {}, betas: [] };
  const facts = modelReasoning(model);
  if (effort === 'default' || facts === undefined) return none;
  if (facts.control === 'anthropicBudget') {
    if (effort === 'off') return none;
    const budget = Math.min(thinkingBudgets[effort], maxTokens - answerRoom);
    if (budget < minimumThinkingBudget) return none;
    return {
      fields: { thinking: { type: 'enabled', budget_tokens: budget } },
      betas: facts.interleavedBeta && hasTools ? [interleavedThinkingBeta] : [],
    };
  }
  if (facts.control !== 'anthropicAdaptive') return none;
  if (effort !== 'off') return { fields: { thinking: { type: 'adaptive' }, output_config: { effort } }, betas: [] };
  if (facts.defaultEffort === 'off') return none;
  // A model that always thinks is asked to think as little as it can.
  if (facts.offThinking === undefined) return { fields: { output_config: { effort: 'low' } }, betas: [] };
  return { fields: { thinking: { type: facts.offThinking } }, betas: [] };
}
