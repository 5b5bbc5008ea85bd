/** Why a request to a model failed, classified so the loop can decide whether to retry. */
export type ProviderErrorKind =
  | 'rate_limit' // 429
  | 'quota' // the account's quota, credit or billing (OpenAI `insufficient_quota`, 402): waiting seconds will not help
  | 'overloaded' // Anthropic 529, 503
  | 'server' // other 5xx
  | 'network' // connection refused/reset, DNS, timeout before a response
  | 'stream_broken' // the reply stream broke off (after output had begun) or stalled
  | 'auth' // 401, 403
  | 'bad_request' // 400, 404, 413, 422: the request itself is wrong
  | 'context_overflow' // the prompt is longer than the model's window
  | 'aborted' // cancelled through the AbortSignal
  | 'refusal' // the model declined to answer, or the provider's filter stopped the reply
  | 'unknown';

// A broken stream is as transient as an unreachable server: the reply it cut off is dropped and asked for again.
const retryableKinds: ReadonlySet<ProviderErrorKind> = new Set(['rate_limit', 'overloaded', 'server', 'network', 'stream_broken']);

export class ProviderError extends Error {
  readonly kind: ProviderErrorKind;
  readonly status?: number;
  /** The wait the server asked for: `retry-after` / `retry-after-ms`, a rate limit's reset headers, or its body. */
  readonly retryAfterMs?: number;
  /** When a quota resets (epoch ms), as the server stated it. */
  readonly resetAt?: number;

  constructor(kind: ProviderErrorKind, message: string, options: { status?: number; retryAfterMs?: number; resetAt?: number; cause?: unknown } = {}) {
    super(message, { cause: options.cause });
    this.name = 'ProviderError';
    this.kind = kind;
    this.status = options.status;
    this.retryAfterMs = options.retryAfterMs;
    this.resetAt = options.resetAt;
  }

  /** Worth sending the same request again. */
  get retryable(): boolean {
    return retryableKinds.has(this.kind);
  }
}

export function kindForStatus(status: number): ProviderErrorKind {
  if (status === 429) return 'rate_limit';
  if (status === 402) return 'quota';
  if (status === 529 || status === 503) return 'overloaded';
  if (status >= 500) return 'server';
  if (status === 401 || status === 403) return 'auth';
  return 'bad_request';
}
