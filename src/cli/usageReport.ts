import type { UsageTotals } from '../core/context/usageTotals';
import type { ModelLimits } from '../core/llm/modelCatalog';
import { windowSourceText } from '../core/llm/windowSourceText';
import { formatCost, formatTokenCount } from '../format/tokenCount';
import type { ContextReading } from './contextReading';

/** The session's window: its size and where the size came from (`windowSourceText`). */
export interface WindowReading {
  tokens: number;
  source: string | undefined;
}

/** The window of a session that knows its model's limits; the CLI's model setting is `ELBOW_MODELS`. */
export function windowReading(limits: ModelLimits | undefined): WindowReading | undefined {
  return limits === undefined ? undefined : { tokens: limits.contextWindow, source: windowSourceText(limits.windowSource, 'ELBOW_MODELS') };
}

/** `/usage`: the conversation's tokens and cost, how full the context window is, and where its size came from. */
export function usageReport(totals: UsageTotals, context: ContextReading | undefined, window?: WindowReading): string {
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
    ...(window === undefined ? [] : [`Window:  ${formatTokenCount(window.tokens)} tokens${window.source ? `, from ${window.source}` : ''}`]),
  ].join('\n') + '\n';
}

/** `42k / 200k tokens (21%)`; an estimate says so. */
export function contextGauge(context: ContextReading): string {
  const percent = context.windowTokens > 0 ? Math.round((context.usedTokens / context.windowTokens) * 100) : 0;
  const share = context.estimated ? `${percent}%, estimated` : `${percent}%`;
  return `${formatTokenCount(context.usedTokens)} / ${formatTokenCount(context.windowTokens)} tokens (${share})`;
}
