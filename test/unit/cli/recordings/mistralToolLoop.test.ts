import assert from 'node:assert/strict';
import { loadRecording } from '../../../support/replay/recording';
import { useReplayCli } from '../../../support/replay/replayCli';
import { servedOpenAiReply } from '../../../support/replay/servedReply';

type ChatMessage = { role: string; content?: unknown; tool_call_id?: string; tool_calls?: Array<{ id: string; function: { arguments: string } }> };

describe('replayed Mistral tool loop', function () {
  this.timeout(60_000);
  const replay = useReplayCli('mistral');

  it('sends nothing Mistral refuses, answers the recorded call by its own id, and prints the answer', async () => {
    replay.server.play('mistral/tool-call.sse', 'mistral/text-answer.sse');
    const run = await replay.run(['-p', 'What is the weather in San Francisco?'], 'mistral-small-latest');
    assert.deepEqual(replay.server.violations, []);
    assert.equal(run.code, 0, run.stderr);
    assert.equal(run.stdout.trim(), servedOpenAiReply(loadRecording('mistral/text-answer.sse')).content);
    const [first, second] = replay.server.requests.filter((request) => request.path.endsWith('/chat/completions')).map((request) => request.body as Record<string, unknown>);
    for (const body of [first, second]) assert.equal(body && 'stream_options' in body, false);
    const messages = second?.messages as ChatMessage[];
    const call = messages.find((message) => message.role === 'assistant')?.tool_calls?.[0];
    assert.equal(call?.id, servedOpenAiReply(loadRecording('mistral/tool-call.sse')).toolCallIds[0]);
    assert.deepEqual(JSON.parse(call?.function.arguments ?? ''), { location: 'San Francisco' });
    assert.equal(messages.find((message) => message.role === 'tool')?.tool_call_id, call?.id);
  });
});
