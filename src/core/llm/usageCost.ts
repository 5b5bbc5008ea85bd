import type { Usage } from './messages';
import type { ModelPrices } from './modelFacts';

/**
 * The cost in USD of one request's usage; null when the prices are unknown. Pass each
 * request on its own: a long-context tier depends on that request's input, not on a total.
 */
export function costOfUsage(usage: Usage, prices: ModelPrices | undefined): number | null {
  if (!prices) return null;
  const wholeInput = usage.inputTokens + usage.cacheReadTokens + usage.cacheWriteTokens;
  const rates = prices.longContext && wholeInput > prices.longContext.aboveInputTokens ? prices.longContext : prices;
  const microDollars =
    usage.inputTokens * rates.input +
    usage.outputTokens * rates.output +
    usage.cacheReadTokens * rates.cacheRead +
    usage.cacheWriteTokens * rates.cacheWrite;
  return microDollars / 1_000_000;
}
