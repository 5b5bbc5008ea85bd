import assert from 'node:assert/strict';
import { AgentSession } from '../../../../src/core/agent/agentSession';
import { sessionSetup } from '../../../../src/core/agent/sessionSetup';
import { conversationState } from '../../../../src/core/agent/conversationState';
import { INTERRUPTED_TOOL_MESSAGE } from '../../../../src/core/agent/repairHistory';
import { userText, type AssistantMessage, type Message, type ToolResultsMessage } from '../../../../src/core/llm/messages';
import { ToolRegistry } from '../../../../src/core/tools/registry';
import { ScriptedProvider } from '../../../support/scriptedProvider';
import { createTempWorkspace, type TempWorkspace } from '../../../support/tempWorkspace';

function assistant(content: AssistantMessage['content']): AssistantMessage {
  return { role: 'assistant', content, stopReason: 'end_turn', provider: 'scripted', model: 'm' };
}

describe('AgentSession resume', () => {
  let ws: TempWorkspace;
  let provider: ScriptedProvider;

  beforeEach(async () => {
    ws = await createTempWorkspace({});
    provider = new ScriptedProvider();
  });
  afterEach(() => ws.cleanup());

  function session(history?: Message[], usage?: AssistantMessage['usage']): AgentSession {
    return new AgentSession({ host: ws.host, setup: sessionSetup({ provider, settings: { provider: 'openai', model: 'm' }, system: 's', registry: new ToolRegistry() }), conversation: conversationState({ messages: history, usage }) });
  }

  it('starts empty, with no usage, by default', () => {
    const fresh = session();
    assert.deepEqual(fresh.messages, []);
    assert.deepEqual(fresh.usage, { inputTokens: 0, outputTokens: 0, cacheReadTokens: 0, cacheWriteTokens: 0 });
  });

  it('continues a stored conversation, its history repaired in place, and adds to its usage', async () => {
    const history: Message[] = [
      userText('read a.txt'),
      assistant([{ type: 'tool_call', id: 'c1', name: 'read_file', arguments: '{"path":"a.txt"}' }]),
    ];
    const usage = { inputTokens: 100, outputTokens: 10, cacheReadTokens: 5, cacheWriteTokens: 1 };
    const stored = [...history];
    const resumed = session(history, usage);
    const reply = assistant([{ type: 'text', text: 'Hello again.' }]);
    provider.enqueue([{ type: 'usage', usage: { inputTokens: 7, outputTokens: 3, cacheReadTokens: 0, cacheWriteTokens: 0 }, cost: null }, { type: 'done', message: reply }]);

    const outcome = await resumed.send('are you there?', () => undefined);

    assert.deepEqual(outcome, { reason: 'completed', text: 'Hello again.' });
    const sent = provider.requests[0]?.messages ?? [];
    assert.equal(sent.length, 4);
    assert.deepEqual(sent.slice(0, 2), stored);
    const answers = sent[2] as ToolResultsMessage;
    assert.equal(answers.role, 'tool');
    assert.deepEqual(answers.results.map((result) => [result.toolCallId, result.isError, result.content]), [['c1', true, [{ type: 'text', text: INTERRUPTED_TOOL_MESSAGE }]]]);
    assert.deepEqual(sent[3], userText('are you there?'));
    assert.deepEqual(resumed.usage, { inputTokens: 107, outputTokens: 13, cacheReadTokens: 5, cacheWriteTokens: 1 });
    assert.deepEqual(usage, { inputTokens: 100, outputTokens: 10, cacheReadTokens: 5, cacheWriteTokens: 1 }, 'the initial totals are not changed');
    assert.equal(resumed.messages, history, 'the history is the one its owner keeps, repaired in place');
  });
});
