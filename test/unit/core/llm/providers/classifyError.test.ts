import assert from 'node:assert/strict';
import * as AnthropicSdk from '@anthropic-ai/sdk';
import * as OpenAISdk from 'openai';
import { ProviderError } from '../../../../../src/core/llm/providerError';
import { classifyError, retryAfterFrom } from '../../../../../src/core/llm/providers/classifyError';

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
