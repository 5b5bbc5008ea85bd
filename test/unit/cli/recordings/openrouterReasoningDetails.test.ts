import assert from 'node:assert/strict';
import { useReplayCli } from '../../../support/replay/replayCli';

type ChatMessage = { role: string; reasoning_details?: unknown };

describe('replayed OpenRouter reasoning_details', function () {
  this.timeout(60_000);
  const replay = useReplayCli('openrouter');

  it('sends the reasoning_details OpenRouter streamed back on the assistant message of the next request', async () => {
    replay.server.play('openrouter/reasoning-stream.sse', 'openrouter/reasoning-stream.sse');
    const run = await replay.run([], 'openai/o3', 'Who are you\nAre you sure?\n');
    assert.equal(run.code, 0, run.stderr);
    assert.equal(replay.server.requests.length, 2);
    const second = replay.server.requests[1]?.body as { messages: ChatMessage[] };
    assert.ok(Array.isArray(second.messages.find((message) => message.role === 'assistant')?.reasoning_details));
    assert.deepEqual(replay.server.violations, []);
  });
});
