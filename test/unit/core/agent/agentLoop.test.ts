import assert from 'node:assert/strict';
import type { AgentEvent } from '../../../../src/core/agent/agentEvents';
import { AgentSession } from '../../../../src/core/agent/agentSession';
import { sessionSetup } from '../../../../src/core/agent/sessionSetup';
import type { AssistantMessage, ToolCallBlock, ToolResultsMessage } from '../../../../src/core/llm/messages';
import type { ProviderEvent } from '../../../../src/core/llm/provider';
import { ProviderError } from '../../../../src/core/llm/providerError';
import { builtinTools } from '../../../../src/core/tools/builtin';
import { listFilesTool } from '../../../../src/core/tools/builtin/listFiles';
import { ToolRegistry } from '../../../../src/core/tools/registry';
import { ScriptedProvider } from '../../../support/scriptedProvider';
import { createTempWorkspace, type TempWorkspace } from '../../../support/tempWorkspace';

function call(name: string, input: object | string, id = `call_${name}_${Math.random().toString(36).slice(2, 8)}`): ToolCallBlock {
  return { type: 'tool_call', id, name, arguments: typeof input === 'string' ? input : JSON.stringify(input) };
}

function reply(content: AssistantMessage['content'], stopReason: AssistantMessage['stopReason'] = 'end_turn'): ProviderEvent[] {
  const message: AssistantMessage = { role: 'assistant', content, stopReason, provider: 'scripted', model: 'm' };
  const deltas: ProviderEvent[] = content.flatMap((block): ProviderEvent[] =>
    block.type === 'text' ? [{ type: 'text_delta', text: block.text }] : block.type === 'tool_call' ? [{ type: 'tool_call_start', id: block.id, name: block.name }] : [],
  );
  return [...deltas, { type: 'done', message }];
}

