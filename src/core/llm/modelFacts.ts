import type { ReasoningFacts } from './reasoningEffort';

/** How a model is best asked to edit files: `edit_file`'s replacements, or `apply_patch`, the patch format OpenAI trains its models on. */
export type EditFormat = 'edit_file' | 'apply_patch';

/** US dollars per million tokens. */
export interface ModelPrices {
  /** Uncached input. */
  input: number;
  output: number;
  /** Input read from the provider's prompt cache. */
  cacheRead: number;
  /** Input written to the cache (Anthropic 5-minute cache writes); 0 where the provider has no write charge. */
  cacheWrite: number;
  /** A higher rate once a request's whole input (input + cacheRead + cacheWrite) passes `aboveInputTokens` (e.g. long-context pricing). */
  longContext?: { aboveInputTokens: number; input: number; output: number; cacheRead: number; cacheWrite: number };
}

export interface ModelFacts {
  contextWindow: number;
  maxOutputTokens: number;
  prices?: ModelPrices;
  /** How the model's thinking is asked for; absent: the model takes no reasoning parameters. */
  reasoning?: ReasoningFacts;
  /** Whether the model takes image input; absent: not known, and a request with an image is left to the provider to answer. */
  acceptsImages?: boolean;
  /** The edit format the model was trained on; absent: edit_file. */
  editFormat?: EditFormat;
}
