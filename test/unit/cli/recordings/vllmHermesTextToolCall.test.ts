import assert from 'node:assert/strict';
import { useReplayCli } from '../../../support/replay/replayCli';

type ChatMessage = { role: string; content?: unknown; tool_call_id?: string; tool_calls?: Array<{ id: string; function: { name: string; arguments: string } }> };

describe('replayed vLLM Hermes tool call sent as text', function () {
  this.timeout(60_000);
  const replay = useReplayCli('vllm');

  it('runs the <tool_call> JSON a Qwen3 model wrote as content and prints the final answer', async () => {
    // The answer after the tool result is Ollama's recorded one (same wire format).
    replay.server.play('vllm/hermes-call-as-text.sse', 'ollama/text-answer.sse');
    const run = await replay.run(['-p', 'what is the current directory?', '-y'], 'Qwen/Qwen3-14B');
    assert.equal(run.code, 0, run.stderr);
    assert.equal(run.stdout.trim(), 'My name is Neo Vim.');
    assert.deepEqual(replay.server.violations, []);
    const second = replay.server.requests[1]?.body as { messages: ChatMessage[] } | undefined;
    const call = second?.messages.find((message) => message.role === 'assistant')?.tool_calls?.[0];
    assert.equal(call?.function.name, 'run_command');
    assert.deepEqual(JSON.parse(call?.function.arguments ?? '{}'), { command: 'pwd' });
    const result = second?.messages.find((message) => message.role === 'tool');
    assert.equal(result?.tool_call_id, call?.id);
    assert.ok(String(result?.content).includes(replay.cwd), String(result?.content));
  });
});
