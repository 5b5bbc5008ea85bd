import assert from 'node:assert/strict';
import { requestWithRetry, type RequestEvent } from '../../../../../src/core/agent/requestWithRetry';
import { ProviderError } from '../../../../../src/core/llm/providerError';
import { createProvider } from '../../../../../src/core/llm/providers/createProvider';
import { fetchWithStallTimeout } from '../../../../../src/core/llm/providers/stallTimeout';
import { startFakeLlmServer, text, type FakeLlmServer } from '../../../../support/fakeLlmServer';

const encoder = new TextEncoder();

/** A fetch answering 200 with these chunks, `gapMs` apart, then (with `stallAfter`) nothing more; records whether the body was cancelled. */
function chunkedFetch(chunks: string[], gapMs: number, stallAfter = false): { fetch: typeof fetch; cancelled: () => boolean } {
  let cancelled = false;
  const fake = (): Promise<Response> => {
    let index = 0;
    const body = new ReadableStream<Uint8Array>({
      async pull(controller) {
        if (index >= chunks.length) {
          if (!stallAfter) controller.close();
          else await new Promise(() => undefined);
          return;
        }
        if (index > 0) await new Promise((resolve) => setTimeout(resolve, gapMs));
        controller.enqueue(encoder.encode(chunks[index++]));
      },
      cancel() {
        cancelled = true;
      },
    });
    return Promise.resolve(new Response(body, { status: 200, headers: { 'content-type': 'text/event-stream' } }));
  };
  return { fetch: fake, cancelled: () => cancelled };
}

describe('fetchWithStallTimeout', () => {
  it('fails a body that goes quiet with a retryable stall error, and closes it', async () => {
    const source = chunkedFetch(['event: ping\n\n'], 0, true);
    const guarded = fetchWithStallTimeout(100, source.fetch);
    assert.ok(guarded);
    const started = Date.now();
    const response = await guarded('http://example.invalid/v1/messages');
    await assert.rejects(response.text(), (error: unknown) => error instanceof ProviderError && error.kind === 'stream_broken' && error.retryable && /stalled: the API sent nothing for 0\.1 s/.test(error.message));
    assert.ok(Date.now() - started >= 95, 'not before the timeout');
    assert.ok(source.cancelled(), 'the quiet connection is closed');
  });

  it('lets a stream through whose chunks, keep-alives included, come more often than the timeout', async () => {
    const guarded = fetchWithStallTimeout(150, chunkedFetch(['a', ': keep-alive\n\n', 'b', 'c'], 60).fetch);
    assert.ok(guarded);
    const response = await guarded('http://example.invalid/');
    assert.equal(await response.text(), 'a: keep-alive\n\nbc');
    assert.equal(response.status, 200);
    assert.equal(response.headers.get('content-type'), 'text/event-stream');
  });

  it('leaves error responses alone, and is off at 0', async () => {
    const failing = (): Promise<Response> => Promise.resolve(new Response('{"error":"x"}', { status: 500 }));
    const guarded = fetchWithStallTimeout(100, failing);
    assert.ok(guarded);
    const response = await guarded('http://example.invalid/');
    assert.equal(await response.text(), '{"error":"x"}');
    assert.equal(fetchWithStallTimeout(0, failing), failing);
  });
});

for (const api of ['openai', 'anthropic'] as const) {
  describe(`a stalled reply (${api})`, function () {
    this.timeout(10_000);
    let server: FakeLlmServer;
    beforeEach(async () => {
      server = await startFakeLlmServer();
    });
    afterEach(async () => server.close());

    it('is abandoned after the stall timeout and asked for again', async () => {
      server.enqueue({ kind: 'hang' }, { kind: 'reply', content: [text('Here at last.')] });
      const provider = createProvider({ provider: api, apiKey: server.apiKey, baseURL: api === 'openai' ? server.openaiBaseUrl : server.anthropicBaseUrl, stallTimeoutMs: 300 });
      const events: RequestEvent[] = [];
      const request = { model: 'test-model', system: 's', messages: [{ role: 'user' as const, content: [{ type: 'text' as const, text: 'hi' }] }], tools: [] };
      const reply = await requestWithRetry(provider, request, { maxRetries: 1, baseDelayMs: 10, maxDelayMs: 10, maxRetryAfterMs: 1000 }, (event) => events.push(event));
      assert.ok(!(reply instanceof ProviderError), reply instanceof ProviderError ? reply.message : '');
      assert.deepEqual(reply.content, [{ type: 'text', text: 'Here at last.' }]);
      const retry = events.find((event) => event.type === 'retry');
      assert.match(retry?.type === 'retry' ? retry.reason : '', /stalled/);
      assert.equal(server.requests.length, 2);
    });
  });
}
