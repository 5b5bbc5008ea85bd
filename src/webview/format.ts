// Pure text formatting for the UI; no DOM, so it is unit-testable in Node.
import type { Attachment, UsageSummary } from '../protocol/chatItems';

/** `950`, `1.2k`, `12.3k`, `123k`, `1.5M`. */
export function formatTokenCount(count: number): string {
  const trim = (value: string) => value.replace(/\.0$/, '');
  if (count < 1_000) return String(Math.round(count));
  if (count < 100_000) return `${trim((count / 1_000).toFixed(1))}k`;
  if (count < 999_500) return `${Math.round(count / 1_000)}k`;
  return `${trim((count / 1_000_000).toFixed(1))}M`;
}

/** `12.3k in · 1.2k out`, or empty before the first request. */
export function usageText(usage: UsageSummary): string {
  if (usage.inputTokens === 0 && usage.outputTokens === 0) return '';
  return `${formatTokenCount(usage.inputTokens)} in · ${formatTokenCount(usage.outputTokens)} out`;
}

export function usageTooltip(usage: UsageSummary): string {
  const line = (label: string, count: number) => `${label}: ${count.toLocaleString()} tokens`;
  return [
    line('Input', usage.inputTokens),
    line('Output', usage.outputTokens),
    line('Cache read', usage.cacheReadTokens),
    line('Cache write', usage.cacheWriteTokens),
  ].join('\n');
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
