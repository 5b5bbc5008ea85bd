import assert from 'node:assert/strict';
import * as AnthropicSdk from '@anthropic-ai/sdk';
import * as OpenAISdk from 'openai';
import { classifyError } from '../../../../../src/core/llm/providers/classifyError';
import { normalizedErrorBody, readableErrorMessage } from '../../../../../src/core/llm/providers/errorBody';
import { durationMs, limitResetWait, retryAfterFrom } from '../../../../../src/core/llm/providers/retryAfter';
import { resetText } from '../../../../../src/core/llm/waitText';

const before = { outputStarted: false, sdks: [OpenAISdk, AnthropicSdk] };

describe('server-written waits and resets of any length or value', () => {
  const now = Date.parse('2025-01-01T00:00:00Z');

  it('refuses a duration far longer than any real one (its cost is measured by npm run bench -- inputs)', () => {
    assert.equal(durationMs('1'.repeat(100_000)), undefined);
    assert.equal(durationMs('2m59.56s'), 179_560);
  });

  it("reads no wait from Google's RetryInfo, a reset header or retry-after when they are huge", () => {
    const huge = '1'.repeat(100_000);
    const body = { error: { code: 429, message: 'Quota exceeded', status: 'RESOURCE_EXHAUSTED', details: [{ '@type': 'type.googleapis.com/google.rpc.RetryInfo', retryDelay: `${huge}s` }] } };
    const error = classifyError(OpenAISdk.APIError.generate(429, body, undefined, new Headers()), before);
    assert.equal(limitResetWait(new Headers({ 'x-ratelimit-remaining-requests': '0', 'x-ratelimit-reset-requests': `${huge}ms` }), now), undefined);
    assert.equal(retryAfterFrom(new Headers({ 'retry-after': `${huge}x` }), now), undefined);
    assert.equal(error.kind, 'rate_limit');
    assert.equal(error.retryAfterMs, undefined);
  });

  it("keeps the server's words when OpenRouter's X-RateLimit-Reset is no plausible time", () => {
    for (const reset of ['8640000000000001', '1754006400', String(Date.now() + 3 * 365 * 86_400_000)]) {
      const body = { error: { message: 'Rate limit exceeded: free-models-per-day.', code: 429, metadata: { headers: { 'X-RateLimit-Reset': reset } } } };
      const error = classifyError(OpenAISdk.APIError.generate(429, body, undefined, new Headers()), before);
      assert.equal(error.kind, 'quota', reset);
      assert.equal(error.resetAt, undefined, reset);
      assert.match(error.message, /free-models-per-day\. Not retried: check the plan/, reset);
    }
  });

  it('formats a time out of the Date range without throwing', () => {
    assert.match(resetText(8_640_000_000_000_001, now), /cannot be read/);
    assert.equal(resetText(Date.parse('2025-01-01T05:12:00Z'), now), '2025-01-01 05:12 UTC (in 5 h 12 min)');
  });
});

describe("the server's words, bounded", () => {
  it('cuts words longer than 2,000 characters and says how many more there were', () => {
    const words = `Bad things: ${'x'.repeat(50_000)}`;
    const error = classifyError(OpenAISdk.APIError.generate(500, { error: { message: words } }, undefined, new Headers()), before);
    assert.equal(error.kind, 'server');
    assert.ok(error.message.length < 2_200, `${error.message.length} characters`);
    assert.match(error.message, /^The API had a server error \(500\): Bad things: x+… \(48,012 more characters\)$/);
  });

  it('describes an HTML page instead of printing its markup', () => {
    const page = `<!DOCTYPE html>\n<html><head><title>502 Bad Gateway</title></head><body>${'<p>filler</p>'.repeat(160_000)}</body></html>`;
    const error = classifyError(OpenAISdk.APIError.generate(502, undefined, page, new Headers()), before);
    assert.equal(error.kind, 'server');
    assert.ok(!/<html|<p>/i.test(error.message), error.message.slice(0, 200));
    assert.match(error.message, /an HTML page \(2,\d{3} KB\) titled "502 Bad Gateway"/);
    const small = classifyError(AnthropicSdk.APIError.generate(503, undefined, '<html><body>down</body></html>', new Headers()), before);
    assert.match(small.message, /an HTML page \(1 KB\)/);
  });

  it('reads a body nested deeper than any real one without overflowing the stack', () => {
    let body: unknown = 'the words';
    for (let level = 0; level < 20_000; level++) body = { detail: body };
    assert.equal(readableErrorMessage(body), undefined);
    assert.equal(normalizedErrorBody(body as object), body, 'a body without readable words is kept as it came');
    const error = classifyError(OpenAISdk.APIError.generate(500, body as object, undefined, new Headers()), before);
    assert.equal(error.kind, 'server');
    assert.equal(readableErrorMessage({ error: { detail: { message: 'shallow' } } }), 'shallow');
  });
});
