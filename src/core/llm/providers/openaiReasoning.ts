import type { ChatCompletionCreateParamsStreaming } from 'openai/resources/chat/completions';
import { modelReasoning } from '../modelCatalog';
import type { ReasoningEffortSetting } from '../reasoningEffort';

/** DeepSeek's thinking switch, which the OpenAI SDK passes through as an extra body field. */
export interface DeepSeekThinking {
  thinking?: { type: 'enabled' | 'disabled' };
}

export type OpenAIReasoningFields = Pick<ChatCompletionCreateParamsStreaming, 'reasoning_effort' | 'max_tokens' | 'max_completion_tokens'> & DeepSeekThinking;

/**
 * The output limit and reasoning fields of one Chat Completions request. OpenAI's reasoning
 * models refuse `max_tokens` and take `max_completion_tokens`; every other server keeps
 * `max_tokens`, the one they all know. Reasoning is only asked of models documented to take it,
 * and `default` asks nothing.
 */
export function openaiReasoning(model: string, effort: ReasoningEffortSetting, maxOutputTokens: number | undefined): OpenAIReasoningFields {
  const facts = modelReasoning(model);
  if (facts?.control === 'openaiEffort') {
    return {
      ...(maxOutputTokens !== undefined && { max_completion_tokens: maxOutputTokens }),
      ...(effort !== 'default' && { reasoning_effort: effort === 'off' ? facts.lowestEffort : effort }),
    };
  }
  const limit = maxOutputTokens === undefined ? {} : { max_tokens: maxOutputTokens };
  if (facts?.control !== 'deepseekThinking' || effort === 'default') return limit;
  if (effort === 'off') return { ...limit, thinking: { type: 'disabled' } };
  return { ...limit, thinking: { type: 'enabled' }, reasoning_effort: effort };
}
