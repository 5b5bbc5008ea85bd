import type { ModelFacts, ModelPrices } from './modelFacts';
import type { ReasoningFacts } from './reasoningEffort';

// Prices checked on 2026-11-22 (USD per million tokens); users can override any of these with the `elbow.models` setting.

function usd(input: number, output: number, cacheRead: number, cacheWrite: number): ModelPrices {
  return { input, output, cacheRead, cacheWrite };
}

/** Rates that apply to a whole request once its input passes `aboveInputTokens`. */
function tiered(base: ModelPrices, aboveInputTokens: number, long: ModelPrices): ModelPrices {
  return { ...base, longContext: { aboveInputTokens, ...long } };
}

function model(contextWindow: number, maxOutputTokens: number, prices?: ModelPrices): ModelFacts {
  return prices ? { contextWindow, maxOutputTokens, prices } : { contextWindow, maxOutputTokens };
}

// Anthropic: https://platform.claude.com/docs/en/about-claude/pricing and each model's page under
// https://platform.claude.com/docs/en/models/. cacheWrite is the 5-minute write.
const fable51 = model(1_000_000, 128_000, usd(10, 50, 0.25, 12.5));
const fable5 = model(1_000_000, 128_000, usd(10, 50, 1, 12.5));
const opus5 = model(1_000_000, 128_000, usd(5, 25, 0.5, 6.25));
const opus41 = model(200_000, 32_000, usd(15, 75, 1.5, 18.75));
const sonnet4 = model(200_000, 64_000, tiered(usd(3, 15, 0.3, 3.75), 200_000, usd(6, 22.5, 0.6, 7.5)));

const anthropicModels: Record<string, ModelFacts> = {
  'claude-fable-5-1': fable51,
  'claude-mythos-5-1': fable51,
  'claude-fable-5': fable5,
  'claude-mythos-5': fable5,
  'claude-opus-5-5': model(1_000_000, 128_000, usd(4, 20, 0.2, 5)),
  'claude-opus-5': opus5,
  'claude-opus-4-8': opus5,
  'claude-opus-4-7': opus5,
  'claude-opus-4-6': opus5,
  'claude-opus-4-5': model(200_000, 64_000, usd(5, 25, 0.5, 6.25)),
  'claude-opus-4-1': opus41,
  'claude-opus-4': opus41,
  'claude-opus-4-0': opus41,
  'claude-sonnet-5-5': model(1_000_000, 128_000, usd(2, 10, 0.1, 2.5)),
  'claude-sonnet-5': model(1_000_000, 128_000, usd(2, 10, 0.2, 2.5)),
  'claude-sonnet-4-6': model(1_000_000, 128_000, usd(3, 15, 0.3, 3.75)),
  // 200K unless the 1M beta header is sent; the long-context rates only apply with it.
  'claude-sonnet-4-5': sonnet4,
  'claude-sonnet-4': sonnet4,
  'claude-sonnet-4-0': sonnet4,
  'claude-3-7-sonnet': model(200_000, 64_000, usd(3, 15, 0.3, 3.75)),
  'claude-haiku-5-5': model(1_000_000, 128_000, tiered(usd(0.1, 0.5, 0.01, 0.125), 100_000, usd(0.5, 2.5, 0.05, 0.625))),
  'claude-haiku-4-5': model(200_000, 64_000, usd(1, 5, 0.1, 1.25)),
  'claude-3-5-haiku': model(200_000, 8_192, usd(0.8, 4, 0.08, 1)),
};

// OpenAI: https://developers.openai.com/api/docs/pricing and https://developers.openai.com/api/docs/models/.
// From GPT-5.4 on, a request with more than 272K input tokens pays twice the input and cache
// rates and 1.5 times the output rate. OpenAI reports no cache writes, so older models have 0.
const gpt62Sol = model(1_050_000, 128_000, tiered(usd(2, 10, 0.1, 2.5), 272_000, usd(4, 15, 0.2, 5)));
const gpt5 = model(400_000, 128_000, usd(1.25, 10, 0.125, 0));
const gpt41Context = 1_047_576;
// GPT-5.6 Sol's promotional $4/$20 was guaranteed only until 2026-11-21; what it costs now is unknown.
const gpt56Sol = model(1_050_000, 128_000);

