import assert from 'node:assert/strict';
import * as fs from 'node:fs/promises';
import * as path from 'node:path';
import { loadRecording } from '../../../support/replay/recording';
import { useReplayCli } from '../../../support/replay/replayCli';
import { servedOpenAiReply } from '../../../support/replay/servedReply';

type ChatMessage = { role: string; content?: unknown; tool_call_id?: string; tool_calls?: Array<{ id: string }> };

describe('replayed Ollama parallel tool calls', function () {
  this.timeout(60_000);
  const replay = useReplayCli('ollama');

  it('runs both recorded calls, each whole in one delta, and answers each by its id', async () => {
    await fs.writeFile(path.join(replay.cwd, 'notes.txt'), 'milk\n');
    replay.server.play('ollama/parallel-tool-calls.sse', 'ollama/text-answer.sse');
    const run = await replay.run(['-p', 'please list files', '-y'], 'qwen2.5-coder:7b-instruct-q8_0');
    assert.equal(run.code, 0, run.stderr);
    assert.equal(run.stdout.trim(), servedOpenAiReply(loadRecording('ollama/text-answer.sse')).content);
    assert.deepEqual(replay.server.violations, []);
    const second = replay.server.requests[1]?.body as { messages: ChatMessage[] };
    const calls = second.messages.find((message) => message.role === 'assistant')?.tool_calls ?? [];
    assert.deepEqual(calls.map((call) => call.id), ['call_wteop8bt', 'call_rk2xye1l']);
    const results = second.messages.filter((message) => message.role === 'tool');
    assert.deepEqual(results.map((result) => result.tool_call_id), ['call_wteop8bt', 'call_rk2xye1l']);
    for (const result of results) assert.match(String(result.content), /notes\.txt/);
  });
});
