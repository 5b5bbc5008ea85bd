import assert from 'node:assert/strict';
import { loadRecording } from '../../../support/replay/recording';
import { useReplayCli } from '../../../support/replay/replayCli';
import { servedAnthropicReply } from '../../../support/replay/servedReply';

describe('replayed Anthropic overload mid-stream', function () {
  this.timeout(90_000);
  const replay = useReplayCli('anthropic');

  it('retries after an overloaded_error that arrives once output began, and prints only the final reply', async () => {
    replay.server.play('anthropic/overloaded-mid-stream.sse', 'anthropic/thinking-text.sse');
    const run = await replay.run(['-p', 'How do I cross the street?'], 'claude-sonnet-4-0');
    assert.equal(replay.server.requests.length, 2, run.stderr);
    assert.equal(run.code, 0, run.stderr);
    assert.equal(run.stdout.trim(), servedAnthropicReply(loadRecording('anthropic/thinking-text.sse')).text.trim());
    assert.deepEqual(replay.server.violations, []);
  });
});
