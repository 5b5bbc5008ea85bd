/** How hard a model thinks before it answers, in the words of the setting and the flag. */
export type ReasoningEffort = 'off' | 'low' | 'medium' | 'high';

/** `default`: the request says nothing and the model's own default applies. */
export type ReasoningEffortSetting = 'default' | ReasoningEffort;

export const reasoningEffortSettings: readonly ReasoningEffortSetting[] = ['default', 'off', 'low', 'medium', 'high'];

/**
 * How a model's thinking is asked for on the wire, as each provider documents it for the model.
 * `defaultEffort` is what the model does when the request says nothing, where that is documented.
 */
export type ReasoningFacts =
  /** Anthropic `thinking: {type: "enabled", budget_tokens}`; no thinking unless asked. */
  | { control: 'anthropicBudget'; defaultEffort: 'off'; /** Thinking between tool calls needs the interleaved-thinking beta header. */ interleavedBeta: boolean }
  /**
   * Anthropic `thinking: {type: "adaptive"}` with `output_config.effort`. `offThinking` is the
   * `thinking.type` that turns it off; without one it cannot be turned off and `off` asks for the lowest effort.
   */
  | { control: 'anthropicAdaptive'; defaultEffort: ReasoningEffort; offThinking?: 'disabled' | 'between_tools' }
  /** `reasoning_effort`, the output limit in `max_completion_tokens` (`max_tokens` is refused); `lowestEffort` is sent for `off`. */
  | { control: 'openaiEffort'; defaultEffort?: ReasoningEffort; lowestEffort: 'none' | 'minimal' | 'low' }
  /** DeepSeek `thinking: {type: "enabled" | "disabled"}` with `reasoning_effort`. */
  | { control: 'deepseekThinking'; defaultEffort: ReasoningEffort };

/** The setting's value from a flag, an environment variable or a settings file; undefined when it is none of the levels. */
export function parseReasoningEffort(value: unknown): ReasoningEffortSetting | undefined {
  if (typeof value !== 'string') return undefined;
  const text = value.trim().toLowerCase();
  return reasoningEffortSettings.find((setting) => setting === text);
}
