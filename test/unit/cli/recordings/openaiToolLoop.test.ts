import assert from 'node:assert/strict';
import { loadRecording } from '../../../support/replay/recording';
import { useReplayCli } from '../../../support/replay/replayCli';
import { servedOpenAiReply } from '../../../support/replay/servedReply';

type ChatMessage = { role: string; content?: unknown; tool_call_id?: string; tool_calls?: Array<{ id: string; function: { arguments: string } }> };

describe('replayed OpenAI tool loop', function () {
  this.timeout(60_000);
  const replay = useReplayCli('openai');

  it('answers the recorded call (a tool Elbow does not have) with an error result paired to it, and prints the answer', async () => {
    replay.server.play('openai/tool-call.sse', 'openai/answer-after-tool.sse');
    const run = await replay.run(['-p', 'What is the capital of the UK? Use the tool, then answer.'], 'gpt-4o-mini');
    assert.equal(run.code, 0, run.stderr);
    assert.deepEqual(replay.server.violations, []);
    assert.equal(run.stdout.trim(), servedOpenAiReply(loadRecording('openai/answer-after-tool.sse')).content);
    const second = replay.server.requests[1]?.body as { messages: ChatMessage[] };
    const call = second.messages.find((message) => message.role === 'assistant')?.tool_calls?.[0];
    assert.equal(call?.id, 'call_ZR5UUuTt3pf61kjwAJIYdVMj');
    assert.deepEqual(JSON.parse(call?.function.arguments ?? ''), { country: 'UK' });
    assert.equal(second.messages.find((message) => message.role === 'tool')?.tool_call_id, call?.id);
  });
});
