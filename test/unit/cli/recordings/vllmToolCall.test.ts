import assert from 'node:assert/strict';
import * as fs from 'node:fs/promises';
import * as path from 'node:path';
import { useReplayCli } from '../../../support/replay/replayCli';

type ChatMessage = { role: string; content?: unknown; tool_call_id?: string; tool_calls?: Array<{ id: string }> };

describe('replayed vLLM tool call', function () {
  this.timeout(60_000);
  const replay = useReplayCli('vllm');

  it('runs the recorded run_command call in the workspace and sends its output back paired with the call', async () => {
    await fs.writeFile(path.join(replay.cwd, 'notes.txt'), 'milk\n');
    // No vLLM text stream is public: the answer after the tool result is Ollama's recorded one (same wire format).
    replay.server.play('vllm/tool-call.sse', 'ollama/text-answer.sse');
    const run = await replay.run(['-p', 'please list files', '-y'], 'Qwen/Qwen2.5-7B-Instruct');
    assert.equal(run.code, 0, run.stderr);
    assert.equal(run.stdout.trim(), 'My name is Neo Vim.');
    assert.deepEqual(replay.server.violations, []);
    const second = replay.server.requests[1]?.body as { messages: ChatMessage[] };
    const call = second.messages.find((message) => message.role === 'assistant')?.tool_calls?.[0];
    assert.equal(call?.id, 'chatcmpl-tool-ca99dda515524c6abe47d1ea22813507');
    const result = second.messages.find((message) => message.role === 'tool');
    assert.equal(result?.tool_call_id, call?.id);
    assert.match(String(result?.content), /notes\.txt/);
  });
});