describe('agent loop', () => {
  let ws: TempWorkspace;
  let provider: ScriptedProvider;
  let session: AgentSession;
  let events: AgentEvent[];
  const emit = (event: AgentEvent): void => void events.push(event);

  beforeEach(async () => {
    ws = await createTempWorkspace({ 'a.txt': 'alpha\n', 'b.txt': 'beta\n' });
    provider = new ScriptedProvider();
    const registry = new ToolRegistry();
    for (const tool of builtinTools()) registry.register(tool);
    session = new AgentSession({ host: ws.host, setup: sessionSetup({ provider, settings: { provider: 'openai', model: 'm' }, system: 'sys', registry, retry: { maxRetries: 1, baseDelayMs: 1, maxDelayMs: 1, maxRetryAfterMs: 10 } }) });
    events = [];
  });
  afterEach(() => ws.cleanup());

  it('runs the whole calls of a reply the output limit cut, but never its last call, whose arguments parse', async () => {
    const last = call('list_files', {});
    provider.enqueue(reply([call('read_file', { path: 'a.txt' }), last], 'max_tokens'), reply([{ type: 'text', text: 'It says alpha.' }]));
    const outcome = await session.send('what is in a.txt?', emit);
    assert.deepEqual(outcome, { reason: 'completed', text: 'It says alpha.' });
    const results = session.messages[2] as ToolResultsMessage;
    assert.equal(results.role, 'tool');
    const texts = results.results.map((result) => (result.content[0]?.type === 'text' ? result.content[0].text : ''));
    assert.match(texts[0] ?? '', /alpha/);
    assert.match(texts[1] ?? '', /^Not run: your reply reached the output limit while you were writing this list_files call/);
    assert.equal(events.some((event) => event.type === 'tool_call' && event.id === last.id), false);
    assert.equal(provider.requests.length, 2);
    assert.equal(events.at(-1)?.type, 'done');
  });

  it('stops with a message at a reply the context window cut, when the session cannot compact', async () => {
    provider.enqueue(reply([{ type: 'text', text: 'Here are the steps: first' }], 'context_window'));
    const outcome = await session.send('explain', emit);
    assert.equal(outcome.reason, 'stopped');
    assert.match(outcome.reason === 'stopped' ? outcome.message : '', /context window\. Compact the conversation/);
    assert.equal(provider.requests.length, 1);
  });

  it('answers every call of a cut reply it stops at, the cut one as cut', async () => {
    const whole = call('read_file', { path: 'a.txt' });
    const cut = call('write_file', '{"path": "new.txt", "content": "lo');
    provider.enqueue(reply([call('write_file', '{"path": "c.txt", "con')], 'max_tokens'), reply([whole, cut], 'max_tokens'));
    const outcome = await session.send('write', emit);
    assert.equal(outcome.reason, 'stopped');
    const results = session.messages.at(-1) as ToolResultsMessage;
    assert.deepEqual(results.results.map((result) => [result.toolCallId, result.isError]), [[whole.id, true], [cut.id, true]]);
    assert.match(results.results[1]?.content[0]?.type === 'text' ? results.results[1].content[0].text : '', /output limit/);
    await assert.rejects(ws.readText('new.txt'));
  });

  it('sends the assistant content back unchanged and answers every call of a turn together, in order', async () => {
    const calls = [call('read_file', { path: 'a.txt' }), call('read_file', { path: 'b.txt' }), call('list_files', {})];
    const first: AssistantMessage['content'] = [{ type: 'thinking', thinking: 'hmm', signature: 'sig' }, { type: 'text', text: 'Reading.' }, ...calls];
    provider.enqueue(reply(first), reply([{ type: 'text', text: 'done' }]));
    await session.send('read both', emit);
    const second = provider.requests[1];
    assert.ok(second);
    assert.deepEqual((second.messages[1] as AssistantMessage).content, first);
    const results = second.messages[2] as ToolResultsMessage;
    assert.deepEqual(results.results.map((result) => result.toolCallId), calls.map((c) => c.id));
    assert.equal(second.messages.length, 3);
  });

  it('turns unknown tools, malformed and invalid arguments into error results the model sees', async () => {
    provider.enqueue(
      reply([call('delete_everything', {}), call('read_file', '{"path": "a.tx'), call('read_file', { path: 42 })]),
      reply([{ type: 'text', text: 'sorry' }]),
    );
    const outcome = await session.send('go', emit);
    assert.equal(outcome.reason, 'completed');
    const results = (session.messages[2] as ToolResultsMessage).results;
    assert.deepEqual(results.map((result) => result.isError), [true, true, true]);
    const texts = results.map((result) => (result.content[0]?.type === 'text' ? result.content[0].text : ''));
    assert.match(texts[0] ?? '', /no tool named "delete_everything".*read_file/s);
    assert.match(texts[1] ?? '', /JSON/);
    assert.match(texts[2] ?? '', /path/);
    assert.deepEqual(events.filter((event) => event.type === 'tool_result').map((event) => event.type === 'tool_result' && event.isError), [true, true, true]);
  });

  it('stops at the turn limit with a clear message and leaves a valid conversation', async () => {
    const limited = new AgentSession({ host: ws.host, setup: sessionSetup({ provider, settings: { provider: 'openai', model: 'm', maxTurns: 2 }, system: 's', registry: new ToolRegistry().register(listFilesTool) }) });
    provider.enqueue(reply([call('list_files', {})]), reply([call('list_files', {})]));
    const outcome = await limited.send('loop forever', emit);
    assert.equal(outcome.reason, 'max_turns');
    assert.match(outcome.reason === 'max_turns' ? outcome.message : '', /2 model turns/);
    assert.equal(limited.messages.at(-1)?.role, 'tool');
  });

  it('reports a provider failure as an outcome, keeps history valid, and can retry', async () => {
    provider.enqueue([{ type: 'error', error: new ProviderError('auth', 'Invalid API key (401).') }]);
    const failed = await session.send('hello', emit);
    assert.deepEqual(failed, { reason: 'error', message: 'Invalid API key (401).', kind: 'auth', retryable: false });
    assert.deepEqual(session.messages.map((message) => message.role), ['user']);
    provider.enqueue(reply([{ type: 'text', text: 'hi' }]));
    const retried = await session.retry(emit);
    assert.equal(retried.reason, 'completed');
    assert.deepEqual(session.messages.map((message) => message.role), ['user', 'assistant']);
  });

  it('answers every call with a cancelled result when cancelled between tools', async () => {
    const controller = new AbortController();
    const first = call('write_file', { path: 'c.txt', content: 'x' });
    const second = call('write_file', { path: 'd.txt', content: 'y' });
    provider.enqueue(reply([first, second]));
    const outcome = await session.send('write', (event) => {
      emit(event);
      if (event.type === 'tool_result') controller.abort();
    }, controller.signal);
    assert.equal(outcome.reason, 'cancelled');
    const results = (session.messages.at(-1) as ToolResultsMessage).results;
    assert.deepEqual(results.map((result) => result.toolCallId), [first.id, second.id]);
    assert.deepEqual(results.map((result) => result.isError), [false, true]);
    await assert.rejects(ws.readText('d.txt'));
  });

  it('refuses a second run while one is in progress', async () => {
    provider.enqueue(reply([{ type: 'text', text: 'one' }]));
    const running = session.send('one', emit);
    await assert.rejects(session.send('two', emit), /already running/);
    await running;
    assert.deepEqual(session.messages.map((message) => message.role), ['user', 'assistant']);
  });
});
