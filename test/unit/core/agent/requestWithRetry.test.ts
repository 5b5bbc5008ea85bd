import assert from 'node:assert/strict';
import { requestWithRetry, type RequestEvent } from '../../../../src/core/agent/requestWithRetry';
import type { AssistantMessage } from '../../../../src/core/llm/messages';
import type { ProviderEvent } from '../../../../src/core/llm/provider';
import { ProviderError } from '../../../../src/core/llm/providerError';
import { ScriptedProvider } from '../../../support/scriptedProvider';
import { settlesWithin } from '../../../support/settlesWithin';

const fastPolicy = { maxRetries: 2, baseDelayMs: 5, maxDelayMs: 10, maxRetryAfterMs: 1000 };
const reply: AssistantMessage = { role: 'assistant', content: [{ type: 'text', text: 'hi' }], stopReason: 'end_turn', provider: 'scripted', model: 'm' };
const ok: ProviderEvent[] = [{ type: 'text_delta', text: 'hi' }, { type: 'done', message: reply }];
const fail = (kind: ConstructorParameters<typeof ProviderError>[0], retryAfterMs?: number): ProviderEvent[] => [{ type: 'error', error: new ProviderError(kind, `${kind} happened`, { retryAfterMs }) }];
const request = { model: 'm', system: 's', messages: [], tools: [] };

describe('requestWithRetry', () => {
  it('retries failures before output and announces each wait', async () => {
    const provider = new ScriptedProvider().enqueue(fail('rate_limit', 20), fail('overloaded'), ok);
    const events: RequestEvent[] = [];
    const result = await requestWithRetry(provider, request, fastPolicy, (event) => events.push(event), () => 1);
    assert.deepEqual(result, reply);
    const retries = events.filter((event) => event.type === 'retry');
    assert.deepEqual(retries.map((event) => event.delayMs), [20, 10]);
    assert.deepEqual(retries.map((event) => event.attempt), [1, 2]);
    assert.equal(provider.requests.length, 3);
  });

  it('does not retry a rate limit whose stated wait is beyond the policy, and says how long the server asked for', async () => {
    const provider = new ScriptedProvider().enqueue(fail('rate_limit', 360_000), ok);
    const events: RequestEvent[] = [];
    const result = await requestWithRetry(provider, request, fastPolicy, (event) => events.push(event));
    assert.ok(result instanceof ProviderError);
    assert.equal(result.kind, 'rate_limit');
    assert.equal(provider.requests.length, 1);
    assert.deepEqual(events.filter((event) => event.type === 'retry'), []);
    assert.equal(result.message, 'rate_limit happened The server asks to wait 6 min before the next request; Elbow waits at most 1 s, so it did not retry.');
  });

  it('returns the error once retries are used up', async () => {
    const provider = new ScriptedProvider().enqueue(fail('server'), fail('server'), fail('server'));
    const result = await requestWithRetry(provider, request, fastPolicy, () => undefined);
    assert.ok(result instanceof ProviderError);
    assert.equal(result.kind, 'server');
    assert.equal(provider.requests.length, 3);
  });

  it('retries an overload that broke off a streaming reply, announcing the discarded part before the retry', async () => {
    const broken: ProviderEvent[] = [
      { type: 'text_delta', text: 'The first half' },
      { type: 'tool_call_start', id: 'call_1', name: 'read_file' },
      { type: 'error', error: new ProviderError('overloaded', 'The API is overloaded (in the stream): Overloaded') },
    ];
    const provider = new ScriptedProvider().enqueue(broken, ok);
    const events: RequestEvent[] = [];
    const result = await requestWithRetry(provider, request, fastPolicy, (event) => events.push(event), () => 1);
    assert.deepEqual(result, reply, 'the one final message is the second attempt\'s');
    assert.equal(provider.requests.length, 2);
    assert.deepEqual(events.map((event) => event.type), ['text_delta', 'tool_call_start', 'reply_discarded', 'retry', 'text_delta']);
    assert.deepEqual(events[2], { type: 'reply_discarded', reason: 'The API is overloaded (in the stream): Overloaded' });
    assert.deepEqual(events[3], { type: 'retry', attempt: 1, maxAttempts: 2, delayMs: 5, reason: 'The API is overloaded (in the stream): Overloaded' });
  });

  it('retries a connection that broke mid-reply, and a stream that ended without finishing', async () => {
    const dropped: ProviderEvent[] = [{ type: 'text_delta', text: 'par' }, { type: 'error', error: new ProviderError('stream_broken', 'reset') }];
    const cutShort: ProviderEvent[] = [{ type: 'thinking_delta', text: 'hmm' }];
    const provider = new ScriptedProvider().enqueue(dropped, cutShort, ok);
    const events: RequestEvent[] = [];
    const result = await requestWithRetry(provider, request, fastPolicy, (event) => events.push(event));
    assert.deepEqual(result, reply);
    assert.equal(events.filter((event) => event.type === 'reply_discarded').length, 2);
    assert.equal(provider.requests.length, 3);
  });

  it('returns a failure after output that cannot succeed on a retry, discarding nothing', async () => {
    const refused: ProviderEvent[] = [{ type: 'text_delta', text: 'par' }, { type: 'error', error: new ProviderError('bad_request', 'invalid') }];
    const provider = new ScriptedProvider().enqueue(refused, ok);
    const events: RequestEvent[] = [];
    const result = await requestWithRetry(provider, request, fastPolicy, (event) => events.push(event));
    assert.ok(result instanceof ProviderError && result.kind === 'bad_request');
    assert.deepEqual(events.map((event) => event.type), ['text_delta']);
    assert.equal(provider.requests.length, 1);
  });

  it('returns the last broken reply\'s error once retries are used up', async () => {
    const broken = (): ProviderEvent[] => [{ type: 'text_delta', text: 'par' }, { type: 'error', error: new ProviderError('server', 'boom') }];
    const provider = new ScriptedProvider().enqueue(broken(), broken(), broken());
    const events: RequestEvent[] = [];
    const result = await requestWithRetry(provider, request, fastPolicy, (event) => events.push(event));
    assert.ok(result instanceof ProviderError && result.kind === 'server');
    assert.equal(provider.requests.length, 3);
    assert.equal(events.filter((event) => event.type === 'reply_discarded').length, 2, 'the last partial reply is not discarded: nothing follows it');
  });

  it('does not retry errors that cannot succeed', async () => {
    const provider = new ScriptedProvider().enqueue(fail('auth'), ok);
    const result = await requestWithRetry(provider, request, fastPolicy, () => undefined);
    assert.ok(result instanceof ProviderError && result.kind === 'auth');
    assert.equal(provider.requests.length, 1);
  });

  it('stops waiting as soon as the request is cancelled', async () => {
    // A wait of a minute: one that is not cut short outlasts the bound below.
    const provider = new ScriptedProvider().enqueue(fail('rate_limit', 60_000), ok);
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 20);
    const waiting = requestWithRetry(provider, { ...request, signal: controller.signal }, { ...fastPolicy, maxRetryAfterMs: 60_000 }, () => undefined);
    assert.ok(await settlesWithin(waiting, 5_000), 'the cancel did not end the wait');
    const result = await waiting;
    assert.ok(result instanceof ProviderError && result.kind === 'aborted');
    assert.equal(provider.requests.length, 1);
  });

  it('turns a provider that throws into an error instead of crashing', async () => {
    const provider = new ScriptedProvider();
    const result = await requestWithRetry(provider, request, { ...fastPolicy, maxRetries: 0 }, () => undefined);
    assert.ok(result instanceof ProviderError);
    assert.match(result.message, /no script queued/);
  });
});
