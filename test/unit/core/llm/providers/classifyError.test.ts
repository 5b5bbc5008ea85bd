import assert from 'node:assert/strict';
import * as AnthropicSdk from '@anthropic-ai/sdk';
import * as OpenAISdk from 'openai';
import { ProviderError } from '../../../../../src/core/llm/providerError';
import { classifyError } from '../../../../../src/core/llm/providers/classifyError';
import { normalizedErrorBody } from '../../../../../src/core/llm/providers/errorBody';
import { limitResetWait, retryAfterFrom } from '../../../../../src/core/llm/providers/retryAfter';
import { loadRecording, recordingJson } from '../../../../support/replay/recording';

const sdks = [OpenAISdk, AnthropicSdk];
const before = { outputStarted: false, sdks };
const during = { outputStarted: true, sdks };

function openaiError(status: number, message: string, headers: Record<string, string> = {}, code?: string): OpenAISdk.APIError {
  return OpenAISdk.APIError.generate(status, { error: { message, type: 'invalid_request_error', code } }, undefined, new Headers(headers));
}

function anthropicError(status: number, type: string, message: string, headers: Record<string, string> = {}): AnthropicSdk.APIError {
  return AnthropicSdk.APIError.generate(status, { type: 'error', error: { type, message } }, undefined, new Headers(headers));
}

