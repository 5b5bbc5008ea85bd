import assert from 'node:assert/strict';
import * as fs from 'node:fs/promises';
import * as path from 'node:path';
import { elbowEnvironment, runElbow, useCliFixture, type CliRun } from '../../../support/elbowCli';
import { compileClosed, loadEventStreamSchema } from '../../../support/eventStreamSchema';
import { startFakeLlmServer, text, toolCall, type FakeLlmServer } from '../../../support/fakeLlmServer';
import { runGitSync, testGitEnvironment } from '../../../support/gitRepository';

type Line = { type: string; taskId?: string; [key: string]: unknown };

/**
 * Kinds `elbow -p` cannot print: `steered` is a message typed during a run, and -p reads no input
 * while it runs (the chat's steering is tested in replSteering.test.ts).
 */
const unreachableInPrint = ['steered'];

const usageKeys = ['inputTokens', 'outputTokens', 'cacheReadTokens', 'cacheWriteTokens'] as const;

function lines(run: CliRun): Line[] {
  assert.notEqual(run.stdout.trim(), '', run.stderr);
  return run.stdout.trim().split('\n').map((line) => JSON.parse(line) as Line);
}

/** Usage summed over every request's `usage` event, the children's included. */
function summedUsage(events: readonly Line[]): Record<string, number> {
  const used = events.filter((event) => event.type === 'usage').map((event) => event.usage as Record<string, number>);
  return Object.fromEntries(usageKeys.map((key) => [key, used.reduce((total, usage) => total + (usage[key] ?? 0), 0)]));
}

