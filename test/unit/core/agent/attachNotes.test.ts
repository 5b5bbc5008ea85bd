import assert from 'node:assert/strict';
import { AgentSession } from '../../../../src/core/agent/agentSession';
import { sessionSetup } from '../../../../src/core/agent/sessionSetup';
import { attachNotes } from '../../../../src/core/agent/attachNotes';
import { userText, type AssistantMessage, type Message } from '../../../../src/core/llm/messages';
import { ToolRegistry } from '../../../../src/core/tools/registry';
import { ScriptedProvider } from '../../../support/scriptedProvider';
import { createTempWorkspace, type TempWorkspace } from '../../../support/tempWorkspace';

function assistant(content: AssistantMessage['content']): AssistantMessage {
  return { role: 'assistant', content, stopReason: 'end_turn', provider: 'scripted', model: 'm' };
}

describe('notes for the model', () => {
  it('go at the end of a pending user message', () => {
    const messages: Message[] = [userText('fix it')];
    attachNotes(messages, ['The user rejected your change to a.ts line 3.', 'Second.']);
    assert.deepEqual(messages, [
      { role: 'user', content: [{ type: 'text', text: 'fix it' }, { type: 'text', text: '[Elbow: The user rejected your change to a.ts line 3. Second.]' }] },
    ]);
  });

  it('go beside the last tool results, leaving earlier messages untouched', () => {
    const call = assistant([{ type: 'tool_call', id: 'c1', name: 'edit_file', arguments: '{}' }]);
    const messages: Message[] = [
      userText('go'),
      call,
      { role: 'tool', results: [{ type: 'tool_result', toolCallId: 'c1', toolName: 'edit_file', content: [{ type: 'text', text: 'Edited a.ts' }], isError: false }] },
    ];
    const before = JSON.stringify(messages.slice(0, 2));
    attachNotes(messages, ['Rejected.']);
    assert.equal(JSON.stringify(messages.slice(0, 2)), before);
    const last = messages[2];
    assert.equal(last?.role, 'tool');
    assert.deepEqual(last.role === 'tool' ? last.results[0]?.content : [], [{ type: 'text', text: 'Edited a.ts' }, { type: 'text', text: '[Elbow: Rejected.]' }]);
  });

  it('change nothing when there are none', () => {
    const messages: Message[] = [userText('hi')];
    attachNotes(messages, []);
    assert.deepEqual(messages, [userText('hi')]);
  });

  describe('through a session', () => {
    let ws: TempWorkspace;
    beforeEach(async () => {
      ws = await createTempWorkspace({});
    });
    afterEach(() => ws.cleanup());

    it('reach the next request once, and only once', async () => {
      const provider = new ScriptedProvider();
      const notes = ['The user rejected your change to a.ts lines 2–3.'];
      const session = new AgentSession({ host: ws.host, setup: sessionSetup({ provider, settings: { provider: 'openai', model: 'm' }, system: 's', registry: new ToolRegistry() }), takeNotes: () => notes.splice(0) });
      provider.enqueue([{ type: 'done', message: assistant([{ type: 'text', text: 'ok' }]) }]);
      provider.enqueue([{ type: 'done', message: assistant([{ type: 'text', text: 'ok again' }]) }]);
      await session.send('first', () => undefined);
      await session.send('second', () => undefined);
      const first = JSON.stringify(provider.requests[0]?.messages.at(-1));
      const second = JSON.stringify(provider.requests[1]?.messages.at(-1));
      assert.match(first, /\[Elbow: The user rejected your change to a\.ts lines 2–3\.\]/);
      assert.doesNotMatch(second, /rejected/);
    });
  });
});
