import assert from 'node:assert/strict';
import { useReplayCli } from '../../../support/replay/replayCli';

describe('replayed Gemini array-shaped error', function () {
  this.timeout(60_000);
  const replay = useReplayCli('gemini');

  it('shows the message inside Gemini\'s [{"error": …}] body instead of "no body"', async () => {
    replay.server.play('gemini/error-missing-thought-signature.json');
    const run = await replay.run(['-p', 'hello'], 'gemini-3-pro-preview');
    assert.equal(run.code, 1, run.stdout);
    assert.match(run.stderr, /Function call is missing a thought_signature/);
    assert.doesNotMatch(run.stderr, /no body/);
  });
});
