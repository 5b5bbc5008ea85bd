import { addUsage, emptyUsage, type Usage } from '../llm/messages';

/** A conversation's tokens and what they cost in US dollars (`null` once any request's price was unknown). */
export interface UsageTotals {
  usage: Usage;
  cost: number | null;
}

/** The totals of a stored conversation; one stored before costs were kept has an unknown cost once it has used tokens. */
export function storedTotals(usage: Usage | undefined, cost: number | null | undefined): UsageTotals {
  const tokens = usage ? { ...usage } : emptyUsage();
  const used = tokens.inputTokens + tokens.outputTokens + tokens.cacheReadTokens + tokens.cacheWriteTokens > 0;
  return { usage: tokens, cost: cost !== undefined ? cost : used ? null : 0 };
}

export function addToTotals(totals: UsageTotals, usage: Usage, cost: number | null): UsageTotals {
  return {
    usage: addUsage(totals.usage, usage),
    cost: totals.cost === null || cost === null ? null : totals.cost + cost,
  };
}
