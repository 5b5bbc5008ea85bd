import type { UsageTotals } from '../core/context/usageTotals';
import { formatCost, formatTokenCount } from '../protocol/tokenCount';
import type { ContextReading } from './contextReading';

/** `/usage`: the conversation's tokens and cost, and how full the context window is. */
export function usageReport(totals: UsageTotals, context: ContextReading | undefined): string {
  const { usage } = totals;
  const tokens = [
    `${formatTokenCount(usage.inputTokens)} input`,
    `${formatTokenCount(usage.cacheReadTokens)} cache read`,
    `${formatTokenCount(usage.cacheWriteTokens)} cache write`,
    `${formatTokenCount(usage.outputTokens)} output`,
  ].join(' · ');
  return [
    `Tokens:  ${tokens}`,
    `Cost:    ${formatCost(totals.cost)}`,
    `Context: ${context === undefined ? 'no request yet' : contextGauge(context)}`,
  ].join('\n') + '\n';
}

/** `42k / 200k tokens (21%)`; an estimate says so. */
export function contextGauge(context: ContextReading): string {
  const percent = context.windowTokens > 0 ? Math.round((context.usedTokens / context.windowTokens) * 100) : 0;
  const share = context.estimated ? `${percent}%, estimated` : `${percent}%`;
  return `${formatTokenCount(context.usedTokens)} / ${formatTokenCount(context.windowTokens)} tokens (${share})`;
}
