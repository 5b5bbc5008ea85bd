import assert from 'node:assert/strict';
import type { AgentEvent } from '../../../../src/core/agent/agentEvents';
import { AgentSession } from '../../../../src/core/agent/agentSession';
import { sessionSetup } from '../../../../src/core/agent/sessionSetup';
import { conversationState } from '../../../../src/core/agent/conversationState';
import type { TranscriptArchive } from '../../../../src/core/host/transcriptArchive';
import { userText, type Message, type Usage } from '../../../../src/core/llm/messages';
import type { ModelLimits } from '../../../../src/core/llm/modelCatalog';
import type { ProviderEvent } from '../../../../src/core/llm/provider';
import { ProviderError } from '../../../../src/core/llm/providerError';
import { costOfUsage } from '../../../../src/core/llm/usageCost';
import { compactTool } from '../../../../src/core/tools/builtin/compact';
import { ToolRegistry } from '../../../../src/core/tools/registry';
import { ScriptedProvider } from '../../../support/scriptedProvider';
import { createTempWorkspace, type TempWorkspace } from '../../../support/tempWorkspace';
import { assistantMessage, assistantText } from '../../../support/messageBuilders';

const limits: ModelLimits = { contextWindow: 100_000, maxOutputTokens: 4_000, known: true, prices: { input: 3, output: 15, cacheRead: 0.3, cacheWrite: 3.75 } };
const noRetry = { maxRetries: 0, baseDelayMs: 1, maxDelayMs: 1, maxRetryAfterMs: 1 };

/** A reply; its usage as a provider reports it, priced at `limits.prices` unless `cost` says otherwise. */
function reply(text: string, usage?: Usage, cost: number | null = usage === undefined ? null : costOfUsage(usage, limits.prices)): ProviderEvent[] {
  return [...(usage ? [{ type: 'usage' as const, usage, cost }] : []), { type: 'done', message: assistantText(text) }];
}

class RecordingArchive implements TranscriptArchive {
  readonly saved: Message[][] = [];
  constructor(private readonly failure?: Error) {}
  save(messages: readonly Message[]): Promise<string> {
    if (this.failure) return Promise.reject(this.failure);
    this.saved.push(structuredClone([...messages]));
    return Promise.resolve(`/archive/${this.saved.length}.jsonl`);
  }
}

