import assert from 'node:assert/strict';
import * as fs from 'node:fs/promises';
import * as path from 'node:path';
import { elbowEnvironment, runElbow, useCliFixture } from '../../support/elbowCli';
import { text, toolCall, type FakeLlmServer } from '../../support/fakeLlmServer';

describe('elbow command line', function () {
  this.timeout(30_000);
  const fixture = useCliFixture();
  let server: FakeLlmServer;
  let cwd: string;

  beforeEach(async () => {
    ({ server, cwd } = fixture);
    await fs.writeFile(path.join(cwd, 'notes.txt'), 'remember the milk\n');
  });

  it('reads one prompt per line from piped stdin as one conversation', async () => {
    server.enqueue({ kind: 'reply', content: [text('First answer.')] }, { kind: 'reply', content: [text('Second answer.')] });
    const run = await runElbow(['--cwd', cwd], elbowEnvironment(server, 'openai'), 'first\n\nsecond\n');
    assert.deepEqual(run, { code: 0, stdout: 'First answer.\nSecond answer.\n', stderr: '' });
    const second = server.requests[1]?.body as { messages: Array<{ role: string; content: unknown }> };
    assert.deepEqual(second.messages.map((message) => message.role), ['system', 'user', 'assistant', 'user']);
    assert.equal(second.messages[3]?.content, 'second');
  });

  it('prints the event stream as JSON lines with --json', async () => {
    server.enqueue(
      { kind: 'reply', content: [toolCall('read_file', { path: 'notes.txt' })] },
      { kind: 'reply', content: [text('It says to remember the milk.')] },
    );
    const run = await runElbow(['-p', 'what do my notes say?', '--json', '--cwd', cwd], elbowEnvironment(server, 'anthropic'));
    assert.equal(run.code, 0, run.stderr);
    const events = run.stdout.trim().split('\n').map((line) => JSON.parse(line) as { type: string; [key: string]: unknown });
    const types = events.map((event) => event.type);
    assert.ok(types.includes('tool_call') && types.includes('tool_result') && types.includes('usage'), types.join());
    const result = events.find((event) => event.type === 'tool_result');
    assert.equal(result?.summary, 'Read notes.txt (lines 1–1)');
    assert.equal(events[0]?.type, 'session');
    assert.deepEqual(events.at(-2), { type: 'done', outcome: { reason: 'completed', text: 'It says to remember the milk.' } });
    const used = events.filter((event) => event.type === 'usage').map((event) => event.usage as Record<string, number>);
    const sum = (key: string): number => used.reduce((total, usage) => total + (usage[key] ?? 0), 0);
    assert.deepEqual({ ...events.at(-1), durationMs: 0 }, {
      type: 'result', outcome: 'completed', exitCode: 0, sessionId: events[0]?.sessionId, answer: 'It says to remember the milk.', filesChanged: [],
      usage: { inputTokens: sum('inputTokens'), outputTokens: sum('outputTokens'), cacheReadTokens: 0, cacheWriteTokens: 0 }, cost: events.at(-1)?.cost, turns: 2, durationMs: 0,
    });
  });

  it('-p retries a reply the API broke off with an overloaded_error event, and prints only the final reply', async () => {
    server.enqueue({ kind: 'streamError', status: 529, content: [text('The first half of a reply that')] }, { kind: 'reply', content: [text('The whole reply.')] });
    const run = await runElbow(['-p', 'explain', '--cwd', cwd], elbowEnvironment(server, 'anthropic'));
    assert.deepEqual({ code: run.code, stdout: run.stdout }, { code: 0, stdout: 'The whole reply.\n' }, run.stderr);
    assert.match(run.stderr, /^The API is overloaded \(in the stream\): Overloaded Retrying in 1 s \(retry 1 of 5\)\.\n$/);
    assert.equal(server.requests.length, 2);
  });

  it('piped prompts print only the final reply when one broke off mid-stream', async () => {
    server.enqueue({ kind: 'drop', content: [text('The first half')] }, { kind: 'reply', content: [text('The whole reply.')] });
    const run = await runElbow(['--cwd', cwd], elbowEnvironment(server, 'openai'), 'explain\n');
    assert.deepEqual({ code: run.code, stdout: run.stdout }, { code: 0, stdout: 'The whole reply.\n' }, run.stderr);
    assert.match(run.stderr, /Retrying/);
  });

  it('-p abandons a reply that stalls for --stall-timeout seconds and asks again', async () => {
    server.enqueue({ kind: 'hang' }, { kind: 'reply', content: [text('Here at last.')] });
    const run = await runElbow(['-p', 'explain', '--stall-timeout', '0.3', '--cwd', cwd], elbowEnvironment(server, 'anthropic'));
    assert.deepEqual({ code: run.code, stdout: run.stdout }, { code: 0, stdout: 'Here at last.\n' }, run.stderr);
    assert.match(run.stderr, /The reply stalled: the API sent nothing for 0\.3 s\. Retrying in 1 s/);
  });

  it('--json announces the discarded partial reply before the retry', async () => {
    server.enqueue({ kind: 'streamError', status: 529, content: [text('The first half')] }, { kind: 'reply', content: [text('The whole reply.')] });
    const run = await runElbow(['-p', 'explain', '--json', '--cwd', cwd], elbowEnvironment(server, 'anthropic'));
    assert.equal(run.code, 0, run.stderr);
    const events = run.stdout.trim().split('\n').map((line) => JSON.parse(line) as { type: string; [key: string]: unknown });
    const types = events.map((event) => event.type).filter((type, index, all) => type !== 'context' && type !== 'usage' && type !== all[index - 1]);
    assert.deepEqual(types, ['session', 'turn_start', 'text_delta', 'reply_discarded', 'retry', 'text_delta', 'assistant_message', 'done', 'result']);
    assert.match(String(events.find((event) => event.type === 'reply_discarded')?.reason), /overloaded/);
    assert.deepEqual(events.at(-2), { type: 'done', outcome: { reason: 'completed', text: 'The whole reply.' } });
  });

  it('exits non-zero with a one-line reason when the API refuses the key', async () => {
    const env = { ...elbowEnvironment(server, 'openai'), OPENAI_API_KEY: 'wrong-key' };
    const run = await runElbow(['-p', 'hello', '--cwd', cwd], env);
    assert.equal(run.code, 1);
    assert.equal(run.stdout, '');
    assert.equal(run.stderr.trim().split('\n').length, 1, run.stderr);
    assert.match(run.stderr, /401/);
  });

  it('exits 1 and says on stderr that the model refused, instead of printing an empty answer', async () => {
    server.enqueue({ kind: 'reply', content: [], stopReason: 'refusal' });
    const run = await runElbow(['-p', 'hello', '--cwd', cwd], elbowEnvironment(server, 'anthropic'));
    assert.equal(run.code, 1);
    assert.equal(run.stdout, '');
    assert.match(run.stderr, /The model refused to answer \(stop_reason "refusal"\)/);
  });

  it('says which variable to set when no key is configured', async () => {
    const env = elbowEnvironment(server, 'openai');
    delete env.OPENAI_API_KEY;
    const run = await runElbow(['-p', 'hello', '--cwd', cwd], env);
    assert.equal(run.code, 2);
    assert.match(run.stderr, /^elbow: No API key: set OPENAI_API_KEY/);
    assert.equal(server.requests.length, 0);
  });

  it('stops at --max-turns with a clear message', async () => {
    server.enqueue({ kind: 'reply', content: [toolCall('list_files', {})] });
    const run = await runElbow(['-p', 'look around', '--max-turns', '1', '--cwd', cwd], elbowEnvironment(server, 'openai'));
    assert.equal(run.code, 3);
    assert.match(run.stderr, /Stopped after 1 model turn, the limit/);
  });

  it('-p refuses commands that need approval, says so on stderr, and runs them with --yes', async () => {
    const touch = { kind: 'reply' as const, content: [toolCall('run_command', { command: 'touch made.txt' })] };
    server.enqueue(touch, { kind: 'reply', content: [text('Could not.')] });
    const refused = await runElbow(['-p', 'make a file', '--cwd', cwd], elbowEnvironment(server, 'openai'));
    assert.equal(refused.code, 0, refused.stderr);
    assert.match(refused.stderr, /elbow: refused without approval: run `touch made\.txt`\. Run with --yes to allow it\./);
    assert.match(JSON.stringify(server.requests.at(-1)?.body), /nobody is there to give it[^"]*--yes/);
    await assert.rejects(fs.stat(path.join(cwd, 'made.txt')));

    server.enqueue(touch, { kind: 'reply', content: [text('Made it.')] });
    const allowed = await runElbow(['-p', 'make a file', '--yes', '--cwd', cwd], elbowEnvironment(server, 'openai'));
    assert.equal(allowed.code, 0, allowed.stderr);
    assert.equal(allowed.stdout, 'Made it.\n');
    await fs.stat(path.join(cwd, 'made.txt'));
  });

  it('runs allowed commands with -p without asking', async () => {
    server.enqueue({ kind: 'reply', content: [toolCall('run_command', { command: 'cat notes.txt' })] }, { kind: 'reply', content: [text('Read.')] });
    const run = await runElbow(['-p', 'show notes', '--cwd', cwd], elbowEnvironment(server, 'openai'));
    assert.equal(run.code, 0, run.stderr);
    assert.match(JSON.stringify(server.requests.at(-1)?.body), /Exit code: 0[^"]*remember the milk/);
  });

  it('shows usage for --help and refuses unknown flags', async () => {
    const help = await runElbow(['--help'], elbowEnvironment(server, 'openai'));
    assert.equal(help.code, 0);
    assert.match(help.stdout, /elbow -p "prompt"/);
    const bad = await runElbow(['--frobnicate'], elbowEnvironment(server, 'openai'));
    assert.equal(bad.code, 2);
    assert.match(bad.stderr, /frobnicate/);
  });
});
