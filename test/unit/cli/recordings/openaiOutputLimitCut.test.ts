import assert from 'node:assert/strict';
import { useReplayCli } from '../../../support/replay/replayCli';

type ChatMessage = { role: string; content?: unknown; tool_call_id?: string; tool_calls?: Array<{ id: string }> };

describe('replayed replies cut by the output limit (finish_reason "length")', function () {
  this.timeout(60_000);

  describe('a text answer', () => {
    const replay = useReplayCli('ollama');

    it('says so on stderr, asks the model to continue once and prints the whole answer', async () => {
      replay.server.play('ollama/text-answer-cut.sse', 'ollama/text-answer.sse');
      const run = await replay.run(['-p', 'what is your name?'], 'qwen2.5-coder:7b');
      assert.equal(run.code, 0, run.stderr);
      assert.match(run.stderr, /cut off by the model's output limit\. Asking the model to continue/);
      assert.equal(run.stdout, 'My name is NeoMy name is Neo Vim.\n');
      const second = replay.server.requests[1]?.body as { messages: ChatMessage[] } | undefined;
      assert.match(String(second?.messages.at(-1)?.content), /cut off by the output limit/);
    });

    it('exits 6 (stopped) with a message when the continuation is cut off too', async () => {
      replay.server.play('ollama/text-answer-cut.sse', 'ollama/text-answer-cut.sse');
      const run = await replay.run(['-p', 'what is your name?'], 'qwen2.5-coder:7b');
      assert.equal(run.code, 6, run.stdout);
      assert.equal(run.stdout, '');
      assert.match(run.stderr, /cut off again by the model's output limit/);
      assert.equal(replay.server.requests.length, 2);
    });
  });

  describe('a tool call', () => {
    const replay = useReplayCli('llamacpp');

    it('does not run the call whose arguments were cut off, and tells the model to send it in smaller pieces', async () => {
      replay.server.play('llamacpp/tool-call-cut.sse', 'ollama/text-answer.sse');
      const run = await replay.run(['-p', 'what is the current directory?', '-y'], 'qwen3coder30b');
      assert.equal(run.code, 0, run.stderr);
      assert.match(run.stderr, /cut off by the model's output limit while it was writing a run_command call/);
      assert.deepEqual(replay.server.violations, []);
      const second = replay.server.requests[1]?.body as { messages: ChatMessage[] } | undefined;
      const call = second?.messages.find((message) => message.role === 'assistant')?.tool_calls?.[0];
      const result = second?.messages.find((message) => message.role === 'tool');
      assert.equal(result?.tool_call_id, call?.id);
      assert.match(String(result?.content), /^Not run: your reply reached the output limit/);
      assert.ok(!String(result?.content).includes(replay.cwd));
    });

    it('stops when the retried call is cut off too, and the conversation goes on with every call answered', async () => {
      replay.server.play('llamacpp/tool-call-cut.sse', 'llamacpp/tool-call-cut.sse', 'ollama/text-answer.sse');
      const run = await replay.run([], 'qwen3coder30b', 'what is the current directory?\nhello\n');
      assert.equal(run.code, 1, run.stderr);
      assert.match(run.stderr, /cut off again by the model's output limit while it was writing a run_command call/);
      assert.match(run.stdout, /My name is Neo Vim\./);
      assert.equal(replay.server.requests.length, 3);
      assert.deepEqual(replay.server.violations, []);
      const third = replay.server.requests[2]?.body as { messages: ChatMessage[] } | undefined;
      const calls = third?.messages.flatMap((message) => message.tool_calls ?? []) ?? [];
      const answered = third?.messages.filter((message) => message.role === 'tool').map((message) => message.tool_call_id);
      assert.equal(calls.length, 2);
      assert.deepEqual(answered, calls.map((call) => call.id));
    });
  });
});