const openaiModels: Record<string, ModelFacts> = {
  'gpt-6.2-sol': gpt62Sol,
  'gpt-6.1-sol': gpt62Sol,
  'gpt-6-sol': model(1_050_000, 128_000, tiered(usd(2, 10, 0.2, 2.5), 272_000, usd(4, 15, 0.4, 5))),
  'gpt-6-luna': model(1_050_000, 128_000, tiered(usd(0.1, 0.5, 0.01, 0.125), 272_000, usd(0.2, 0.75, 0.02, 0.25))),
  'gpt-6-astra': model(1_050_000, 128_000, tiered(usd(10, 50, 1, 12.5), 272_000, usd(20, 75, 2, 25))),
  'gpt-5.6-sol': gpt56Sol,
  'gpt-5.6': gpt56Sol,
  'gpt-5.6-terra': model(1_050_000, 128_000, tiered(usd(2, 12, 0.2, 2.5), 272_000, usd(4, 18, 0.4, 5))),
  'gpt-5.6-luna': model(1_050_000, 128_000, tiered(usd(0.2, 1.2, 0.02, 0.25), 272_000, usd(0.4, 1.8, 0.04, 0.5))),
  'gpt-5.5': model(1_050_000, 128_000, tiered(usd(5, 30, 0.5, 0), 272_000, usd(10, 45, 1, 0))),
  'gpt-5.4': model(1_050_000, 128_000, tiered(usd(2.5, 15, 0.25, 0), 272_000, usd(5, 22.5, 0.5, 0))),
  'gpt-5.4-mini': model(400_000, 128_000, usd(0.75, 4.5, 0.075, 0)),
  'gpt-5.4-nano': model(400_000, 128_000, usd(0.2, 1.25, 0.02, 0)),
  'gpt-5.2': model(400_000, 128_000, usd(1.75, 14, 0.175, 0)),
  'gpt-5.1': gpt5,
  'gpt-5': gpt5,
  'gpt-5-mini': model(400_000, 128_000, usd(0.25, 2, 0.025, 0)),
  'gpt-5-nano': model(400_000, 128_000, usd(0.05, 0.4, 0.005, 0)),
  // https://developers.openai.com/api/docs/models/gpt-5-codex
  'gpt-5-codex': gpt5,
  'gpt-4.1': model(gpt41Context, 32_768, usd(2, 8, 0.5, 0)),
  'gpt-4.1-mini': model(gpt41Context, 32_768, usd(0.4, 1.6, 0.1, 0)),
  'gpt-4.1-nano': model(gpt41Context, 32_768, usd(0.1, 0.4, 0.025, 0)),
  'gpt-4o': model(128_000, 16_384, usd(2.5, 10, 1.25, 0)),
  // The first GPT-4o snapshot kept its launch price and had no cache discount.
  'gpt-4o-2024-05-13': model(128_000, 4_096, usd(5, 15, 5, 0)),
  'gpt-4o-mini': model(128_000, 16_384, usd(0.15, 0.6, 0.075, 0)),
  o3: model(200_000, 100_000, usd(2, 8, 0.5, 0)),
  'o4-mini': model(200_000, 100_000, usd(1.1, 4.4, 0.275, 0)),
};

// DeepSeek: https://api-docs.deepseek.com/quick_start/pricing. Its rates now differ between peak
// and off-peak hours, which one request's usage cannot tell apart, so no prices are listed.
// deepseek-chat and deepseek-reasoner left DeepSeek's API on 2026-07-24; routers still serve them.
const deepseekV4 = model(1_000_000, 384_000);

