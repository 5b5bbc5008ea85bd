import type { ProviderError } from '../llm/providerError';

export interface RetryPolicy {
  /** Retries after the first attempt. */
  maxRetries: number;
  /** First backoff delay; doubles each attempt. */
  baseDelayMs: number;
  /** No computed backoff waits longer than this. */
  maxDelayMs: number;
  /** A server asking to wait longer than this (retry-after) is not retried. */
  maxRetryAfterMs: number;
}

const maxNetworkRetries = 2;

export const defaultRetryPolicy: RetryPolicy = {
  maxRetries: 5,
  baseDelayMs: 1_000,
  maxDelayMs: 30_000,
  maxRetryAfterMs: 120_000,
};

/** How many retries this kind of failure gets. */
export function retryLimit(policy: RetryPolicy, error: ProviderError): number {
  // An unreachable server (e.g. a local model server that is not running) rarely comes back within seconds.
  return error.kind === 'network' ? Math.min(policy.maxRetries, maxNetworkRetries) : policy.maxRetries;
}

/**
 * How long to wait before retry number `attempt` (1-based), or `undefined` when the error
 * should not be retried. Honours the server's retry-after; otherwise exponential backoff with
 * jitter (between half and all of the doubled delay) so many clients do not retry in lockstep.
 */
export function retryDelayMs(policy: RetryPolicy, attempt: number, error: ProviderError, random: () => number = Math.random): number | undefined {
  if (!error.retryable || attempt > retryLimit(policy, error)) return undefined;
  if (error.retryAfterMs !== undefined) {
    return error.retryAfterMs <= policy.maxRetryAfterMs ? Math.max(0, error.retryAfterMs) : undefined;
  }
  const ceiling = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** (attempt - 1));
  return Math.round(ceiling / 2 + (random() * ceiling) / 2);
}
