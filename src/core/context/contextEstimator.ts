import type { Usage } from '../llm/messages';
import { rawPromptTokens, type PromptParts } from './tokenEstimate';

/** Calibration never trusts a ratio outside these bounds: a provider reporting nonsense must not disable compaction. */
const MIN_RATIO = 0.5;
const MAX_RATIO = 4;

/** The whole input of a request as the provider counted it, cached parts included. */
export function promptTokensOf(usage: Usage): number {
  return usage.inputTokens + usage.cacheReadTokens + usage.cacheWriteTokens;
}

/**
 * Estimates a request's size before it is sent: the quick count, scaled by how the provider's
 * count of the previous request compared with the quick count of that same request.
 */
export class ContextEstimator {
  private ratio: number;

  constructor(initialRatio = 1) {
    this.ratio = clampRatio(initialRatio);
  }

  /** The calibration factor in use (reported ÷ quick count). */
  get calibration(): number {
    return this.ratio;
  }

  estimate(prompt: PromptParts): number {
    return this.scale(rawPromptTokens(prompt));
  }

  scale(rawTokens: number): number {
    return Math.ceil(rawTokens * this.ratio);
  }

  /** The provider reported `usage` for a request whose quick count was `rawTokens`. */
  observe(rawTokens: number, usage: Usage): void {
    const reported = promptTokensOf(usage);
    if (rawTokens <= 0 || reported <= 0) return;
    this.ratio = clampRatio(reported / rawTokens);
  }
}

function clampRatio(ratio: number): number {
  return Number.isFinite(ratio) ? Math.min(MAX_RATIO, Math.max(MIN_RATIO, ratio)) : 1;
}