const deepseekModels: Record<string, ModelFacts> = {
  'deepseek-flash': deepseekV4,
  'deepseek-v4-flash': deepseekV4,
  'deepseek-v4-pro': deepseekV4,
  'deepseek-chat': model(128_000, 8_192),
  'deepseek-reasoner': model(128_000, 64_000),
};

// Open-weight models as Ollama names them, with their native context window. The server's own
// setting (Ollama's context length, vLLM's --max-model-len) may be smaller.
const gptOss = model(131_072, 32_768);

const localModels: Record<string, ModelFacts> = {
  'llama3.1': model(131_072, 8_192),
  'llama3.2': model(131_072, 8_192),
  'llama3.3': model(131_072, 8_192),
  'qwen2.5-coder': model(32_768, 8_192),
  qwen3: model(40_960, 32_768),
  'qwen3-coder': model(262_144, 65_536),
  'deepseek-coder-v2': model(163_840, 8_192),
  codellama: model(16_384, 4_096),
  mistral: model(32_768, 8_192),
  gemma3: model(131_072, 8_192),
  'gpt-oss': gptOss,
  'gpt-oss-20b': gptOss,
  'gpt-oss-120b': gptOss,
};

// How each model's thinking is controlled, from the providers' docs: Anthropic's thinking, adaptive
// thinking and effort pages (https://platform.claude.com/docs/en/build-with-claude/thinking, …/effort)
// and each model's "What's new"; OpenAI's reasoning guide and the `reasoning_effort` reference
// (https://developers.openai.com/api/docs/guides/reasoning); DeepSeek's thinking mode guide
// (https://api-docs.deepseek.com/guides/thinking_mode). Models not listed get no reasoning parameters.
const claudeBudget: ReasoningFacts = { control: 'anthropicBudget', defaultEffort: 'off', interleavedBeta: true };
const claudeAdaptiveOptIn: ReasoningFacts = { control: 'anthropicAdaptive', defaultEffort: 'off', offThinking: 'disabled' };
const claudeAdaptiveOn: ReasoningFacts = { control: 'anthropicAdaptive', defaultEffort: 'high', offThinking: 'disabled' };
const claudeAlwaysOn: ReasoningFacts = { control: 'anthropicAdaptive', defaultEffort: 'high' };
// Before GPT-5.1 the default is medium and `none` is refused; GPT-5.1 and later default to none.
const openaiOSeries: ReasoningFacts = { control: 'openaiEffort', defaultEffort: 'medium', lowestEffort: 'low' };
const gpt5Effort: ReasoningFacts = { control: 'openaiEffort', defaultEffort: 'medium', lowestEffort: 'minimal' };
const gpt51Effort: ReasoningFacts = { control: 'openaiEffort', defaultEffort: 'off', lowestEffort: 'none' };
// Reasoning models whose lowest effort and default this table has no documentation of: `low` is taken by all.
const openaiEffort: ReasoningFacts = { control: 'openaiEffort', lowestEffort: 'low' };
const deepseekThinking: ReasoningFacts = { control: 'deepseekThinking', defaultEffort: 'high' };

