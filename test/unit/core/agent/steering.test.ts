import assert from 'node:assert/strict';
import type { AgentEvent } from '../../../../src/core/agent/agentEvents';
import { AgentSession } from '../../../../src/core/agent/agentSession';
import { sessionSetup } from '../../../../src/core/agent/sessionSetup';
import { createProvider } from '../../../../src/core/llm/providers/createProvider';
import { builtinTools } from '../../../../src/core/tools/builtin';
import { ToolRegistry } from '../../../../src/core/tools/registry';
import { startFakeLlmServer, text, toolCall, type FakeLlmServer } from '../../../support/fakeLlmServer';
import { createTempWorkspace, type TempWorkspace } from '../../../support/tempWorkspace';

interface WireMessage {
  role: string;
  content: unknown;
}

/** The roles and contents of a recorded request's conversation, without the system prompt. */
function conversationOf(server: FakeLlmServer, index: number): WireMessage[] {
  const body = server.requests[index]?.body as { messages: WireMessage[] };
  return body.messages.filter((message) => message.role !== 'system');
}

for (const api of ['openai', 'anthropic'] as const) {
  describe(`steering a running agent (${api})`, function () {
    this.timeout(20_000);
    let server: FakeLlmServer;
    let ws: TempWorkspace;
    let session: AgentSession;
    let events: AgentEvent[];

    beforeEach(async () => {
      server = await startFakeLlmServer();
      ws = await createTempWorkspace({ 'a.txt': 'alpha\n' });
      const provider = createProvider({ provider: api, apiKey: server.apiKey, baseURL: api === 'openai' ? server.openaiBaseUrl : server.anthropicBaseUrl });
      const registry = new ToolRegistry();
      for (const tool of builtinTools()) registry.register(tool);
      session = new AgentSession({ host: ws.host, setup: sessionSetup({ provider, settings: { provider: api, model: 'test-model' }, system: 'You are a test.', registry }) });
      events = [];
    });
    afterEach(async () => {
      await server.close();
      await ws.cleanup();
    });

    it('adds a message steered during a tool call after its results, before the next request', async () => {
      server.enqueue({ kind: 'reply', content: [toolCall('read_file', { path: 'a.txt' })] }, { kind: 'reply', content: [text('done, in French')] });
      const outcome = await session.send('read a.txt', (event) => {
        events.push(event);
        if (event.type === 'tool_call') assert.equal(session.steer('answer in French'), true);
      });

      assert.deepEqual(outcome, { reason: 'completed', text: 'done, in French' });
      assert.deepEqual(server.violations, []);
      const second = conversationOf(server, 1);
      if (api === 'openai') {
        assert.deepEqual(second.map((message) => message.role), ['user', 'assistant', 'tool', 'user']);
        assert.equal(second[3]?.content, 'answer in French');
      } else {
        assert.deepEqual(second.map((message) => message.role), ['user', 'assistant', 'user']);
        const blocks = second[2]?.content as Array<{ type: string; text?: string }>;
        assert.deepEqual(blocks.map((block) => block.type), ['tool_result', 'text']);
        assert.equal(blocks[1]?.text, 'answer in French');
      }
      const order = events.map((event) => event.type).filter((type) => ['tool_result', 'steered', 'turn_start'].includes(type));
      assert.deepEqual(order, ['turn_start', 'tool_result', 'turn_start', 'steered']);
      assert.deepEqual(session.takeUndeliveredSteering(), []);
    });

    it('runs one more turn for a message steered after the final answer', async () => {
      server.enqueue({ kind: 'reply', content: [text('first answer')] }, { kind: 'reply', content: [text('second answer')] });
      const outcome = await session.send('hello', (event) => {
        if (event.type === 'assistant_message' && server.requests.length === 1) session.steer('and one more thing');
      });

      assert.deepEqual(outcome, { reason: 'completed', text: 'second answer' });
      assert.equal(server.requests.length, 2);
      assert.deepEqual(conversationOf(server, 1).map((message) => message.role), ['user', 'assistant', 'user']);
      assert.deepEqual(server.violations, []);
    });

    it('keeps a message steered while the run is being cancelled, for the host to give back', async () => {
      server.enqueue({ kind: 'hang' });
      const controller = new AbortController();
      const outcome = await session.send('hello', (event) => {
        if (event.type !== 'turn_start') return;
        setTimeout(() => {
          controller.abort();
          session.steer('wait, one more thing');
        }, 50);
      }, controller.signal);

      assert.equal(outcome.reason, 'cancelled');
      assert.deepEqual(session.takeUndeliveredSteering(), [[{ type: 'text', text: 'wait, one more thing' }]]);
      assert.equal(session.messages.some((message) => message.role === 'user' && JSON.stringify(message.content).includes('one more thing')), false);
    });

    it('refuses to steer when no run is going on', () => {
      assert.equal(session.steer('anyone there?'), false);
      assert.deepEqual(session.takeUndeliveredSteering(), []);
    });
  });
}
