import assert from 'node:assert/strict';
import type { AgentEvent } from '../../../../src/core/agent/agentEvents';
import { AgentSession } from '../../../../src/core/agent/agentSession';
import { sessionSetup } from '../../../../src/core/agent/sessionSetup';
import type { AssistantMessage } from '../../../../src/core/llm/messages';
import type { ProviderEvent } from '../../../../src/core/llm/provider';
import { ProviderError, type ProviderErrorKind } from '../../../../src/core/llm/providerError';
import { builtinTools } from '../../../../src/core/tools/builtin';
import { ToolRegistry } from '../../../../src/core/tools/registry';
import { ScriptedProvider } from '../../../support/scriptedProvider';
import { createTempWorkspace, type TempWorkspace } from '../../../support/tempWorkspace';

function answer(text: string, model: string): ProviderEvent[] {
  const message: AssistantMessage = { role: 'assistant', provider: 'anthropic', model, content: [{ type: 'text', text }], stopReason: 'end_turn' };
  return [{ type: 'text_delta', text }, { type: 'done', message }];
}

function failure(kind: ProviderErrorKind, message: string, status?: number): ProviderEvent[] {
  return [{ type: 'error', error: new ProviderError(kind, message, { status }) }];
}

const overloaded = (): ProviderEvent[] => failure('overloaded', 'The API is overloaded (529): Overloaded', 529);

describe('fallback models', () => {
  let ws: TempWorkspace;
  let provider: ScriptedProvider;
  let events: AgentEvent[];
  const emit = (event: AgentEvent): void => void events.push(event);
  const sessionWith = (fallbackModels?: readonly string[], on: { provider: string; model: string } = { provider: 'anthropic', model: 'claude-opus-4-7' }): AgentSession => {
    const registry = new ToolRegistry();
    for (const tool of builtinTools()) registry.register(tool);
    const settings = { ...on, fallbackModels };
    return new AgentSession({ host: ws.host, setup: sessionSetup({ provider, settings, system: 'sys', registry, retry: { maxRetries: 1, baseDelayMs: 1, maxDelayMs: 1, maxRetryAfterMs: 10 } }) });
  };

  beforeEach(async () => {
    ws = await createTempWorkspace({ 'a.txt': 'alpha\n' });
    provider = new ScriptedProvider();
    events = [];
  });
  afterEach(() => ws.cleanup());

  it('hands the conversation to the next fallback once the model stays overloaded after its retries, and says so', async () => {
    const session = sessionWith(['claude-sonnet-4-6', 'claude-haiku-4-5']);
    provider.enqueue(overloaded(), overloaded(), answer('Done by the fallback.', 'claude-sonnet-4-6'));
    const outcome = await session.send('fix the bug', emit);
    assert.deepEqual(outcome, { reason: 'completed', text: 'Done by the fallback.' });
    assert.deepEqual(provider.requests.map((request) => request.model), ['claude-opus-4-7', 'claude-opus-4-7', 'claude-sonnet-4-6']);
    const switched = events.filter((event) => event.type === 'model_switched');
    assert.deepEqual(switched, [{ type: 'model_switched', from: 'claude-opus-4-7', to: 'claude-sonnet-4-6', reason: 'claude-opus-4-7 stayed overloaded', detail: 'The API is overloaded (529): Overloaded' }]);
    assert.deepEqual(provider.requests[2]?.messages, provider.requests[0]?.messages, 'the conversation moves as it is');
  });

  it('keeps the fallback for the rest of the run, goes down the list, and asks the user\'s model first on the next message', async () => {
    const session = sessionWith(['claude-sonnet-4-6', 'claude-haiku-4-5']);
    const notServed = (): ProviderEvent[] => failure('bad_request', 'The API rejected the request (404): model: claude-sonnet-4-6', 404);
    provider.enqueue(overloaded(), overloaded(), notServed(), answer('From haiku.', 'claude-haiku-4-5'), answer('Back on opus.', 'claude-opus-4-7'));
    assert.deepEqual(await session.send('first', emit), { reason: 'completed', text: 'From haiku.' });
    assert.deepEqual(events.filter((event) => event.type === 'model_switched').map((event) => event.type === 'model_switched' && `${event.from} → ${event.to}`), ['claude-opus-4-7 → claude-sonnet-4-6', 'claude-sonnet-4-6 → claude-haiku-4-5']);
    assert.deepEqual(await session.send('second', emit), { reason: 'completed', text: 'Back on opus.' });
    assert.deepEqual(provider.requests.map((request) => request.model), ['claude-opus-4-7', 'claude-opus-4-7', 'claude-sonnet-4-6', 'claude-haiku-4-5', 'claude-opus-4-7']);
  });

  it('does not switch for failures another model would share: quota, credentials, a bad request', async () => {
    const session = sessionWith(['claude-sonnet-4-6']);
    for (const [kind, status] of [['quota', 402], ['auth', 401], ['bad_request', 400]] as const) {
      provider.enqueue(failure(kind, `${kind} failure`, status));
      const outcome = await session.send('hello', emit);
      assert.equal(outcome.reason, 'error');
    }
    assert.deepEqual(provider.requests.map((request) => request.model), ['claude-opus-4-7', 'claude-opus-4-7', 'claude-opus-4-7']);
    assert.deepEqual(events.filter((event) => event.type === 'model_switched'), []);
  });

  it('ends with the last failure once every fallback stayed unavailable', async () => {
    const session = sessionWith(['claude-sonnet-4-6']);
    provider.enqueue(overloaded(), overloaded(), overloaded(), overloaded());
    const outcome = await session.send('hello', emit);
    assert.ok(outcome.reason === 'error');
    assert.equal(outcome.kind, 'overloaded');
    assert.equal(provider.requests.length, 4);
  });

  it('never sends a request with a fallback the preset refuses, however the settings came to hold it', async () => {
    const session = sessionWith(['../../../admin/keys?x=', 'backup'], { provider: 'azure', model: 'good' });
    const notFound = (): ProviderEvent[] => failure('bad_request', 'The API rejected the request (404): The API deployment for this resource does not exist.', 404);
    provider.enqueue(notFound(), notFound());
    const outcome = await session.send('hello', emit);
    assert.equal(outcome.reason, 'error');
    assert.deepEqual(provider.requests.map((request) => request.model), ['good', 'backup']);
  });

  it('asks at most three fallbacks in one run, whatever the list holds', async () => {
    const session = sessionWith(Array.from({ length: 50 }, (_, index) => `claude-${index}`));
    for (let request = 0; request < 60; request++) provider.enqueue(failure('bad_request', 'The API rejected the request (404): not found', 404));
    const outcome = await session.send('hello', emit);
    assert.equal(outcome.reason, 'error');
    assert.deepEqual(provider.requests.map((request) => request.model), ['claude-opus-4-7', 'claude-0', 'claude-1', 'claude-2']);
  });
});
