import assert from 'node:assert/strict';
import { loadRecording } from '../../../support/replay/recording';
import { useReplayCli } from '../../../support/replay/replayCli';
import { servedAnthropicReply } from '../../../support/replay/servedReply';

describe('replayed Anthropic thinking', function () {
  this.timeout(60_000);
  const replay = useReplayCli('anthropic');

  it('prints the text after a signed thinking block', async () => {
    replay.server.play('anthropic/thinking-text.sse');
    const run = await replay.run(['-p', 'How do I cross the street?'], 'claude-sonnet-4-0');
    assert.equal(run.code, 0, run.stderr);
    assert.equal(run.stdout.trim(), servedAnthropicReply(loadRecording('anthropic/thinking-text.sse')).text.trim());
  });

  it('keeps a conversation going after redacted thinking; any thinking sent back is exactly what was served', async () => {
    replay.server.play('anthropic/redacted-thinking.sse', 'anthropic/thinking-text.sse');
    const run = await replay.run([], 'claude-sonnet-4-5', 'hello\nHow do I cross the street?\n');
    assert.equal(run.code, 0, run.stderr);
    assert.equal(replay.server.requests.length, 2);
    assert.deepEqual(replay.server.violations, []);
    const first = servedAnthropicReply(loadRecording('anthropic/redacted-thinking.sse')).text.trim();
    assert.ok(run.stdout.includes(first), run.stdout);
  });
});
