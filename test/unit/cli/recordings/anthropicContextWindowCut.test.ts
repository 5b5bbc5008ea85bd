import assert from 'node:assert/strict';
import { useReplayCli } from '../../../support/replay/replayCli';

type AnthropicMessage = { role: string; content: string | Array<{ type: string; text?: string }> };

function textsOf(message: AnthropicMessage | undefined): string {
  if (message === undefined) return '';
  return typeof message.content === 'string' ? message.content : message.content.map((block) => block.text ?? '').join('\n');
}

describe('replayed Anthropic reply cut by the context window', function () {
  this.timeout(60_000);
  const replay = useReplayCli('anthropic');

  it('says so and exits 6 (stopped) when the reply is cut off again after compacting, instead of printing half a sentence as the answer', async () => {
    // The cut reply, the summary, then the continuation cut off as well.
    replay.server.play('anthropic/context-window-exceeded.sse', 'anthropic/thinking-text.sse', 'anthropic/context-window-exceeded.sse');
    const run = await replay.run(['-p', 'How do I cross the street?'], 'claude-sonnet-4-6');
    assert.equal(run.code, 6, run.stdout);
    assert.equal(run.stdout, '');
    assert.match(run.stderr, /The conversation was compacted, and the model is asked to continue/);
    assert.match(run.stderr, /cut off: the conversation filled the model's context window\. Compact the conversation/);
    assert.equal(replay.server.requests.length, 3);
    assert.deepEqual(replay.server.violations, []);
  });

  it('compacts the conversation and asks the model to continue, then prints its answer', async () => {
    // First question answered whole; the second cut by the window; then the summary and the continuation.
    replay.server.play('anthropic/thinking-text.sse', 'anthropic/context-window-exceeded.sse', 'anthropic/thinking-text.sse', 'anthropic/thinking-text.sse');
    const run = await replay.run([], 'claude-sonnet-4-6', 'How do I cross the street?\nAnd at night?\n');
    assert.equal(run.code, 0, run.stderr);
    assert.match(run.stderr, /cut off: the conversation filled the model's context window\. The conversation was compacted/);
    assert.deepEqual(replay.server.violations, []);
    assert.equal(replay.server.requests.length, 4);
    const last = replay.server.requests[3]?.body as { messages: AnthropicMessage[] } | undefined;
    assert.match(textsOf(last?.messages.at(-1)), /cut off because the context window was full/);
  });
});
