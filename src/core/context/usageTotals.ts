import { addUsage, emptyUsage, type Usage } from '../llm/messages';

/** A conversation's tokens and what they cost in US dollars (`null` once any request's price was unknown). */
export interface UsageTotals {
  usage: Usage;
  cost: number | null;
}

export function emptyTotals(): UsageTotals {
  return { usage: emptyUsage(), cost: 0 };
}

export function addToTotals(totals: UsageTotals, usage: Usage, cost: number | undefined): UsageTotals {
  return {
    usage: addUsage(totals.usage, usage),
    cost: totals.cost === null || cost === undefined ? null : totals.cost + cost,
  };
}