describe('compaction through the session', () => {
  let ws: TempWorkspace;
  let provider: ScriptedProvider;

  beforeEach(async () => {
    ws = await createTempWorkspace({});
    provider = new ScriptedProvider();
  });
  afterEach(() => ws.cleanup());

  function session(history: Message[], archive: TranscriptArchive = new RecordingArchive()): AgentSession {
    const registry = new ToolRegistry();
    registry.register(compactTool);
    return new AgentSession({ host: ws.host, setup: sessionSetup({ provider, settings: { provider: 'openai', model: 'm' }, system: 's', registry, limits, retry: noRetry }), archive, conversation: conversationState({ messages: history }) });
  }

  it('summarises on request ("Compact now"): archives the history, replaces it by the summary, and reports the sizes', async () => {
    const archive = new RecordingArchive();
    const chat = session([userText('Fix the parser, please.'), assistantText('Fixed.'), userText('Now the docs.'), assistantText('Done.')], archive);
    provider.enqueue(reply('## Goal\nFix the parser.\n## Remaining work\nNothing.', { inputTokens: 900, outputTokens: 40, cacheReadTokens: 0, cacheWriteTokens: 0 }));
    const events: AgentEvent[] = [];
    const outcome = await chat.compact((event) => events.push(event), undefined, 'the parser');

    assert.deepEqual(outcome, { reason: 'completed', text: '' });
    assert.equal(archive.saved[0]?.length, 4);
    const request = provider.requests[0];
    assert.match(JSON.stringify(request?.messages.at(-1)), /Give most room to: the parser/);
    assert.equal(chat.messages.length, 1);
    const [first, second] = (chat.messages[0] as { content: Array<{ text: string }> }).content;
    assert.match(first?.text ?? '', /original request, verbatim:\n\nFix the parser, please\.$/);
    assert.match(second?.text ?? '', /## Goal\nFix the parser\.[\s\S]*latest message, verbatim\n\nNow the docs\.[\s\S]*archived at \/archive\/1\.jsonl/);
    assert.deepEqual(events.map((event) => event.type), ['compaction_start', 'usage', 'compaction', 'context', 'done']);
    const usage = events.find((event) => event.type === 'usage');
    assert.equal(usage?.type === 'usage' && usage.total?.cost, (900 * 3 + 40 * 15) / 1e6, 'the summary request\'s cost is counted');
    assert.equal(chat.usageTotals.usage.inputTokens, 900);
  });

  it('keeps the history when the summary fails, and says why', async () => {
    const history = [userText('Fix the parser.'), assistantText('Fixed.')];
    const chat = session(structuredClone(history));
    provider.enqueue([{ type: 'error', error: new ProviderError('server', 'The server is down.') }]);
    const events: AgentEvent[] = [];
    const outcome = await chat.compact((event) => events.push(event));
    assert.equal(outcome.reason, 'stopped');
    assert.deepEqual(chat.messages, history);
    const failure = events.find((event) => event.type === 'compaction_failed');
    assert.equal(failure?.type === 'compaction_failed' && failure.message, 'The server is down.');
  });

  it('keeps the history when the model refuses to summarise, whatever text it began', async () => {
    const history = [userText('Fix the parser.'), assistantText('Fixed.')];
    const chat = session(structuredClone(history));
    provider.enqueue([{ type: 'done', message: { ...assistantText('## Goal\nI cannot'), stopReason: 'refusal' } }]);
    const events: AgentEvent[] = [];
    const outcome = await chat.compact((event) => events.push(event));
    assert.equal(outcome.reason, 'stopped');
    assert.deepEqual(chat.messages, history);
    const failure = events.find((event) => event.type === 'compaction_failed');
    assert.equal(failure?.type === 'compaction_failed' && failure.message, 'The model refused to write the summary.');
  });

  it('keeps the history when the transcript cannot be archived, without asking the model', async () => {
    const history = [userText('Fix the parser.'), assistantText('Fixed.')];
    const chat = session(structuredClone(history), new RecordingArchive(new Error('EACCES: permission denied')));
    const events: AgentEvent[] = [];
    await chat.compact((event) => events.push(event));
    assert.deepEqual(chat.messages, history);
    assert.equal(provider.requests.length, 0);
    assert.match(JSON.stringify(events.find((event) => event.type === 'compaction_failed')), /Could not archive the transcript: EACCES/);
  });

  it('says there is nothing to compact in an empty conversation', async () => {
    const outcome = await session([]).compact(() => undefined);
    assert.deepEqual(outcome, { reason: 'stopped', message: 'Nothing to compact yet: the conversation is empty.' });
    assert.equal(provider.requests.length, 0);
  });

  it('summarises before the next turn when the model calls compact, then goes on from the summary', async () => {
    const chat = session([]);
    provider.enqueue(
      [{ type: 'done', message: assistantMessage({ type: 'tool_call', id: 'c1', name: 'compact', arguments: '{"focus":"the failing test"}' }) }],
      reply('## Goal\nMake the test pass.'),
      reply('Carrying on from the summary.'),
    );
    const outcome = await chat.send('Make the test pass.', () => undefined);
    assert.deepEqual(outcome, { reason: 'completed', text: 'Carrying on from the summary.' });
    assert.match(JSON.stringify(provider.requests[1]?.messages.at(-1)), /Give most room to: the failing test/);
    const last = provider.requests[2]?.messages ?? [];
    assert.equal(last.length, 1, 'the third request starts from the summary');
    assert.match(JSON.stringify(last[0]), /Make the test pass\.[\s\S]*## Goal/);
  });

  it('compacts and sends once more when the provider refuses a request as too long', async () => {
    const chat = session([userText('Earlier question.'), assistantText('Earlier answer.')]);
    provider.enqueue(
      [{ type: 'error', error: new ProviderError('context_overflow', 'prompt is too long: 120000 tokens > 100000 maximum') }],
      reply('## Goal\nAnswer the question.'),
      reply('Here is the answer.'),
    );
    const events: AgentEvent[] = [];
    const outcome = await chat.send('The question.', (event) => events.push(event));
    assert.deepEqual(outcome, { reason: 'completed', text: 'Here is the answer.' });
    const compaction = events.find((event) => event.type === 'compaction');
    assert.equal(compaction?.type === 'compaction' && compaction.reason, 'overflow');
  });

  it('gives up with the provider\'s error when a refused request cannot be compacted', async () => {
    const chat = session([]);
    provider.enqueue(
      [{ type: 'error', error: new ProviderError('context_overflow', 'prompt is too long: 120000 tokens > 100000 maximum') }],
      [{ type: 'error', error: new ProviderError('context_overflow', 'prompt is too long: 120000 tokens > 100000 maximum') }],
      [{ type: 'error', error: new ProviderError('context_overflow', 'prompt is too long: 120000 tokens > 100000 maximum') }],
    );
    const outcome = await chat.send('A huge paste.', () => undefined);
    assert.equal(outcome.reason, 'error');
    assert.equal(outcome.reason === 'error' && outcome.kind, 'context_overflow');
  });

  it('adds each request\'s cost to a running total; an unknown cost makes the total unknown', async () => {
    const chat = session([]);
    provider.enqueue(reply('One.', { inputTokens: 1_000, outputTokens: 100, cacheReadTokens: 10_000, cacheWriteTokens: 0 }));
    const events: AgentEvent[] = [];
    await chat.send('Go.', (event) => events.push(event));
    const usage = events.find((event) => event.type === 'usage');
    const expected = (1_000 * 3 + 100 * 15 + 10_000 * 0.3) / 1e6;
    assert.equal(usage?.type === 'usage' && usage.total?.cost, expected);
    const context = events.filter((event) => event.type === 'context');
    assert.deepEqual(context.at(-1), { type: 'context', usedTokens: 11_100, windowTokens: 100_000, estimated: false });

    const unpriced = new AgentSession({ host: ws.host, setup: sessionSetup({ provider, settings: { provider: 'openai', model: 'm' }, system: 's', registry: new ToolRegistry(), limits: { ...limits, prices: undefined } }), conversation: conversationState({ cost: 0.5 }) });
    provider.enqueue(reply('Two.', { inputTokens: 10, outputTokens: 1, cacheReadTokens: 0, cacheWriteTokens: 0 }, null));
    await unpriced.send('Go.', () => undefined);
    assert.equal(unpriced.usageTotals.cost, null);
  });
});
