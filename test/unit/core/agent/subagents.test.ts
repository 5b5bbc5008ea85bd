import assert from 'node:assert/strict';
import { createAgentSession } from '../../../../src/core/agent/createAgentSession';
import type { AgentEvent } from '../../../../src/core/agent/agentEvents';
import { startFakeLlmServer, text, toolCall, type FakeLlmServer, type RecordedRequest, type ScriptedResponse } from '../../../support/fakeLlmServer';
import { createTempWorkspace, type TempWorkspace } from '../../../support/tempWorkspace';

/** The first user message of an OpenAI request: a child's prompt, or the user's. */
function firstUserText(request: RecordedRequest): string {
  const messages = (request.body as { messages: Array<{ role: string; content: unknown }> }).messages;
  return JSON.stringify(messages.find((message) => message.role === 'user')?.content);
}

describe('subagents (task tool)', function () {
  this.timeout(30_000);
  let ws: TempWorkspace;
  let server: FakeLlmServer;

  beforeEach(async () => {
    ws = await createTempWorkspace({ 'src/a.ts': 'export const alpha = 1;\n', 'src/b.ts': 'export const beta = 2;\n' });
    server = await startFakeLlmServer();
  });
  afterEach(async () => {
    await server.close();
    await ws.cleanup();
  });

  it('runs two explore children in parallel, each in its own context, and gives the parent their reports', async () => {
    const agent = await createAgentSession({ host: ws.host, settings: { provider: 'openai', model: 'gpt-4.1', baseUrl: server.openaiBaseUrl }, apiKey: server.apiKey });
    const child = (request: RecordedRequest): ScriptedResponse => {
      const prompt = firstUserText(request);
      const sent = JSON.stringify(request.body);
      if (!sent.includes('"tool"')) return { kind: 'reply', content: [toolCall('read_file', { path: prompt.includes('alpha') ? 'src/a.ts' : 'src/b.ts' })] };
      return { kind: 'reply', content: [text(prompt.includes('alpha') ? 'alpha is in src/a.ts:1' : 'beta is in src/b.ts:1')] };
    };
    server.enqueue(
      { kind: 'reply', content: [toolCall('task', { description: 'Find alpha', prompt: 'Where is alpha defined?', agent: 'explore' }, 'call_a'), toolCall('task', { description: 'Find beta', prompt: 'Where is beta defined?', agent: 'explore' }, 'call_b')] },
      child, child, child, child,
      { kind: 'reply', content: [text('Both found.')] },
    );
    const events: AgentEvent[] = [];
    const outcome = await agent.send('find alpha and beta', (event) => events.push(event));
    assert.deepEqual(server.violations, []);
    assert.equal(outcome.reason, 'completed');
    const last = JSON.stringify(server.requests.at(-1)?.body);
    assert.match(last, /alpha is in src\/a\.ts:1/);
    assert.match(last, /beta is in src\/b\.ts:1/);
    assert.match(last, /task_result/);
    // The children's reads reached the parent only as reports, not as file contents.
    assert.doesNotMatch(last, /export const alpha = 1/);
    const childEvents = events.filter((event) => event.type === 'subagent');
    assert.deepEqual(new Set(childEvents.map((event) => event.type === 'subagent' && event.callId)), new Set(['call_a', 'call_b']));
    // The second child's first request went out before the first child finished: they ran together.
    const childStarts = server.requests.map(firstUserText).map((prompt, index) => ({ prompt, index }));
    const firstBeta = childStarts.find((entry) => entry.prompt.includes('beta'))?.index ?? -1;
    const lastAlpha = childStarts.filter((entry) => entry.prompt.includes('alpha')).at(-1)?.index ?? -1;
    assert.ok(firstBeta < lastAlpha, 'the children overlapped');
    assert.equal(agent.usageTotals.usage.outputTokens > 0, true);
  });
});
