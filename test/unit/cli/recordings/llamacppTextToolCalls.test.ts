import assert from 'node:assert/strict';
import { useReplayCli } from '../../../support/replay/replayCli';

type ChatMessage = { role: string; content?: unknown; tool_call_id?: string; tool_calls?: Array<{ id: string; function: { name: string; arguments: string } }> };

describe('replayed llama.cpp tool calls sent as text', function () {
  this.timeout(60_000);
  const replay = useReplayCli('llamacpp');

  it('runs a trailing Qwen3-Coder XML call as a tool call and prints the final answer', async () => {
    replay.server.play('llamacpp/qwen-xml-call-as-text.sse', 'ollama/text-answer.sse');
    const run = await replay.run(['-p', 'what is the current directory?', '-y'], 'qwen3coder30b');
    assert.equal(run.code, 0, run.stderr);
    assert.equal(run.stdout.trim(), 'My name is Neo Vim.');
    assert.deepEqual(replay.server.violations, []);
    const second = replay.server.requests[1]?.body as { messages: ChatMessage[] } | undefined;
    const assistant = second?.messages.find((message) => message.role === 'assistant');
    assert.equal(assistant?.content, "I'll check the current directory.");
    const call = assistant?.tool_calls?.[0];
    assert.equal(call?.function.name, 'run_command');
    assert.deepEqual(JSON.parse(call?.function.arguments ?? '{}'), { command: 'pwd' });
    const result = second?.messages.find((message) => message.role === 'tool');
    assert.equal(result?.tool_call_id, call?.id);
    assert.ok(String(result?.content).includes(replay.cwd), String(result?.content));
  });

  it('prints a malformed call as the text it is, runs nothing and makes one request', async () => {
    replay.server.play('llamacpp/malformed-call-as-text.sse');
    const run = await replay.run(['-p', 'what is the current directory?', '-y'], 'qwen3coder30b');
    assert.equal(run.code, 0, run.stderr);
    assert.equal(run.stdout, "I'll check the current directory.\n<tool_call>\n<function=run_command>\n<parameter=command>\npwd\n</function>\n</tool_call>\n");
    assert.equal(replay.server.requests.length, 1);
  });

  it('prints a call shown in the middle of prose as text', async () => {
    replay.server.play('llamacpp/call-in-prose.sse');
    const run = await replay.run(['-p', 'how does a call look?', '-y'], 'qwen3coder30b');
    assert.equal(run.code, 0, run.stderr);
    assert.match(run.stdout, /^A call looks like this:\n<tool_call>\n<function=run_command>[\s\S]*<\/tool_call>\nThat is all\.\n$/);
    assert.equal(replay.server.requests.length, 1);
  });
});
