import assert from 'node:assert/strict';
import { createAgentSession } from '../../../../src/core/agent/createAgentSession';
import type { AgentEvent, RunOutcome } from '../../../../src/core/agent/agentEvents';
import type { ToolResultBlock } from '../../../../src/core/llm/messages';
import { startFakeLlmServer, text, toolCall, type FakeLlmServer, type RecordedRequest, type ScriptedResponse } from '../../../support/fakeLlmServer';
import { settlesWithin } from '../../../support/settlesWithin';
import { firstUserText, settingsFor, subagentApis } from '../../../support/subagentRequests';
import { createTempWorkspace, type TempWorkspace } from '../../../support/tempWorkspace';

const task = (name: string, id: string): ReturnType<typeof toolCall> => toolCall('task', { description: `Look at ${name}`, prompt: `Look at ${name}`, agent: 'explore' }, id);

/** One child streams its answer slowly, another never answers; a third would only come later. */
function child(request: RecordedRequest): ScriptedResponse {
  const prompt = firstUserText(request);
  if (prompt.includes('first')) return { kind: 'reply', content: [text('reading… '.repeat(100))], chunkSize: 2, chunkDelayMs: 50 };
  if (prompt.includes('second')) return { kind: 'hang' };
  return { kind: 'reply', content: [text('third done')] };
}

async function until(condition: () => boolean, what: string): Promise<void> {
  for (let waited = 0; !condition(); waited += 20) {
    if (waited > 10_000) throw new Error(`Waited in vain for ${what}.`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

for (const api of subagentApis) {
  describe(`cancelling a run with subagents on ${api}`, function () {
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

    it('stops every child mid-stream, sends nothing after, answers every task call and ends cancelled', async () => {
      const agent = await createAgentSession({ host: ws.host, settings: settingsFor(api, server, { maxParallelSubagents: 2 }), apiKey: server.apiKey });
      server.enqueue({ kind: 'reply', content: [task('first', 'call_1'), task('second', 'call_2'), task('third', 'call_3')] }, child, child, child, child);
      const events: AgentEvent[] = [];
      const controller = new AbortController();
      const run = agent.send('look at three things', (event) => events.push(event), controller.signal);
      await until(() => events.some((event) => event.type === 'subagent' && event.callId === 'call_1' && event.event.type === 'text_delta') && server.requests.length === 3, 'the first child to stream while the second waits');
      controller.abort();
      let outcome: RunOutcome | undefined;
      assert.equal(await settlesWithin(run.then((ended) => (outcome = ended)), 10_000), true, 'the run ended after the abort');
      assert.equal(outcome?.reason, 'cancelled');
      const seen = events.length;
      await new Promise((resolve) => setTimeout(resolve, 300));
      assert.equal(server.requests.length, 3, 'no request after the abort: the third child never started');
      assert.equal(events.length, seen, 'no child went on reporting after its parent ended');
      assert.deepEqual(events.at(-1), { type: 'done', outcome });
      const childEnds = events.flatMap((event) => (event.type === 'subagent' && event.event.type === 'done' ? [[event.callId, event.event.outcome.reason]] : []));
      assert.deepEqual(childEnds.sort(), [['call_1', 'cancelled'], ['call_2', 'cancelled']]);
      const answered = agent.messages.at(-1) as { role: string; results?: ToolResultBlock[] };
      assert.equal(answered.role, 'tool');
      assert.deepEqual(answered.results?.map((result) => [result.toolCallId, result.isError]), [['call_1', true], ['call_2', true], ['call_3', true]]);
      const texts = (answered.results ?? []).map((result) => result.content.map((block) => (block.type === 'text' ? block.text : '')).join(''));
      assert.equal(texts.length, 3);
      assert.ok(texts.every((said) => /cancel/i.test(said)), texts.join('\n'));
    });
  });
}
