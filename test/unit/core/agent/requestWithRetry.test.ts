import assert from 'node:assert/strict';
import type { AgentEvent } from '../../../../src/core/agent/agentEvents';
import { requestWithRetry } from '../../../../src/core/agent/requestWithRetry';
import type { AssistantMessage } from '../../../../src/core/llm/messages';
import type { ProviderEvent } from '../../../../src/core/llm/provider';
import { ProviderError } from '../../../../src/core/llm/providerError';
import { ScriptedProvider } from '../../../support/scriptedProvider';

const fastPolicy = { maxRetries: 2, baseDelayMs: 5, maxDelayMs: 10, maxRetryAfterMs: 1000 };
const reply: AssistantMessage = { role: 'assistant', content: [{ type: 'text', text: 'hi' }], stopReason: 'end_turn', provider: 'scripted', model: 'm' };
const ok: ProviderEvent[] = [{ type: 'text_delta', text: 'hi' }, { type: 'done', message: reply }];
const fail = (kind: ConstructorParameters<typeof ProviderError>[0], retryAfterMs?: number): ProviderEvent[] => [{ type: 'error', error: new ProviderError(kind, `${kind} happened`, { retryAfterMs }) }];
const request = { model: 'm', system: 's', messages: [], tools: [] };

describe('requestWithRetry', () => {
  it('retries failures before output and announces each wait', async () => {
    const provider = new ScriptedProvider().enqueue(fail('rate_limit', 20), fail('overloaded'), ok);
    const events: AgentEvent[] = [];
    const result = await requestWithRetry(provider, request, fastPolicy, (event) => events.push(event), () => 1);
    assert.deepEqual(result, reply);
    const retries = events.filter((event) => event.type === 'retry');
    assert.deepEqual(retries.map((event) => event.delayMs), [20, 10]);
    assert.deepEqual(retries.map((event) => event.attempt), [1, 2]);
    assert.equal(provider.requests.length, 3);
  });

  it('returns the error once retries are used up', async () => {
    const provider = new ScriptedProvider().enqueue(fail('server'), fail('server'), fail('server'));
    const result = await requestWithRetry(provider, request, fastPolicy, () => undefined);
    assert.ok(result instanceof ProviderError);
    assert.equal(result.kind, 'server');
    assert.equal(provider.requests.length, 3);
  });

  it('does not retry once output has reached the user', async () => {
    const broken: ProviderEvent[] = [{ type: 'text_delta', text: 'par' }, { type: 'error', error: new ProviderError('network', 'reset') }];
    const provider = new ScriptedProvider().enqueue(broken, ok);
    const result = await requestWithRetry(provider, request, fastPolicy, () => undefined);
    assert.ok(result instanceof ProviderError);
    assert.equal(provider.requests.length, 1);
  });

  it('does not retry errors that cannot succeed', async () => {
    const provider = new ScriptedProvider().enqueue(fail('auth'), ok);
    const result = await requestWithRetry(provider, request, fastPolicy, () => undefined);
    assert.ok(result instanceof ProviderError && result.kind === 'auth');
    assert.equal(provider.requests.length, 1);
  });

  it('stops waiting as soon as the request is cancelled', async () => {
    const provider = new ScriptedProvider().enqueue(fail('rate_limit', 900), ok);
    const controller = new AbortController();
    const started = Date.now();
    setTimeout(() => controller.abort(), 20);
    const result = await requestWithRetry(provider, { ...request, signal: controller.signal }, fastPolicy, () => undefined);
    assert.ok(result instanceof ProviderError && result.kind === 'aborted');
    assert.ok(Date.now() - started < 500, 'cancel ends the wait early');
    assert.equal(provider.requests.length, 1);
  });

  it('turns a provider that throws into an error instead of crashing', async () => {
    const provider = new ScriptedProvider();
    const result = await requestWithRetry(provider, request, { ...fastPolicy, maxRetries: 0 }, () => undefined);
    assert.ok(result instanceof ProviderError);
    assert.match(result.message, /no script queued/);
  });
});
