import assert from 'node:assert/strict';
import { useReplayCli } from '../../../support/replay/replayCli';

type ChatMessage = { role: string; content?: unknown; tool_call_id?: string; tool_calls?: Array<{ id: string; function: { name: string; arguments: string } }> };

describe('replayed llama.cpp tool call', function () {
  this.timeout(60_000);
  const replay = useReplayCli('llamacpp');

  it('assembles the fragmented arguments, runs pwd in the workspace and sends the result back', async () => {
    // No llama-server text stream is public: the answer after the tool result is Ollama's recorded one.
    replay.server.play('llamacpp/tool-call.sse', 'ollama/text-answer.sse');
    const run = await replay.run(['-p', 'what is the current directory?', '-y'], 'qwen3coder30b');
    assert.equal(run.code, 0, run.stderr);
    assert.deepEqual(replay.server.violations, []);
    const second = replay.server.requests[1]?.body as { messages: ChatMessage[] };
    const call = second.messages.find((message) => message.role === 'assistant')?.tool_calls?.[0];
    assert.equal(call?.function.name, 'run_command');
    assert.deepEqual(JSON.parse(call?.function.arguments ?? '{}'), { command: 'pwd' });
    const result = second.messages.find((message) => message.role === 'tool');
    assert.equal(result?.tool_call_id, 'v2dh...');
    assert.ok(String(result?.content).includes(replay.cwd), String(result?.content));
  });
});
