import assert from 'node:assert/strict';
import { loadRecording } from '../../../support/replay/recording';
import { useReplayCli } from '../../../support/replay/replayCli';
import { servedOpenAiReply } from '../../../support/replay/servedReply';

// A streamed error is classified by its code before its type string: vLLM's "InternalServerError"
// with code 500 is a retryable server error.
describe('replayed vLLM stream error', function () {
  this.timeout(90_000);
  const replay = useReplayCli('vllm');

  it('retries the engine error sent inside a 200 stream and prints the answer of the retry', async () => {
    replay.server.play('vllm/stream-error.sse', 'ollama/text-answer.sse');
    const run = await replay.run(['-p', 'hello'], 'Qwen/Qwen2.5-7B-Instruct');
    assert.equal(replay.server.requests.length, 2, run.stderr);
    assert.equal(run.code, 0, run.stderr);
    assert.equal(run.stdout.trim(), servedOpenAiReply(loadRecording('ollama/text-answer.sse')).content);
  });
});
