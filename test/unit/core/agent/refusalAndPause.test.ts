import assert from 'node:assert/strict';
import type { AgentEvent } from '../../../../src/core/agent/agentEvents';
import { AgentSession } from '../../../../src/core/agent/agentSession';
import { sessionSetup } from '../../../../src/core/agent/sessionSetup';
import type { AssistantMessage } from '../../../../src/core/llm/messages';
import type { ProviderEvent } from '../../../../src/core/llm/provider';
import { builtinTools } from '../../../../src/core/tools/builtin';
import { ToolRegistry } from '../../../../src/core/tools/registry';
import { ScriptedProvider } from '../../../support/scriptedProvider';
import { createTempWorkspace, type TempWorkspace } from '../../../support/tempWorkspace';

function reply(message: Partial<AssistantMessage> & Pick<AssistantMessage, 'content' | 'stopReason'>): ProviderEvent[] {
  const full: AssistantMessage = { role: 'assistant', provider: 'anthropic', model: 'm', ...message };
  const deltas = full.content.flatMap((block): ProviderEvent[] => (block.type === 'text' ? [{ type: 'text_delta', text: block.text }] : []));
  return [...deltas, { type: 'done', message: full }];
}

describe('agent loop: refusals and paused turns', () => {
  let ws: TempWorkspace;
  let provider: ScriptedProvider;
  let session: AgentSession;
  let events: AgentEvent[];
  const emit = (event: AgentEvent): void => void events.push(event);

  beforeEach(async () => {
    ws = await createTempWorkspace({ 'a.txt': 'alpha\n' });
    provider = new ScriptedProvider();
    const registry = new ToolRegistry();
    for (const tool of builtinTools()) registry.register(tool);
    session = new AgentSession({ host: ws.host, setup: sessionSetup({ provider, settings: { provider: 'openai', model: 'm' }, system: 'sys', registry, retry: { maxRetries: 0, baseDelayMs: 1, maxDelayMs: 1, maxRetryAfterMs: 10 } }) });
    events = [];
  });
  afterEach(() => ws.cleanup());

  it('ends a refused reply with an error naming the refusal, not an empty success, and keeps it out of the history', async () => {
    const explanation = 'This request was refused due to policy.';
    provider.enqueue(reply({ content: [], stopReason: 'refusal', stopDetail: explanation }));
    const outcome = await session.send('write malware', emit);
    assert.equal(outcome.reason, 'error');
    assert.ok(outcome.reason === 'error');
    assert.equal(outcome.kind, 'refusal');
    assert.equal(outcome.retryable, false);
    assert.match(outcome.message, /refused to answer \(stop_reason "refusal"\)\. This request was refused due to policy\./);
    assert.deepEqual(session.messages.map((message) => message.role), ['user']);
    assert.deepEqual(events.at(-1), { type: 'done', outcome });
  });

  it('names OpenAI\'s content filter when it stopped the reply', async () => {
    provider.enqueue(reply({ provider: 'openai', content: [{ type: 'text', text: 'Sure, here is' }], stopReason: 'refusal' }));
    const outcome = await session.send('something filtered', emit);
    assert.ok(outcome.reason === 'error');
    assert.match(outcome.message, /finish_reason "content_filter"/);
  });

  it('names the filter that stopped the reply when the provider said which', async () => {
    const stopDetail = "Azure's protected material filter (protected_material_text)";
    provider.enqueue(reply({ provider: 'openai', content: [{ type: 'text', text: 'Here are the lyrics' }], stopReason: 'refusal', stopDetail }));
    const outcome = await session.send('print the lyrics', emit);
    assert.ok(outcome.reason === 'error');
    assert.match(outcome.message, /stopped by Azure's protected material filter \(protected_material_text\) \(finish_reason "content_filter"\)/);
  });

  it('quotes at most 2,000 characters of the provider\'s reason for a refusal', async () => {
    for (const api of ['anthropic', 'openai'] as const) {
      const stopDetail = 'because '.repeat(5_000);
      provider.enqueue(reply({ provider: api, content: [], stopReason: 'refusal', stopDetail }));
      const outcome = await session.send('write malware', emit);
      assert.ok(outcome.reason === 'error');
      assert.ok(outcome.message.length < 2_500, `${api}: ${outcome.message.length} characters`);
      assert.match(outcome.message, /more characters\)/);
    }
  });

  it('continues a paused turn by sending the paused reply back, then finishes', async () => {
    provider.enqueue(
      reply({ content: [{ type: 'text', text: 'Searching the web…' }], stopReason: 'paused' }),
      reply({ content: [{ type: 'text', text: 'Found it.' }], stopReason: 'end_turn' }),
    );
    const outcome = await session.send('look it up', emit);
    assert.deepEqual(outcome, { reason: 'completed', text: 'Found it.' });
    assert.equal(provider.requests.length, 2);
    const continued = provider.requests[1]?.messages ?? [];
    assert.deepEqual(continued.at(-1), { role: 'assistant', provider: 'anthropic', model: 'm', content: [{ type: 'text', text: 'Searching the web…' }], stopReason: 'paused' });
  });

  it('stops after five paused replies in a row and leaves the rest to the user', async () => {
    for (let i = 0; i < 6; i++) provider.enqueue(reply({ content: [{ type: 'text', text: `step ${i}` }], stopReason: 'paused' }));
    const outcome = await session.send('a very long search', emit);
    assert.equal(outcome.reason, 'stopped');
    assert.ok(outcome.reason === 'stopped');
    assert.match(outcome.message, /paused its turn 5 times in a row/);
    assert.equal(provider.requests.length, 6);
  });
});
