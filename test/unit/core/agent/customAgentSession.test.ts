import assert from 'node:assert/strict';
import { createAgentSession } from '../../../../src/core/agent/createAgentSession';
import { conversationState, type ConversationState } from '../../../../src/core/agent/conversationState';
import { agentChoices, pickedAgentName } from '../../../../src/core/agent/pickedAgent';
import type { AgentProfile } from '../../../../src/core/customize/agentProfile';
import { noCustomizations, type Customizations } from '../../../../src/core/customize/customizations';
import type { AgentEvent } from '../../../../src/core/agent/agentEvents';
import { startFakeLlmServer, text, toolCall, type FakeLlmServer } from '../../../support/fakeLlmServer';
import { createTempWorkspace, type TempWorkspace } from '../../../support/tempWorkspace';

const reviewer: AgentProfile = { name: 'reviewer', description: 'Reviews without editing', tools: ['read_file', 'search', 'list_files'], prompt: 'Review the change; never edit.' };
const customizations: Customizations = { ...noCustomizations, agents: [reviewer] };

interface SentRequest {
  messages: Array<{ role: string; content: unknown }>;
  tools?: Array<{ function: { name: string } }>;
}

describe('a session with a custom agent picked', function () {
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

  function session(conversation: ConversationState) {
    return createAgentSession({ host: ws.host, settings: { provider: 'openai', model: 'gpt-4.1', baseUrl: server.openaiBaseUrl }, apiKey: server.apiKey, conversation, customizations });
  }

  function request(index: number): SentRequest {
    return server.requests[index]?.body as SentRequest;
  }

  it('offers only its tools, refuses a forced edit naming the agent, and adds its prompt to the system prompt', async () => {
    const agent = await session(conversationState());
    assert.equal(agent.pickAgent('Reviewer'), true);
    server.enqueue(
      { kind: 'reply', content: [toolCall('edit_file', { path: 'a.txt', old_str: 'alpha', new_str: 'beta' })] },
      { kind: 'reply', content: [text('Reviewed.')] },
    );
    const events: AgentEvent[] = [];
    const outcome = await agent.send('fix a.txt', (event) => events.push(event));
    assert.deepEqual(outcome, { reason: 'completed', text: 'Reviewed.' });
    assert.equal(await ws.readText('a.txt'), 'alpha\n');
    const offered = (request(0).tools ?? []).map((tool) => tool.function.name).sort();
    assert.deepEqual(offered, ['compact', 'list_files', 'read_file', 'search', 'todo']);
    const system = request(0).messages.find((message) => message.role === 'system');
    assert.match(String(system?.content), /# The reviewer agent\n[\s\S]*Review the change; never edit\.$/);
    const result = request(1).messages.find((message) => message.role === 'tool');
    assert.match(String(result?.content), /^edit_file was not run: the reviewer agent the user picked is not given that tool/);
    const refused = events.find((event) => event.type === 'tool_result');
    assert.equal(refused?.type === 'tool_result' ? refused.refusal : undefined, 'agent');
  });

  it('keeps the pick with the conversation, and Agent gives every tool back', async () => {
    const conversation = conversationState();
    const first = await session(conversation);
    first.pickAgent('reviewer');
    const restored = conversationState({ messages: [], agent: conversation.agent });
    assert.equal(pickedAgentName(restored), 'reviewer');
    const second = await session(restored);
    second.pickAgent('Agent');
    server.enqueue({ kind: 'reply', content: [text('ok')] });
    await second.send('hi', () => undefined);
    const offered = (request(0).tools ?? []).map((tool) => tool.function.name);
    assert.ok(offered.includes('edit_file') || offered.includes('apply_patch'), offered.join(', '));
    assert.ok(offered.includes('run_command'));
  });

  it('picks Plan as plan mode, and refuses a name no agent has', async () => {
    const conversation = conversationState();
    const agent = await session(conversation);
    assert.equal(agent.pickAgent('plan'), true);
    assert.equal(agent.mode, 'plan');
    assert.equal(pickedAgentName(conversation), 'Plan');
    assert.equal(agent.pickAgent('nobody'), false);
    assert.equal(pickedAgentName(conversation), 'Plan');
    assert.deepEqual(agentChoices(customizations).map((choice) => choice.name), ['Agent', 'Plan', 'reviewer']);
  });
});
