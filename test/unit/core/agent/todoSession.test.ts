import assert from 'node:assert/strict';
import type { AgentEvent } from '../../../../src/core/agent/agentEvents';
import { AgentSession } from '../../../../src/core/agent/agentSession';
import { sessionSetup } from '../../../../src/core/agent/sessionSetup';
import { conversationState } from '../../../../src/core/agent/conversationState';
import { userText, type Message } from '../../../../src/core/llm/messages';
import type { ModelLimits } from '../../../../src/core/llm/modelCatalog';
import type { ProviderEvent } from '../../../../src/core/llm/provider';
import { builtinTools } from '../../../../src/core/tools/builtin';
import { ToolRegistry } from '../../../../src/core/tools/registry';
import type { TodoItem } from '../../../../src/core/todo/todoItem';
import { todoListOf } from '../../../../src/core/agent/todoListOf';
import { ScriptedProvider } from '../../../support/scriptedProvider';
import { createTempWorkspace, type TempWorkspace } from '../../../support/tempWorkspace';
import { assistantMessage, assistantText } from '../../../support/messageBuilders';

const limits: ModelLimits = { contextWindow: 100_000, maxOutputTokens: 4_000, known: true };
const noRetry = { maxRetries: 0, baseDelayMs: 1, maxDelayMs: 1, maxRetryAfterMs: 1 };
const plan: TodoItem[] = [
  { text: 'Read src/parser.ts', status: 'done' },
  { text: 'Fix the off-by-one in `tokenize` (line 42)', status: 'in_progress' },
  { text: 'Run npm test', status: 'pending' },
];

function todoCall(id: string, items: readonly TodoItem[]): ProviderEvent[] {
  return [{ type: 'done', message: assistantMessage({ type: 'tool_call', id, name: 'todo', arguments: JSON.stringify({ items }) }) }];
}

function reply(text: string): ProviderEvent[] {
  return [{ type: 'done', message: assistantText(text) }];
}

describe('the task list through the session', () => {
  let ws: TempWorkspace;
  let provider: ScriptedProvider;

  beforeEach(async () => {
    ws = await createTempWorkspace({});
    provider = new ScriptedProvider();
  });
  afterEach(() => ws.cleanup());

  function session(history: Message[] = []): AgentSession {
    const registry = new ToolRegistry();
    for (const tool of builtinTools()) registry.register(tool);
    return new AgentSession({ host: ws.host, setup: sessionSetup({ provider, settings: { provider: 'openai', model: 'm' }, system: 's', registry, limits, retry: noRetry }), conversation: conversationState({ messages: history }) });
  }

  it('tells the host each new list as the model calls todo, as the history then has it, and the saved history has it again', async () => {
    const chat = session();
    provider.enqueue(todoCall('t1', [{ text: 'Read src/parser.ts', status: 'in_progress' }, { text: 'Fix the off-by-one in `tokenize` (line 42)', status: 'pending' }]), todoCall('t2', plan), reply('Working on it.'));
    const events: AgentEvent[] = [];
    await chat.send('Fix the parser', (event) => events.push(event));
    const lists = events.flatMap((event) => (event.type === 'todos' ? [event.items] : []));
    assert.equal(lists.length, 2);
    assert.deepEqual(lists[1], plan);
    const order = events.flatMap((event) => (event.type === 'todos' ? ['todos'] : event.type === 'tool_result' ? [`result ${event.id}`] : []));
    assert.deepEqual(order, ['todos', 'result t1', 'todos', 'result t2'], 'the list shows before the call\'s card ends, as the terminal prints it');
    assert.deepEqual(todoListOf(chat.messages), plan);
    assert.deepEqual(todoListOf(structuredClone(chat.messages)), plan, 'the saved history alone gives it again');
  });

  it('applies two todo calls of one turn in their order: the last is the list, as the host was told', async () => {
    const chat = session();
    const older = [{ text: 'Read src/parser.ts', status: 'in_progress' as const }];
    const calls = assistantMessage(
      { type: 'tool_call', id: 't1', name: 'todo', arguments: JSON.stringify({ items: older }) },
      { type: 'tool_call', id: 't2', name: 'todo', arguments: JSON.stringify({ items: plan }) },
    );
    provider.enqueue([{ type: 'done', message: calls }], reply('On it.'));
    const events: AgentEvent[] = [];
    await chat.send('Fix the parser', (event) => events.push(event));
    assert.deepEqual(events.flatMap((event) => (event.type === 'todos' ? [event.items] : [])), [older, plan]);
    assert.deepEqual(todoListOf(chat.messages), plan);
  });

  it('tells the host nothing of a todo call that failed, as the history does not count it', async () => {
    const chat = session();
    const twoAtOnce = [{ text: 'Read', status: 'in_progress' as const }, { text: 'Fix', status: 'in_progress' as const }];
    provider.enqueue(todoCall('t1', plan), todoCall('t2', twoAtOnce), reply('Fixed my list.'));
    const events: AgentEvent[] = [];
    await chat.send('Fix the parser', (event) => events.push(event));
    assert.deepEqual(events.flatMap((event) => (event.type === 'todos' ? [event.items] : [])), [plan]);
    assert.equal(events.some((event) => event.type === 'tool_result' && event.id === 't2' && event.isError), true);
    assert.deepEqual(todoListOf(chat.messages), plan);
  });

  it('keeps the list verbatim through a summary: the model never retells it, and the next request carries it', async () => {
    const chat = session([userText('Fix the parser')]);
    provider.enqueue(todoCall('t1', plan), reply('Step two next.'));
    await chat.send('Go on', () => undefined);
    provider.enqueue(reply('## Goal\nFix the parser.\n## Remaining work\nThe off-by-one.'));
    const outcome = await chat.compact(() => undefined);
    assert.equal(outcome.reason, 'completed');
    assert.deepEqual(todoListOf(chat.messages), plan, 'the list still shows after compaction');
    provider.enqueue(reply('Done.'));
    await chat.send('Continue', () => undefined);
    const next = JSON.stringify(provider.requests.at(-1)?.messages[0]);
    const verbatim = ['## Task list (kept verbatim; update it with the todo tool)', '- [x] Read src/parser.ts', '- [~] Fix the off-by-one in `tokenize` (line 42)', '- [ ] Run npm test'].join('\n');
    assert.ok(next.includes(JSON.stringify(verbatim).slice(1, -1)), next);
  });
});
