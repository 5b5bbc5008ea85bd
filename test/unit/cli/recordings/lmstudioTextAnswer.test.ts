import assert from 'node:assert/strict';
import { loadRecording } from '../../../support/replay/recording';
import { useReplayCli } from '../../../support/replay/replayCli';
import { servedOpenAiReply } from '../../../support/replay/servedReply';

type ChatMessage = { role: string; content?: unknown };

describe('replayed LM Studio text answer', function () {
  this.timeout(60_000);
  const replay = useReplayCli('lmstudio');
  const answer = servedOpenAiReply(loadRecording('lmstudio/text-answer.sse')).content;

  it('prints the streamed answer once, though every delta repeats the role and the last one is empty', async () => {
    replay.server.play('lmstudio/text-answer.sse');
    const run = await replay.run(['-p', 'Tell me a joke'], 'llama-3.2-1b-instruct');
    assert.equal(run.code, 0, run.stderr);
    assert.equal(answer, "Here's one");
    assert.equal(run.stdout.trim(), answer);
    assert.deepEqual(replay.server.violations, []);
  });

  it('sends the answer back as the assistant turn when the conversation goes on', async () => {
    replay.server.play('lmstudio/text-answer.sse', 'lmstudio/text-answer.sse');
    const run = await replay.run([], 'llama-3.2-1b-instruct', 'Tell me a joke\nAnother one, please\n');
    assert.equal(run.code, 0, run.stderr);
    assert.equal(replay.server.requests.length, 2);
    assert.deepEqual(replay.server.violations, []);
    const second = replay.server.requests[1]?.body as { messages: ChatMessage[] };
    const turns = second.messages.filter((message) => message.role !== 'system');
    assert.deepEqual(turns.map((message) => message.role), ['user', 'assistant', 'user']);
    assert.equal(turns[1]?.content, answer);
  });
});