describe('classifyError', () => {
  it('maps HTTP statuses of both SDKs to kinds', () => {
    const cases: Array<[OpenAISdk.APIError | AnthropicSdk.APIError, string]> = [
      [openaiError(429, 'slow down'), 'rate_limit'],
      [openaiError(401, 'Incorrect API key provided'), 'auth'],
      [openaiError(403, 'forbidden'), 'auth'],
      [openaiError(404, 'The model `gpt-9` does not exist'), 'bad_request'],
      [openaiError(500, 'boom'), 'server'],
      [openaiError(503, 'unavailable'), 'overloaded'],
      [anthropicError(529, 'overloaded_error', 'Overloaded'), 'overloaded'],
      [anthropicError(400, 'invalid_request_error', 'messages: roles must alternate'), 'bad_request'],
      [anthropicError(401, 'authentication_error', 'invalid x-api-key'), 'auth'],
    ];
    for (const [error, kind] of cases) assert.equal(classifyError(error, before).kind, kind, error.message);
  });

  it('keeps the status and the server message in a readable message', () => {
    const error = classifyError(anthropicError(429, 'rate_limit_error', 'Number of request tokens has exceeded your rate limit'), before);
    assert.equal(error.status, 429);
    assert.equal(error.message, 'Rate limited by the API (429): Number of request tokens has exceeded your rate limit');
    assert.equal(classifyError(openaiError(401, 'Incorrect API key provided: sk-x'), before).message, 'The API refused the credentials (401): Incorrect API key provided: sk-x');
  });

  it('reads retry-after in seconds and retry-after-ms from the headers', () => {
    assert.equal(classifyError(openaiError(429, 'slow', { 'retry-after': '7' }), before).retryAfterMs, 7000);
    assert.equal(classifyError(openaiError(429, 'slow', { 'retry-after-ms': '1500', 'retry-after': '2' }), before).retryAfterMs, 1500);
    assert.equal(classifyError(anthropicError(529, 'overloaded_error', 'Overloaded'), before).retryAfterMs, undefined);
  });

  it('recognises a prompt longer than the context window', () => {
    const openai = openaiError(400, "This model's maximum context length is 128000 tokens. However, your messages resulted in 130000 tokens.", {}, 'context_length_exceeded');
    const anthropic = anthropicError(400, 'invalid_request_error', 'prompt is too long: 210000 tokens > 200000 maximum');
    const anthropicWithBudget = anthropicError(
      400, 'invalid_request_error', 'input length and `max_tokens` exceed context limit: 199759 + 8192 > 200000, decrease input length or `max_tokens` and try again',
    );
    const byCodeOnly = openaiError(400, 'Too long.', {}, 'context_length_exceeded');
    for (const error of [openai, anthropic, anthropicWithBudget, byCodeOnly]) assert.equal(classifyError(error, before).kind, 'context_overflow');
    assert.equal(classifyError(openaiError(429, 'prompt is too long'), before).kind, 'rate_limit');
  });

  it('treats connection failures as network errors before output and as a broken stream after', () => {
    const refused = new OpenAISdk.APIConnectionError({ message: 'Connection error.', cause: new Error('connect ECONNREFUSED 127.0.0.1:9') });
    assert.equal(classifyError(refused, before).kind, 'network');
    assert.match(classifyError(refused, before).message, /ECONNREFUSED/);
    assert.equal(classifyError(new AnthropicSdk.APIConnectionTimeoutError(), before).kind, 'network');
    const terminated = new TypeError('terminated');
    assert.equal(classifyError(terminated, before).kind, 'network');
    assert.equal(classifyError(terminated, during).kind, 'stream_broken');
    assert.ok(classifyError(terminated, during).retryable, 'a connection that broke mid-reply is transient');
  });

  it('treats an error event inside a stream by its error type', () => {
    const overloaded = new AnthropicSdk.APIError(undefined, { type: 'error', error: { type: 'overloaded_error', message: 'Overloaded' } }, undefined, new Headers(), 'overloaded_error');
    assert.equal(classifyError(overloaded, during).kind, 'overloaded');
    assert.match(classifyError(overloaded, during).message, /Overloaded/);
    const openRouter = new OpenAISdk.APIError(undefined, { code: 502, message: 'Provider returned error' }, undefined, new Headers());
    assert.equal(classifyError(openRouter, during).kind, 'server');
    const unknownType = new OpenAISdk.APIError(undefined, { message: 'odd' }, undefined, new Headers());
    assert.equal(classifyError(unknownType, during).kind, 'stream_broken');
    assert.equal(classifyError(unknownType, before).kind, 'unknown');
  });

  it('reads a status in a streamed error before its type string', () => {
    const streamed = (error: object): OpenAISdk.APIError => new OpenAISdk.APIError(undefined, error, undefined, new Headers());
    const cases: Array<[object, string]> = [
      [{ message: 'engine died', type: 'InternalServerError', param: null, code: 500 }, 'server'],
      [{ message: 'slow down', type: 'RateLimitError', code: 429 }, 'rate_limit'],
      [{ message: 'busy', type: 'ServiceUnavailableError', code: 503 }, 'overloaded'],
      [{ message: 'overloaded', code: '529' }, 'overloaded'],
      [{ message: 'no such model', type: 'server_error', code: 404 }, 'bad_request'],
      [{ message: 'odd', type: 'server_error', code: 'unknown_code' }, 'server'],
    ];
    for (const [body, kind] of cases) assert.equal(classifyError(streamed(body), before).kind, kind, JSON.stringify(body));
    assert.equal(classifyError(streamed({ message: 'engine died', type: 'InternalServerError', code: 500 }), during).retryable, true);
  });

  it('reports cancellation as aborted, whatever was thrown once the signal fired', () => {
    assert.equal(classifyError(new OpenAISdk.APIUserAbortError(), before).kind, 'aborted');
    assert.equal(classifyError(new AnthropicSdk.APIUserAbortError(), during).kind, 'aborted');
    assert.equal(classifyError(new DOMException('This operation was aborted', 'AbortError'), before).kind, 'aborted');
    const controller = new AbortController();
    controller.abort();
    assert.equal(classifyError(new TypeError('terminated'), { signal: controller.signal, outputStarted: true, sdks }).kind, 'aborted');
    assert.equal(classifyError(openaiError(500, 'boom'), { signal: controller.signal, outputStarted: false, sdks }).kind, 'aborted');
  });

  it('passes a ProviderError through unchanged', () => {
    const error = new ProviderError('stream_broken', 'cut');
    assert.equal(classifyError(error, before), error);
  });
});

describe('retryAfterFrom', () => {
  it('accepts seconds, fractional seconds, an HTTP date and milliseconds', () => {
    const now = Date.parse('2025-01-01T00:00:00Z');
    assert.equal(retryAfterFrom(new Headers({ 'retry-after': '3' }), now), 3000);
    assert.equal(retryAfterFrom(new Headers({ 'retry-after': '0.5' }), now), 500);
    assert.equal(retryAfterFrom(new Headers({ 'retry-after': 'Wed, 01 Jan 2025 00:00:30 GMT' }), now), 30_000);
    assert.equal(retryAfterFrom(new Headers({ 'retry-after': 'Tue, 31 Dec 2024 23:59:00 GMT' }), now), 0);
    assert.equal(retryAfterFrom(new Headers({ 'retry-after-ms': '250' }), now), 250);
  });

  it('ignores missing and unreadable values', () => {
    assert.equal(retryAfterFrom(undefined), undefined);
    assert.equal(retryAfterFrom(new Headers()), undefined);
    assert.equal(retryAfterFrom(new Headers({ 'retry-after': 'soon' })), undefined);
  });
});

