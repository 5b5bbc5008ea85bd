import assert from 'node:assert/strict';
import { useReplayCli } from '../../../support/replay/replayCli';

describe('replayed Anthropic refusal', function () {
  this.timeout(60_000);
  const replay = useReplayCli('anthropic');

  it('ends with exit 1 and a message naming the refusal, not an empty success', async () => {
    replay.server.play('anthropic/refusal.sse');
    const run = await replay.run(['-p', 'hello'], 'claude-opus-4-7');
    assert.equal(run.code, 1, run.stdout);
    assert.equal(run.stdout, '');
    assert.match(run.stderr, /refus/i);
  });
});