describe('the --json event stream of real runs', function () {
  this.timeout(60_000);
  const fixture = useCliFixture();
  const { schema, eventTypes } = loadEventStreamSchema();
  const validate = compileClosed(schema);
  let openai: FakeLlmServer;
  let repository: string;

  beforeEach(async () => {
    openai = await startFakeLlmServer();
    repository = await fs.mkdtemp(path.join(fixture.cwd, '..', `${path.basename(fixture.cwd)}-repo-`));
  });
  afterEach(async () => {
    await openai.close();
    await fs.rm(repository, { recursive: true, force: true });
    await fs.rm(`${repository}-data`, { recursive: true, force: true });
  });

  /**
   * Anthropic: thinking, a todo list, a file written, a reply that breaks off and is retried, one cut at
   * the output limit and continued, the compact tool's summary, a general child that writes a file, and a
   * workspace hook that is not run. OpenAI in a --worktree: the model not served and a fallback taking
   * over, a file deleted, and a summary that fails.
   */
  async function runBoth(): Promise<{ anthropic: Line[]; openai: Line[] }> {
    const { server, cwd } = fixture;
    await fs.mkdir(path.join(cwd, '.claude'));
    await fs.writeFile(path.join(cwd, '.claude', 'settings.json'), JSON.stringify({ hooks: { PreToolUse: [{ matcher: 'Write', hooks: [{ type: 'command', command: 'exit 2' }] }] } }));
    server.enqueue(
      { kind: 'reply', content: [{ type: 'thinking', thinking: 'A list first, then the file.' }, text('Planning.'), toolCall('todo', { items: [{ text: 'Write made.txt', status: 'in_progress' }] }, 'call_todo'), toolCall('write_file', { path: 'made.txt', content: 'made\n' }, 'call_write')] },
      { kind: 'streamError', status: 529, content: [text('A reply that breaks')] },
      { kind: 'reply', content: [text('A reply the output limit cuts')], stopReason: 'max_tokens' },
      { kind: 'reply', content: [toolCall('compact', { focus: 'made.txt' }, 'call_compact')] },
      { kind: 'reply', content: [text('Summary: made.txt is written; a child writes child.txt next.')] },
      { kind: 'reply', content: [toolCall('task', { description: 'Write child.txt', prompt: 'Write child.txt holding "child".', agent: 'general' }, 'call_task')] },
      { kind: 'reply', content: [toolCall('write_file', { path: 'child.txt', content: 'child\n' }, 'child_write')] },
      { kind: 'reply', content: [text('Wrote child.txt.')] },
      { kind: 'reply', content: [text('All done.')] },
    );
    await fs.writeFile(path.join(repository, 'a.txt'), 'alpha\n');
    const git = (...args: string[]): string => runGitSync(repository, args);
    git('init', '--quiet', '--initial-branch=main');
    git('add', '--all');
    git('commit', '--quiet', '-m', 'First');
    openai.enqueue(
      { kind: 'error', status: 404 },
      { kind: 'reply', content: [toolCall('delete_file', { path: 'a.txt' }, 'call_delete')] },
      { kind: 'reply', content: [toolCall('compact', {}, 'call_compact')] },
      { kind: 'error', status: 400, message: 'The summary request is refused.' },
      { kind: 'reply', content: [text('Deleted a.txt.')] },
    );
    const [fromAnthropic, fromOpenai] = await Promise.all([
      runElbow(['-p', 'write made.txt, then have a child write child.txt', '--json', '--cwd', cwd], elbowEnvironment(server, 'anthropic')),
      runElbow(['-p', 'delete a.txt', '--json', '--worktree', '--fallback-model', 'gpt-4.1-mini', '--cwd', repository], { ...elbowEnvironment(openai, 'openai'), ...testGitEnvironment, ELBOW_DATA_DIR: `${repository}-data` }),
    ]);
    assert.deepEqual([server.violations, openai.violations, server.pending(), openai.pending()], [[], [], 0, 0], `${fromAnthropic.stderr}\n${fromOpenai.stderr}`);
    assert.deepEqual([fromAnthropic.code, fromOpenai.code], [0, 0], `${fromAnthropic.stderr}\n${fromOpenai.stderr}`);
    return { anthropic: lines(fromAnthropic), openai: lines(fromOpenai) };
  }

  it('validates every event of runs on both APIs against schema/events.v1.json, and sees every kind -p can print', async () => {
    const runs = await runBoth();
    const counts = new Map<string, number>();
    const invalid: string[] = [];
    for (const event of [...runs.anthropic, ...runs.openai]) {
      if (!eventTypes.includes(event.type)) invalid.push(`undescribed event type ${event.type}`);
      else if (!validate(event)) invalid.push(`${JSON.stringify(event).slice(0, 300)}: ${JSON.stringify(validate.errors?.slice(0, 3))}`);
      const kind = event.taskId === undefined ? event.type : `${event.type} (child)`;
      counts.set(kind, (counts.get(kind) ?? 0) + 1);
    }
    const total = [...counts.values()].reduce((sum, count) => sum + count, 0);
    console.log(`    validated ${total} events: ${[...counts].map(([kind, count]) => `${kind} ${count}`).join(', ')}`);
    assert.deepEqual(invalid, []);
    const seen = new Set([...counts.keys()].map((kind) => kind.replace(' (child)', '')));
    assert.deepEqual(eventTypes.filter((type) => !seen.has(type)).sort(), unreachableInPrint);
    assert.ok(counts.has('tool_result (child)') && counts.has('usage (child)'), 'a child\'s events are in the stream');
  });

  it('starts with the session line, ends with the result, and the result counts the files, tokens and turns of the whole run', async () => {
    const runs = await runBoth();
    const anthropic = runs.anthropic;
    assert.equal(anthropic[0]?.type, 'session');
    const result = anthropic.at(-1);
    assert.equal(result?.type, 'result');
    assert.equal(result.sessionId, anthropic[0]?.sessionId);
    assert.deepEqual([result.outcome, result.exitCode, result.answer], ['completed', 0, 'All done.']);
    assert.deepEqual(result.filesChanged, ['child.txt', 'made.txt']);
    assert.deepEqual(result.usage, summedUsage(anthropic));
    // A local server's requests are priced at 0: the sum shows the children's are added, not what they cost.
    const costs = anthropic.filter((event) => event.type === 'usage').map((event) => event.cost);
    assert.ok(costs.every((cost) => typeof cost === 'number'), JSON.stringify(costs));
    assert.equal(result.cost, (costs as number[]).reduce((sum, cost) => sum + cost, 0));
    assert.ok(anthropic.some((event) => event.type === 'usage' && event.taskId !== undefined), 'the children\'s usage is summed too');
    // The parent's own turns: the write, the retried one, the cut one and its continuation, the task and the answer.
    assert.equal(result.turns, anthropic.filter((event) => event.type === 'turn_start' && event.taskId === undefined).length);
    const [session, ...rest] = runs.openai;
    assert.equal(session?.type, 'session');
    assert.deepEqual(rest.slice(-2).map((event) => event.type), ['result', 'worktree'], 'with --worktree, the worktree line follows the result');
    const [openaiResult, worktree] = rest.slice(-2);
    assert.deepEqual(openaiResult?.filesChanged, ['a.txt']);
    assert.deepEqual(worktree?.files, [{ path: 'a.txt', status: 'deleted' }]);
  });
});
