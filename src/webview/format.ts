// Pure text formatting for the UI; no DOM, so it is unit-testable in Node.
import type { Attachment, ChatItemOf, ContextGauge, UsageSummary } from '../protocol/chatItems';
import { formatCost, formatTokenCount } from '../format/tokenCount';

export { formatTokenCount };

/** `$0.04` as the terminal shows it, or `cost unknown` when a price is missing. */
export function costText(cost: number | null): string {
  return cost === null ? 'cost unknown' : formatCost(cost);
}

/** `12.3k in · 1.2k out · $0.04`, or empty before the first request. */
export function usageText(usage: UsageSummary, cost: number | null): string {
  if (usage.inputTokens === 0 && usage.outputTokens === 0) return '';
  return `${formatTokenCount(usage.inputTokens)} in · ${formatTokenCount(usage.outputTokens)} out · ${costText(cost)}`;
}

export function usageTooltip(usage: UsageSummary, cost: number | null): string {
  const line = (label: string, count: number) => `${label}: ${count.toLocaleString()} tokens`;
  return [
    line('Input', usage.inputTokens),
    line('Output', usage.outputTokens),
    line('Cache read', usage.cacheReadTokens),
    line('Cache write', usage.cacheWriteTokens),
    cost === null ? 'Cost: unknown (no price for this model; set one in elbow.models)' : `Cost: ${formatCost(cost)}`,
  ].join('\n');
}

/** How full the context window is, for the colour of the meter. */
export type ContextLevel = 'normal' | 'warning' | 'critical';

/** The share of the window used, in whole percent; it may pass 100 when the estimate overshoots. */
export function contextPercent(context: ContextGauge): number {
  return context.windowTokens > 0 ? Math.round((context.usedTokens / context.windowTokens) * 100) : 0;
}

/** Warning from 75 % of the window, critical from 90 %. */
export function contextLevel(context: ContextGauge): ContextLevel {
  const share = context.windowTokens > 0 ? context.usedTokens / context.windowTokens : 0;
  if (share >= 0.9) return 'critical';
  if (share >= 0.75) return 'warning';
  return 'normal';
}

/** `42k / 200k`. */
export function contextText(context: ContextGauge): string {
  return `${formatTokenCount(context.usedTokens)} / ${formatTokenCount(context.windowTokens)}`;
}

/** `Context: 42,000 of 200,000 tokens (21%)`. */
export function contextLabel(context: ContextGauge): string {
  const count = (tokens: number) => Math.round(tokens).toLocaleString();
  return `Context: ${count(context.usedTokens)} of ${count(context.windowTokens)} tokens (${contextPercent(context)}%)`;
}

/** The meter's tooltip: the label, then where the window's size came from when known. */
export function contextTooltip(context: ContextGauge): string {
  return context.windowSource ? `${contextLabel(context)}\nWindow size from ${context.windowSource}` : contextLabel(context);
}

/** `48k → 3k tokens`, or `48k tokens` while the size after is not known. */
export function tokenReductionText(beforeTokens: number, afterTokens: number | undefined): string {
  if (afterTokens === undefined) return `${formatTokenCount(beforeTokens)} tokens`;
  return `${formatTokenCount(beforeTokens)} → ${formatTokenCount(afterTokens)} tokens`;
}

/** The one line a compaction marker shows, e.g. `Earlier messages summarised — 48k → 3k tokens`. */
export function compactionTitle(item: ChatItemOf<'compaction'>): string {
  const summarising = item.layer === 2;
  if (item.state === 'running') return summarising ? 'Summarising earlier messages…' : 'Shortening older tool results…';
  if (item.state === 'failed') {
    const what = summarising ? 'Could not summarise earlier messages' : 'Could not shorten older tool results';
    const reason = item.message?.trim() ?? '';
    return reason === '' ? `${what}.` : `${what}: ${reason}`;
  }
  const reduction = tokenReductionText(item.beforeTokens, item.afterTokens);
  if (summarising) return `Earlier messages summarised — ${reduction}`;
  const results = item.shortenedResults === undefined ? '' : ` (${plural(item.shortenedResults, 'result')})`;
  return `${item.newest === true ? 'Newest tool results cut to fit the window' : 'Older tool results shortened'} — ${reduction}${results}`;
}

/** `src/app.ts` for a file, `src/app.ts:12-20` for a selection. */
export function attachmentLabel(attachment: Attachment): string {
  const { startLine, endLine } = attachment;
  if (attachment.kind !== 'selection' || startLine === undefined) return attachment.path;
  return endLine === undefined || endLine === startLine ? `${attachment.path}:${startLine}` : `${attachment.path}:${startLine}-${endLine}`;
}

/** `just now`, `5 minutes ago`, `yesterday`, then the locale date. */
export function relativeTime(time: number, now: number, locale?: string): string {
  const seconds = Math.round((now - time) / 1000);
  if (seconds < 45) return 'just now';
  const format = new Intl.RelativeTimeFormat(locale, { numeric: 'auto' });
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return format.format(-minutes, 'minute');
  const hours = Math.round(minutes / 60);
  if (hours < 24) return format.format(-hours, 'hour');
  const days = Math.round(hours / 24);
  if (days < 7) return format.format(-days, 'day');
  return new Date(time).toLocaleDateString(locale, { year: 'numeric', month: 'short', day: 'numeric' });
}

/** `Rate limited, retrying in 4 s (attempt 1 of 5)`. */
export function retryWaitText(reason: string, secondsLeft: number, attempt: number, maxAttempts: number): string {
  const when = secondsLeft > 0 ? `in ${secondsLeft} s` : 'now';
  return `${reason.trim().replace(/[.:]$/, '')}, retrying ${when} (attempt ${attempt} of ${maxAttempts})`;
}

/** `1 file`, `3 files`. */
export function plural(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? '' : 's'}`;
}

/** `12 lines added, 1 line removed`, for what `+12 −1` shows. */
export function lineCountsLabel(added: number, removed: number): string {
  return `${plural(added, 'line')} added, ${plural(removed, 'line')} removed`;
}

/** A subagent's line under its description: `Done · 4 steps · 12.3k in · 1.2k out · $0.04`. */
export function subagentMeta(state: string, steps: number, usage: UsageSummary, cost: number | null): string {
  const parts = [state, steps === 1 ? '1 step' : `${steps} steps`];
  const used = usageText(usage, cost);
  return used === '' ? parts.join(' · ') : `${parts.join(' · ')} · ${used}`;
}
