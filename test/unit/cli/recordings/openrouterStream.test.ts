import assert from 'node:assert/strict';
import { loadRecording } from '../../../support/replay/recording';
import { useReplayCli } from '../../../support/replay/replayCli';
import { servedOpenAiReply } from '../../../support/replay/servedReply';

describe('replayed OpenRouter stream', function () {
  this.timeout(60_000);
  const replay = useReplayCli('openrouter');

  it('skips the ": OPENROUTER PROCESSING" comment lines and prints the answer', async () => {
    replay.server.play('openrouter/reasoning-stream.sse');
    const run = await replay.run(['-p', 'Who are you'], 'openai/o3');
    assert.equal(run.code, 0, run.stderr);
    assert.equal(run.stdout.trim(), servedOpenAiReply(loadRecording('openrouter/reasoning-stream.sse')).content.trim());
  });

  it('reports an error object that arrives inside the 200 stream, with its message', async () => {
    replay.server.play('openrouter/stream-error.sse');
    const run = await replay.run(['-p', 'Hello there'], 'minimax/minimax-m2:free');
    assert.equal(run.code, 1, run.stdout);
    assert.match(run.stderr, /Token limit reached/);
  });
});