const reasoningModels: Record<string, ReasoningFacts> = {
  'claude-fable-5-1': claudeAlwaysOn,
  'claude-mythos-5-1': claudeAlwaysOn,
  'claude-fable-5': claudeAlwaysOn,
  'claude-mythos-5': claudeAlwaysOn,
  'claude-opus-5-5': { control: 'anthropicAdaptive', defaultEffort: 'medium' },
  'claude-opus-5': claudeAdaptiveOn,
  'claude-opus-4-8': claudeAdaptiveOptIn,
  'claude-opus-4-7': claudeAdaptiveOptIn,
  'claude-opus-4-6': claudeAdaptiveOptIn,
  'claude-opus-4-5': claudeBudget,
  'claude-opus-4-1': claudeBudget,
  'claude-opus-4': claudeBudget,
  'claude-opus-4-0': claudeBudget,
  // Sonnet 5.5 refuses `disabled`; `between_tools` is its lowest setting.
  'claude-sonnet-5-5': { control: 'anthropicAdaptive', defaultEffort: 'high', offThinking: 'between_tools' },
  'claude-sonnet-5': claudeAdaptiveOn,
  'claude-sonnet-4-6': claudeAdaptiveOptIn,
  'claude-sonnet-4-5': claudeBudget,
  'claude-sonnet-4': claudeBudget,
  'claude-sonnet-4-0': claudeBudget,
  // Interleaved thinking is a Claude 4 feature.
  'claude-3-7-sonnet': { control: 'anthropicBudget', defaultEffort: 'off', interleavedBeta: false },
  'claude-haiku-5-5': { control: 'anthropicAdaptive', defaultEffort: 'medium', offThinking: 'disabled' },
  'claude-haiku-4-5': claudeBudget,
  'gpt-6.2-sol': openaiEffort,
  'gpt-6.1-sol': openaiEffort,
  'gpt-6-sol': openaiEffort,
  'gpt-6-luna': openaiEffort,
  'gpt-6-astra': openaiEffort,
  'gpt-5.6-sol': gpt51Effort,
  'gpt-5.6': gpt51Effort,
  'gpt-5.6-terra': gpt51Effort,
  'gpt-5.6-luna': gpt51Effort,
  'gpt-5.5': gpt51Effort,
  'gpt-5.4': gpt51Effort,
  'gpt-5.4-mini': openaiEffort,
  'gpt-5.4-nano': openaiEffort,
  'gpt-5.2': gpt51Effort,
  'gpt-5.1': gpt51Effort,
  'gpt-5': gpt5Effort,
  'gpt-5-mini': gpt5Effort,
  'gpt-5-nano': gpt5Effort,
  'gpt-5-codex': openaiOSeries,
  o3: openaiOSeries,
  'o4-mini': openaiOSeries,
  'deepseek-flash': deepseekThinking,
  'deepseek-v4-flash': deepseekThinking,
  'deepseek-v4-pro': deepseekThinking,
};

function withReasoning(models: Record<string, ModelFacts>): Record<string, ModelFacts> {
  return Object.fromEntries(Object.entries(models).map(([id, facts]) => {
    const reasoning = reasoningModels[id];
    return [id, reasoning ? { ...facts, reasoning } : facts];
  }));
}

function withImages(models: Record<string, ModelFacts>, acceptsImages: boolean): Record<string, ModelFacts> {
  return Object.fromEntries(Object.entries(models).map(([id, facts]) => [id, { ...facts, acceptsImages }]));
}

// OpenAI trains GPT-4.1 and later, the o-series and the codex models on its patch format
// (https://cookbook.openai.com/examples/gpt4-1_prompting_guide#appendix-generating-and-applying-file-diffs,
// https://developers.openai.com/api/docs/guides/tools-apply-patch); GPT-4o came before it.
const patchTrainedModels = Object.keys(openaiModels).filter((id) => !id.startsWith('gpt-4o'));

function withEditFormats(models: Record<string, ModelFacts>): Record<string, ModelFacts> {
  return Object.fromEntries(Object.entries(models).map(([id, facts]) => [id, patchTrainedModels.includes(id) ? { ...facts, editFormat: 'apply_patch' } : facts]));
}

// Image input: every Claude model listed (https://platform.claude.com/docs/en/build-with-claude/vision)
// and every OpenAI model listed (each model's page: "Input: text, image"); DeepSeek's API takes
// text only (https://api-docs.deepseek.com/api/create-chat-completion: user content is a string).
// The local models' tags differ in this (gemma3:1b is text only): their server reports it.
/** Keyed by lower-case model id without router prefix, tag or snapshot date. */
export const modelTable: Readonly<Record<string, ModelFacts>> = withEditFormats(withReasoning({
  ...withImages(anthropicModels, true),
  ...withImages(openaiModels, true),
  ...withImages(deepseekModels, false),
  ...localModels,
}));

/** The ids `reasoningModels` names, so a test can tell a misspelt one (which would match no model). */
export const reasoningModelIds: readonly string[] = Object.keys(reasoningModels);
