import assert from 'node:assert/strict';
import { useReplayCli } from '../../../support/replay/replayCli';

// Bodies without OpenAI's `{"error": {"message": …}}` still reach the user in the server's own words.
// Both are served at an OpenAI-compatible endpoint: what is replayed here is the answer, not the route.
describe('replayed error bodies in other shapes', function () {
  this.timeout(60_000);
  const replay = useReplayCli('openai');

  it("shows Mistral's 422 validation errors instead of \"422 status code (no body)\"", async () => {
    replay.server.play('mistral/error-extra-forbidden.json');
    const run = await replay.run(['-p', 'hello'], 'mistral-small-latest');
    assert.equal(run.code, 1, run.stdout);
    assert.equal(replay.server.requests.length, 1);
    assert.match(run.stderr, /\(422\): body\.tools: Extra inputs are not permitted/);
    assert.doesNotMatch(run.stderr, /no body/);
  });

  it("names Azure's jailbreak filter for a prompt its content filter stopped, without retrying", async () => {
    replay.server.play('azure/error-content-filter.json');
    const run = await replay.run(['-p', 'hello'], 'gpt-4o-mini');
    assert.equal(run.code, 1, run.stdout);
    assert.equal(replay.server.requests.length, 1);
    assert.match(run.stderr, /Azure's jailbreak \(prompt shield\) filter \(jailbreak\)/);
    assert.match(run.stderr, /triggering Azure OpenAI's content management policy/);
  });
});
