import { durationMs } from './retryAfter';
import { isRecord } from '../jsonRecord';

/** What an error body says about a limit: the account's quota or billing, or a momentary rate limit. */
export interface LimitReading {
  kind: 'quota' | 'rate_limit';
  /** When the quota resets (epoch ms), as the server stated it. */
  resetAt?: number;
  /** The wait the body itself asks for (Google's `RetryInfo`). */
  retryAfterMs?: number;
  /** Words to add where the server states a documented reset without a time. */
  note?: string;
}

// The words of the recorded answers (test/fixtures/recordings): OpenAI's 429 `insufficient_quota`, DeepSeek's
// "Insufficient Balance" (402), Anthropic's 400 "Your credit balance is too
// low", OpenRouter's 429 "free-models-per-day". Any 402 is the account's balance.
const quotaCodes = new Set(['insufficient_quota']);
const quotaMessage = /insufficient[_ ]quota|insufficient balance|credit balance is too low|free-models-per-day/i;

/**
 * Reads a failed response for a quota or billing limit (never worth retrying) or a rate limit
 * with a wait stated in the body. `body` is the error object the SDK kept, `message` the server's words.
 */
export function readLimit(status: number | undefined, body: unknown, message: string): LimitReading | undefined {
  const google = googleQuota(body);
  if (google) return google;
  const code = isRecord(body) ? body['code'] ?? body['type'] : undefined;
  if (status === 402 || (typeof code === 'string' && quotaCodes.has(code)) || quotaMessage.test(message)) {
    return { kind: 'quota', resetAt: openRouterReset(body) };
  }
  return undefined;
}

/**
 * OpenRouter's daily limit on `:free` models carries the reset in epoch milliseconds:
 * `{"error": {"code": 429, "metadata": {"headers": {"X-RateLimit-Reset": "1754006400000"}}}}`
 * (https://openrouter.ai/docs/api-reference/limits).
 */
function openRouterReset(body: unknown, now = Date.now()): number | undefined {
  const metadata = isRecord(body) ? body['metadata'] : undefined;
  const headers = isRecord(metadata) ? metadata['headers'] : undefined;
  if (!isRecord(headers)) return undefined;
  const entry = Object.entries(headers).find(([name]) => name.toLowerCase() === 'x-ratelimit-reset');
  const value = entry === undefined ? Number.NaN : Number(entry[1]);
  return Number.isFinite(value) && value >= earliestReset && value <= now + latestResetAhead ? value : undefined;
}

/**
 * The reset times believed: from 2020 (a time in seconds, not milliseconds, lies in 1970) to a year
 * ahead (a daily or monthly quota resets sooner). The recorded reset already lies in the past.
 */
const earliestReset = Date.UTC(2020, 0, 1);
const latestResetAhead = 366 * 86_400_000;

/**
 * Google's `RESOURCE_EXHAUSTED`: a `QuotaFailure` naming a per-day quota is the quota (it resets
 * at midnight Pacific time: https://ai.google.dev/gemini-api/docs/rate-limits); a per-minute one
 * is a rate limit whose `RetryInfo.retryDelay` ("58s") says how long to wait.
 */
function googleQuota(body: unknown): LimitReading | undefined {
  if (!isRecord(body) || body['status'] !== 'RESOURCE_EXHAUSTED' || !Array.isArray(body['details'])) return undefined;
  const details = body['details'].filter(isRecord);
  const quotaIds = details.flatMap((detail) => (Array.isArray(detail['violations']) ? detail['violations'].filter(isRecord) : []))
    .map((violation) => String(violation['quotaId'] ?? ''));
  if (quotaIds.some((id) => /PerDay/i.test(id))) return { kind: 'quota', note: "Google's daily quotas reset at midnight Pacific time." };
  const delay = details.map((detail) => detail['retryDelay']).find((value): value is string => typeof value === 'string');
  const retryAfterMs = delay === undefined ? undefined : durationMs(delay);
  return { kind: 'rate_limit', retryAfterMs };
}
