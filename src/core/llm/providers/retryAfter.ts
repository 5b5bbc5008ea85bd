/**
 * How long a server asks a client to wait, from its response headers: `retry-after-ms`
 * (milliseconds), else `retry-after` (seconds or an HTTP date).
 */
export function retryAfterFrom(headers: Headers | undefined, now = Date.now()): number | undefined {
  const milliseconds = Number.parseFloat(statedWait(headers?.get('retry-after-ms')) ?? '');
  if (Number.isFinite(milliseconds) && milliseconds >= 0) return Math.round(milliseconds);
  const value = statedWait(headers?.get('retry-after'));
  if (!value) return undefined;
  if (/^\d+(\.\d+)?$/.test(value)) return Math.round(Number.parseFloat(value) * 1000);
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

/** The limits whose reset a 429 may wait for: `[remaining header, reset header]`. */
const resetHeaders: ReadonlyArray<readonly [string, string]> = [
  ['x-ratelimit-remaining-requests', 'x-ratelimit-reset-requests'],
  ['x-ratelimit-remaining-tokens', 'x-ratelimit-reset-tokens'],
  ['anthropic-ratelimit-requests-remaining', 'anthropic-ratelimit-requests-reset'],
  ['anthropic-ratelimit-tokens-remaining', 'anthropic-ratelimit-tokens-reset'],
  ['anthropic-ratelimit-input-tokens-remaining', 'anthropic-ratelimit-input-tokens-reset'],
  ['anthropic-ratelimit-output-tokens-remaining', 'anthropic-ratelimit-output-tokens-reset'],
];

/**
 * For a 429 without `retry-after`: the wait until the limits that ran out (remaining count 0)
 * reset — OpenAI's and Groq's `x-ratelimit-reset-requests` / `-tokens`, durations such as "6m0s",
 * "1s", "20ms" (https://platform.openai.com/docs/guides/rate-limits,
 * https://console.groq.com/docs/rate-limits), and Anthropic's `anthropic-ratelimit-*-reset`, RFC 3339
 * times (https://docs.claude.com/en/api/rate-limits#response-headers). These headers come with
 * every answer; a limit not used up says nothing about this failure.
 */
export function limitResetWait(headers: Headers | undefined, now = Date.now()): number | undefined {
  if (!headers) return undefined;
  const waits = resetHeaders.flatMap(([remaining, reset]) => {
    const wait = headers.get(remaining)?.trim() === '0' ? resetWait(headers.get(reset), now) : undefined;
    return wait === undefined ? [] : [wait];
  });
  return waits.length === 0 ? undefined : Math.max(...waits);
}

/**
 * The longest wait or reset a server writes: an HTTP date has 29 characters, an RFC 3339 time with
 * nanoseconds and an offset 35, a Go duration a dozen. Anything longer is not read at all, so no
 * pattern ever runs over an unbounded string from the server.
 */
const longestStatedWait = 40;

/** A server-written wait or reset, trimmed, or `undefined` when missing or longer than any real one. */
function statedWait(value: string | null | undefined): string | undefined {
  const text = value?.trim();
  return text === undefined || text === '' || text.length > longestStatedWait ? undefined : text;
}

function resetWait(value: string | null, now: number): number | undefined {
  const text = statedWait(value);
  if (!text) return undefined;
  const duration = durationMs(text);
  if (duration !== undefined) return duration;
  const time = /^\d{4}-\d{2}-\d{2}T/.test(text) ? Date.parse(text) : Number.NaN;
  return Number.isNaN(time) ? undefined : Math.max(0, time - now);
}

/** A Go-style duration ("6m0s", "1h2m3.5s", "20ms", "0.5s"), in milliseconds. */
export function durationMs(value: string): number | undefined {
  const text = statedWait(value);
  if (text === undefined) return undefined;
  const units: Record<string, number> = { h: 3_600_000, m: 60_000, s: 1000, ms: 1 };
  const parts = [...text.matchAll(/(\d+(?:\.\d+)?)(ms|h|m|s)/g)];
  if (parts.length === 0 || parts.map((part) => part[0]).join('') !== text) return undefined;
  const total = Math.round(parts.reduce((sum, [, amount = '0', unit = 'ms']) => sum + Number.parseFloat(amount) * (units[unit] ?? 1), 0));
  return Number.isFinite(total) ? total : undefined;
}
