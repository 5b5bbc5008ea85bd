import assert from 'node:assert/strict';
import { retryDelayMs, type RetryPolicy } from '../../../../src/core/agent/retryPolicy';
import { ProviderError } from '../../../../src/core/llm/providerError';

const policy: RetryPolicy = { maxRetries: 3, baseDelayMs: 1000, maxDelayMs: 5000, maxRetryAfterMs: 60_000 };

describe('retryDelayMs', () => {
  it('backs off exponentially with jitter between half and all of the step, capped', () => {
    const rateLimited = new ProviderError('rate_limit', '429');
    assert.equal(retryDelayMs(policy, 1, rateLimited, () => 0), 500);
    assert.equal(retryDelayMs(policy, 1, rateLimited, () => 1), 1000);
    assert.equal(retryDelayMs(policy, 3, rateLimited, () => 1), 4000);
    assert.equal(retryDelayMs({ ...policy, maxRetries: 10 }, 6, rateLimited, () => 1), 5000);
  });

  it('honours retry-after, and gives up when the server asks for too long', () => {
    assert.equal(retryDelayMs(policy, 1, new ProviderError('rate_limit', '429', { retryAfterMs: 7000 })), 7000);
    assert.equal(retryDelayMs(policy, 1, new ProviderError('rate_limit', '429', { retryAfterMs: 600_000 })), undefined);
  });

  it('gives up on an unreachable server after two retries', () => {
    const unreachable = new ProviderError('network', 'ECONNREFUSED');
    assert.notEqual(retryDelayMs({ ...policy, maxRetries: 5 }, 2, unreachable), undefined);
    assert.equal(retryDelayMs({ ...policy, maxRetries: 5 }, 3, unreachable), undefined);
  });

  it('stops after maxRetries and never retries what cannot succeed', () => {
    assert.equal(retryDelayMs(policy, 4, new ProviderError('overloaded', '529')), undefined);
    for (const kind of ['auth', 'bad_request', 'context_overflow', 'aborted'] as const) {
      assert.equal(retryDelayMs(policy, 1, new ProviderError(kind, kind)), undefined, kind);
    }
    // A stream that broke off is as transient as the connection it ran on.
    for (const kind of ['rate_limit', 'overloaded', 'server', 'network', 'stream_broken'] as const) {
      assert.notEqual(retryDelayMs(policy, 1, new ProviderError(kind, kind)), undefined, kind);
    }
  });
});