/** The error the OpenAI client raises for a recorded answer: its body read as the client reads it. */
function recordedOpenAiError(name: string, headers: Record<string, string> = {}): OpenAISdk.APIError {
  const recording = loadRecording(name);
  return OpenAISdk.APIError.generate(recording.status, normalizedErrorBody(recordingJson(recording) as object), undefined, new Headers(headers));
}

function recordedAnthropicError(name: string): AnthropicSdk.APIError {
  const recording = loadRecording(name);
  return AnthropicSdk.APIError.generate(recording.status, recordingJson(recording) as object, undefined, new Headers());
}

describe('classifyError: quota, billing and limits', () => {
  it('classes a used-up quota or balance as `quota`, never retried, with the server\'s words', () => {
    const cases = [
      [classifyError(recordedOpenAiError('openai/error-insufficient-quota.json'), before), /You exceeded your current quota/],
      [classifyError(recordedOpenAiError('deepseek/error-insufficient-balance.json'), before), /Insufficient Balance/],
      [classifyError(recordedOpenAiError('openrouter/error-free-models-per-day.json'), before), /free-models-per-day/],
      [classifyError(recordedAnthropicError('anthropic/error-credit-balance.json'), before), /credit balance is too low/],
    ] as const;
    for (const [error, words] of cases) {
      assert.equal(error.kind, 'quota', error.message);
      assert.equal(error.retryable, false);
      assert.match(error.message, words);
    }
  });

  it('states the reset time OpenRouter gives in the body, in UTC', () => {
    const error = classifyError(recordedOpenAiError('openrouter/error-free-models-per-day.json'), before);
    assert.equal(error.resetAt, 1768348800000);
    assert.match(error.message, /It resets 2026-01-14 00:00 UTC\./);
    assert.doesNotMatch(error.message, /before then/, 'a reset already past is not waited for');
  });

  it('says how far away a reset still to come is, and that nothing is retried before it', () => {
    const resetAt = Date.now() + (5 * 60 + 12) * 60_000 + 20_000;
    const body = { error: { message: 'Rate limit exceeded: free-models-per-day. Add 10 credits to unlock 1000 free model requests per day', code: 429, metadata: { headers: { 'X-RateLimit-Limit': '50', 'X-RateLimit-Remaining': '0', 'X-RateLimit-Reset': String(resetAt) }, provider_name: null } } };
    const error = classifyError(OpenAISdk.APIError.generate(429, body, undefined, new Headers()), before);
    assert.match(error.message, /It resets \d{4}-\d{2}-\d{2} \d{2}:\d{2} UTC \(in 5 h 12 min\)\. Not retried before then\.$/);
  });

  it("reads Google's per-minute quota as a rate limit waiting RetryInfo's delay", () => {
    const error = classifyError(recordedOpenAiError('gemini/error-per-minute-quota.json'), before);
    assert.equal(error.kind, 'rate_limit');
    assert.equal(error.retryAfterMs, 58_000);
    assert.match(error.message, /Quota exceeded for metric/);
  });

  it("reads Google's per-day quota as the quota, whatever RetryInfo says", () => {
    // The violations and RetryInfo googleapis/python-genai#2044 logged (gemini-2.0-flash, free tier).
    const violations = [
      { quotaMetric: 'generativelanguage.googleapis.com/generate_content_free_tier_requests', quotaId: 'GenerateRequestsPerDayPerProjectPerModel-FreeTier', quotaDimensions: { location: 'global', model: 'gemini-2.0-flash' } },
      { quotaMetric: 'generativelanguage.googleapis.com/generate_content_free_tier_requests', quotaId: 'GenerateRequestsPerMinutePerProjectPerModel-FreeTier', quotaDimensions: { location: 'global', model: 'gemini-2.0-flash' } },
    ];
    const body = [{ error: { code: 429, message: 'You exceeded your current quota, please check your plan and billing details.', status: 'RESOURCE_EXHAUSTED', details: [{ '@type': 'type.googleapis.com/google.rpc.QuotaFailure', violations }, { '@type': 'type.googleapis.com/google.rpc.RetryInfo', retryDelay: '47s' }] } }];
    const error = classifyError(OpenAISdk.APIError.generate(429, normalizedErrorBody(body), undefined, new Headers()), before);
    assert.equal(error.kind, 'quota');
    assert.match(error.message, /midnight Pacific time/);
  });

  it("names the Azure filter of a 400 content_filter answer, as a refusal that is not retried", () => {
    const error = classifyError(recordedOpenAiError('azure/error-content-filter.json'), before);
    assert.equal(error.kind, 'refusal');
    assert.equal(error.retryable, false);
    assert.match(error.message, /^Stopped by Azure's jailbreak \(prompt shield\) filter \(jailbreak\) \(400\): The response was filtered/);
  });

  it('keeps a rate limit with a stated wait a retryable rate limit', () => {
    const error = classifyError(openaiError(429, 'Rate limit reached for gpt-4o', { 'x-ratelimit-remaining-requests': '0', 'x-ratelimit-reset-requests': '1s', 'x-ratelimit-remaining-tokens': '100', 'x-ratelimit-reset-tokens': '6m0s' }, 'rate_limit_exceeded'), before);
    assert.equal(error.kind, 'rate_limit');
    assert.equal(error.retryAfterMs, 1000);
  });
});

describe('limitResetWait: the reset headers of a 429', () => {
  const now = Date.parse('2025-01-01T00:00:00Z');

  it("waits for the OpenAI and Groq limit that ran out (x-ratelimit-reset-*: '6m0s', '2m59.56s', '20ms')", () => {
    assert.equal(limitResetWait(new Headers({ 'x-ratelimit-remaining-tokens': '0', 'x-ratelimit-reset-tokens': '6m0s', 'x-ratelimit-remaining-requests': '12', 'x-ratelimit-reset-requests': '1s' }), now), 360_000);
    assert.equal(limitResetWait(new Headers({ 'x-ratelimit-remaining-requests': '0', 'x-ratelimit-reset-requests': '2m59.56s' }), now), 179_560);
    assert.equal(limitResetWait(new Headers({ 'x-ratelimit-remaining-requests': '0', 'x-ratelimit-reset-requests': '20ms' }), now), 20);
  });

  it("waits for Anthropic's RFC 3339 reset times", () => {
    assert.equal(limitResetWait(new Headers({ 'anthropic-ratelimit-requests-remaining': '0', 'anthropic-ratelimit-requests-reset': '2025-01-01T00:00:42Z', 'anthropic-ratelimit-tokens-remaining': '5000', 'anthropic-ratelimit-tokens-reset': '2025-01-01T00:05:00Z' }), now), 42_000);
  });

  it('says nothing when no limit ran out, or its reset cannot be read', () => {
    assert.equal(limitResetWait(new Headers({ 'x-ratelimit-remaining-requests': '499', 'x-ratelimit-reset-requests': '6m0s' }), now), undefined);
    assert.equal(limitResetWait(new Headers({ 'x-ratelimit-remaining-requests': '0', 'x-ratelimit-reset-requests': 'soon' }), now), undefined);
    assert.equal(limitResetWait(undefined, now), undefined);
  });
});

describe('classifyError: which wait a failure gets', () => {
  it('prefers retry-after to the reset headers', () => {
    const error = classifyError(openaiError(429, 'Rate limit reached', { 'retry-after': '7', 'x-ratelimit-remaining-requests': '0', 'x-ratelimit-reset-requests': '6m0s' }), before);
    assert.equal(error.retryAfterMs, 7000);
  });

  it('reads reset headers for a rate limit only: a server error carrying them is backed off as usual', () => {
    const error = classifyError(openaiError(500, 'The server had an error while processing your request.', { 'x-ratelimit-remaining-requests': '0', 'x-ratelimit-reset-requests': '6m0s' }), before);
    assert.equal(error.kind, 'server');
    assert.equal(error.retryAfterMs, undefined);
  });
});
