import assert from 'node:assert/strict';
import { createAgentSession } from '../../../../src/core/agent/createAgentSession';
import { conversationState } from '../../../../src/core/agent/conversationState';
import { planModeNote } from '../../../../src/core/agent/planModeNote';
import type { ConversationMode } from '../../../../src/core/tools/conversationMode';
import { startFakeLlmServer, text, toolCall, type FakeLlmServer } from '../../../support/fakeLlmServer';
import { measureHello } from '../../../support/helloRequest';
import { createTempWorkspace, type TempWorkspace } from '../../../support/tempWorkspace';

interface SentMessage {
  role: string;
  content: unknown;
}

describe('a session in plan mode', function () {
  this.timeout(30_000);
  let ws: TempWorkspace;
  let server: FakeLlmServer;

  beforeEach(async () => {
    ws = await createTempWorkspace({ 'a.txt': 'alpha\n' });
    server = await startFakeLlmServer();
  });
  afterEach(async () => {
    await server.close();
    await ws.cleanup();
  });

  async function session(mode?: ConversationMode) {
    return createAgentSession({ host: ws.host, settings: { provider: 'openai', model: 'gpt-4.1', baseUrl: server.openaiBaseUrl }, apiKey: server.apiKey, conversation: conversationState({ mode }) });
  }

  function sentMessages(index: number): SentMessage[] {
    return (server.requests[index]?.body as { messages: SentMessage[] }).messages.filter((message) => message.role !== 'system');
  }

  it('tells the model with the message, refuses its edit and ends with its plan', async () => {
    const agent = await session('plan');
    server.enqueue(
      { kind: 'reply', content: [toolCall('edit_file', { path: 'a.txt', old_str: 'alpha', new_str: 'beta' })] },
      { kind: 'reply', content: [text('1. Change alpha to beta in a.txt.')] },
    );
    const outcome = await agent.send('rename alpha', () => undefined);
    assert.deepEqual(outcome, { reason: 'completed', text: '1. Change alpha to beta in a.txt.' });
    assert.equal(await ws.readText('a.txt'), 'alpha\n');
    const [user] = sentMessages(0);
    assert.equal(JSON.stringify(user?.content).includes(planModeNote), true, JSON.stringify(user));
    const toolResult = sentMessages(1).find((message) => message.role === 'tool');
    assert.match(String(toolResult?.content), /^edit_file was not run\. Elbow is in plan mode/);
    assert.deepEqual(server.violations, []);
  });

  it('sends nothing more in act mode, and a switch to act applies to the next message, earlier ones unchanged', async () => {
    const agent = await session('plan');
    server.enqueue({ kind: 'reply', content: [text('The plan.')] }, { kind: 'reply', content: [text('Done.')] });
    await agent.send('plan it', () => undefined);
    agent.mode = 'act';
    await agent.send('Carry out this plan: The plan.', () => undefined);
    const [first, , second] = sentMessages(1);
    assert.deepEqual(first, sentMessages(0)[0], 'the cached prefix is unchanged');
    assert.deepEqual(second, { role: 'user', content: 'Carry out this plan: The plan.' });
  });

  it('costs nothing in act mode and a short note in plan mode', async () => {
    const act = await measureHello();
    const plan = await measureHello('plan');
    assert.equal(act.messages, (await measureHello('act')).messages);
    const added = plan.total - act.total;
    assert.ok(added > 0 && added <= 80, `plan mode adds ${added} tokens`);
  });
});
