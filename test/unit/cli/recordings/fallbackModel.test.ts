import assert from 'node:assert/strict';
import { loadRecording } from '../../../support/replay/recording';
import { useReplayCli } from '../../../support/replay/replayCli';
import { servedOpenAiReply } from '../../../support/replay/servedReply';

describe('replayed fallback model', function () {
  this.timeout(60_000);
  const replay = useReplayCli('openai');

  it('hands the run to --fallback-model when the model is not served, says so on stderr, and prints the answer', async () => {
    replay.server.play('openai/error-model-not-found.json', 'openai/answer-after-tool.sse');
    const run = await replay.run(['-p', 'hello', '--fallback-model', 'gpt-4.1-mini'], 'gpt-4o-2024-05-13');
    assert.equal(run.code, 0, run.stderr);
    assert.deepEqual(replay.server.requests.map((request) => (request.body as { model?: string }).model), ['gpt-4o-2024-05-13', 'gpt-4.1-mini']);
    assert.match(run.stderr, /Switched to gpt-4\.1-mini: gpt-4o-2024-05-13 is not available at this endpoint \(.*The model `gpt-4o-2024-05-13` does not exist or you do not have access to it/);
    assert.equal(run.stdout.trim(), servedOpenAiReply(loadRecording('openai/answer-after-tool.sse')).content.trim());
    assert.deepEqual(replay.server.violations, []);
  });

  it('without a fallback, ends with the server\'s words and exit 1', async () => {
    replay.server.play('openai/error-model-not-found.json');
    const run = await replay.run(['-p', 'hello'], 'gpt-4o-2024-05-13');
    assert.equal(run.code, 1);
    assert.equal(replay.server.requests.length, 1);
    assert.match(run.stderr, /does not exist or you do not have access to it/);
  });
});
