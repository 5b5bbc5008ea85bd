import assert from 'node:assert/strict';
import { loadRecording } from '../../../support/replay/recording';
import { useReplayCli } from '../../../support/replay/replayCli';
import { servedOpenAiReply } from '../../../support/replay/servedReply';

type ChatMessage = { role: string; reasoning_content?: unknown; tool_calls?: unknown[] };

describe('replayed DeepSeek thinking tool loop', function () {
  this.timeout(60_000);
  const replay = useReplayCli('deepseek');

  it('passes reasoning_content back on the tool-call turn, so DeepSeek accepts the request after the tool result', async () => {
    replay.server.play('deepseek/thinking-tool-call.sse', 'deepseek/thinking-answer.sse');
    const run = await replay.run(['-p', 'What is the weather in San Francisco?'], 'deepseek-reasoner');
    assert.deepEqual(replay.server.violations, []);
    assert.equal(run.code, 0, run.stderr);
    assert.equal(run.stdout.trim(), servedOpenAiReply(loadRecording('deepseek/thinking-answer.sse')).content.trim());
    const second = replay.server.requests[1]?.body as { messages: ChatMessage[] };
    const assistant = second.messages.find((message) => message.role === 'assistant' && Array.isArray(message.tool_calls));
    assert.equal(assistant?.reasoning_content, servedOpenAiReply(loadRecording('deepseek/thinking-tool-call.sse')).reasoningContent);
  });
});
