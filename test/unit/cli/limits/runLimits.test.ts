import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import * as fs from 'node:fs/promises';
import * as path from 'node:path';
import type { AgentEvent } from '../../../../src/core/agent/agentEvents';
import { emptyUsage } from '../../../../src/core/llm/messages';
import { RunLimits } from '../../../../src/cli/limits/runLimits';
import { cliPath, elbowEnvironment, runElbow, useCliFixture, type CliRun } from '../../../support/elbowCli';
import { text, toolCall, type ScriptedUsage } from '../../../support/fakeLlmServer';
import { forwardFromNetworkAddress } from '../../../support/networkForwarder';
import { settlesWithin } from '../../../support/settlesWithin';

interface StreamLine {
  type: string;
  outcome?: string;
  exitCode?: number;
  message?: string;
  answer?: string | null;
  cost?: number | null;
  turns?: number;
}

function streamLines(run: CliRun): StreamLine[] {
  return run.stdout.trim().split('\n').map((line) => JSON.parse(line) as StreamLine);
}

/** The stream's last line, which must be its `result`. */
function resultOf(run: CliRun): StreamLine {
  const last = streamLines(run).at(-1);
  assert.equal(last?.type, 'result', run.stdout);
  return last;
}

/** $1,000 per million tokens in and out: each request below costs 1,100 tokens, $1.10. */
const dearModel = JSON.stringify({ 'deepseek-chat': { inputPrice: 1000, outputPrice: 1000 } });
const dollarTen: ScriptedUsage = { input: 1_000, output: 100 };

describe('elbow -p limits: --max-budget-usd, --max-turns, --timeout', function () {
  this.timeout(60_000);
  const fixture = useCliFixture();

  it('--max-budget-usd: the request that reaches the budget finishes, its tool calls and any further request do not run; exit 4', async () => {
    const { server, cwd } = fixture;
    server.enqueue(
      { kind: 'reply', content: [toolCall('list_files', {})], usage: dollarTen },
      { kind: 'reply', content: [toolCall('write_file', { path: 'late.txt', content: 'after the budget\n' })], usage: dollarTen },
      { kind: 'reply', content: [text('Done.')], usage: dollarTen },
    );
    const env = { ...elbowEnvironment(server, 'openai'), ELBOW_MODELS: dearModel };
    const run = await runElbow(['-p', 'look around', '--json', '--max-budget-usd', '2', '--cwd', cwd], env);
    assert.equal(run.code, 4, run.stderr);
    assert.equal(server.requests.length, 2, 'no request after the one that reached $2');
    assert.equal(server.pending(), 1);
    assert.deepEqual(server.violations, []);
    await assert.rejects(fs.stat(path.join(cwd, 'late.txt')), 'the reply\'s tool call did not run');
    const result = resultOf(run);
    assert.equal(result.outcome, 'max_budget');
    assert.equal(result.exitCode, 4);
    assert.equal(result.message, 'Stopped: the run cost $2.2000, reaching --max-budget-usd 2.');
    assert.ok(typeof result.cost === 'number' && Math.abs(result.cost - 2.2) < 1e-9, JSON.stringify(result));
    assert.equal(result.turns, 2);
  });

  it('--max-budget-usd counts what subagents cost', async () => {
    const { server, cwd } = fixture;
    server.enqueue(
      { kind: 'reply', content: [toolCall('task', { description: 'Look around', prompt: 'List the files.', agent: 'explore' }, 'call_task')], usage: dollarTen },
      { kind: 'reply', content: [toolCall('list_files', {})], usage: dollarTen },
      { kind: 'reply', content: [text('Nothing here.')], usage: dollarTen },
      { kind: 'reply', content: [text('Done.')], usage: dollarTen },
    );
    const env = { ...elbowEnvironment(server, 'openai'), ELBOW_MODELS: dearModel };
    const run = await runElbow(['-p', 'look around', '--max-budget-usd', '2', '--cwd', cwd], env);
    assert.equal(run.code, 4, run.stderr);
    assert.equal(server.requests.length, 2, 'the child\'s first request reached the budget');
    assert.match(run.stderr, /Stopped: the run cost \$2\.2000, reaching --max-budget-usd 2\.\n/);
  });

  it('--max-budget-usd with a model whose prices are unknown does not start, and says how to give them', async function () {
    const { server, cwd } = fixture;
    const forwarder = await forwardFromNetworkAddress(new URL(server.openaiBaseUrl));
    if (forwarder === undefined) this.skip();
    try {
      const env = { ...elbowEnvironment(server, 'openai'), OPENAI_API_BASE: forwarder.openaiBaseUrl };
      const run = await runElbow(['-p', 'hello', '--json', '--model', 'my-own-model', '--max-budget-usd', '1', '--cwd', cwd], env);
      assert.equal(run.code, 2, run.stderr);
      assert.equal(run.stdout, '');
      assert.match(run.stderr, /elbow: --max-budget-usd needs the model's prices, and Elbow does not know what "my-own-model" costs\. Give them in US dollars per million tokens in ELBOW_MODELS, e.g\. ELBOW_MODELS='\{"my-own-model":\{"inputPrice":3,"outputPrice":15\}\}'\./);
      assert.equal(server.requests.filter((request) => request.path.endsWith('/chat/completions')).length, 0);

      server.enqueue({ kind: 'reply', content: [text('Hi.')], usage: dollarTen });
      const priced = await runElbow(['-p', 'hello', '--model', 'my-own-model', '--max-budget-usd', '1', '--cwd', cwd], { ...env, ELBOW_MODELS: '{"my-own-model": {"inputPrice": 3, "outputPrice": 15}}' });
      assert.equal(priced.code, 0, priced.stderr);
      assert.equal(priced.stdout, 'Hi.\n');
    } finally {
      await forwarder.close();
    }
  });

  it('--max-turns: the result says max_turns; exit 3', async () => {
    const { server, cwd } = fixture;
    server.enqueue({ kind: 'reply', content: [toolCall('list_files', {})] }, { kind: 'reply', content: [text('Done.')] });
    const run = await runElbow(['-p', 'look around', '--json', '--max-turns', '1', '--cwd', cwd], elbowEnvironment(server, 'openai'));
    assert.equal(run.code, 3, run.stderr);
    const result = resultOf(run);
    assert.equal(result.outcome, 'max_turns');
    assert.equal(result.exitCode, 3);
    assert.match(result.message ?? '', /^Stopped after 1 model turn, the limit/);
    assert.equal(server.requests.length, 1);
  });

  it('--timeout while the model has not answered, with prompts piped in: the line on stderr says so; exit 5', async () => {
    const { server, cwd } = fixture;
    server.enqueue({ kind: 'hang' }, { kind: 'reply', content: [text('Second.')] });
    const running = runElbow(['--timeout', '1', '--cwd', cwd], elbowEnvironment(server, 'openai'), 'first\nsecond\n');
    assert.ok(await settlesWithin(running, 20_000), 'elbow ended at its timeout');
    const run = await running;
    assert.equal(run.code, 5, run.stderr);
    assert.equal(server.requests.length, 1, 'the second prompt was not sent');
    assert.match(run.stderr, /^Stopped: --timeout 1s passed\.$/m);
  });

  /** `elbow` reading prompts from a pipe that stays open, as a script feeding it would. */
  function pipedElbow(flags: string[]) {
    const child = spawn(process.execPath, [cliPath, '--cwd', fixture.cwd, ...flags], { env: elbowEnvironment(fixture.server, 'openai'), stdio: ['pipe', 'pipe', 'pipe'] });
    const run: CliRun = { code: null, stdout: '', stderr: '' };
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (run.stdout += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (run.stderr += chunk));
    const ended = new Promise<CliRun>((resolve) => child.on('close', (code) => resolve({ ...run, code })));
    return { child, run, ended };
  }

  it('--timeout while piped input waits for its next line: the run ends and says why; exit 5', async () => {
    fixture.server.enqueue({ kind: 'reply', content: [text('Hi.')] });
    const { child, ended } = pipedElbow(['--timeout', '2']);
    child.stdin.write('hello\n');
    const settled = await settlesWithin(ended, 20_000);
    if (!settled) child.kill('SIGKILL');
    assert.ok(settled, 'elbow ended at its timeout though its input stayed open');
    const run = await ended;
    assert.equal(run.code, 5, run.stderr);
    assert.equal(run.stdout, 'Hi.\n');
    assert.match(run.stderr, /^Stopped: --timeout 2s passed\.$/m);
  });

  it('Ctrl-C during piped prompts exits 130', async () => {
    fixture.server.enqueue({ kind: 'hang' });
    const { child, ended } = pipedElbow([]);
    child.stdin.end('hello\n');
    while (fixture.server.requests.length === 0) await new Promise((resolve) => setTimeout(resolve, 50));
    child.kill('SIGINT');
    const settled = await settlesWithin(ended, 20_000);
    if (!settled) child.kill('SIGKILL');
    assert.ok(settled, 'elbow ended on Ctrl-C');
    assert.equal((await ended).code, 130);
  });
});

describe('RunLimits over a run\'s events', () => {
  const usage = (cost: number | null): AgentEvent => ({ type: 'usage', usage: emptyUsage(), cost });
  const fromChild = (event: AgentEvent): AgentEvent => ({ type: 'subagent', callId: 'call_task', taskId: 'task_1', description: 'Look', agent: 'explore', event });
  const toolCallStarts: AgentEvent = { type: 'tool_call', id: 'c', name: 'list_files', arguments: '{}', title: 'List', kind: 'read', subject: '.' };

  function watched(maxBudgetUsd: number) {
    const controller = new AbortController();
    const limits = new RunLimits({ maxBudgetUsd }, controller);
    const seen: AgentEvent[] = [];
    return { controller, limits, send: limits.watch((event) => seen.push(event)), seen };
  }

  it('a child\'s request of unknown price ends the run once that request is over, saying why', () => {
    const { controller, limits, send } = watched(5);
    send(usage(0.5));
    send(fromChild(usage(null)));
    send(fromChild({ type: 'text_delta', text: 'still streaming' }));
    assert.equal(controller.signal.aborted, false, 'the request under way finishes');
    send(fromChild(toolCallStarts));
    assert.equal(controller.signal.aborted, true);
    assert.deepEqual(limits.endingOf({ reason: 'cancelled', message: 'Cancelled.' }), {
      limit: 'max_budget',
      message: 'Stopped: a request\'s price was unknown, so --max-budget-usd 5 could not be kept (known cost so far $0.5000).',
    });
  });

  it('a run that completed in the request that reached the budget keeps its answer', () => {
    const { controller, limits, send, seen } = watched(1);
    send(usage(1.5));
    send({ type: 'done', outcome: { reason: 'completed', text: 'Done.' } });
    assert.equal(controller.signal.aborted, false);
    assert.deepEqual(limits.endingOf({ reason: 'completed', text: 'Done.' }), {});
    assert.deepEqual(seen.at(-1), { type: 'done', outcome: { reason: 'completed', text: 'Done.' } });
  });
});

/** Every process whose command line holds `marker`, by /proc. */
async function processesWith(marker: string): Promise<string[]> {
  const found: string[] = [];
  for (const entry of await fs.readdir('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const commandLine = await fs.readFile(`/proc/${entry}/cmdline`, 'utf8').catch(() => '');
    if (commandLine.includes(marker)) found.push(entry);
  }
  return found;
}

describe('elbow -p ending a run that has a command running (real sandbox)', function () {
  this.timeout(60_000);
  const fixture = useCliFixture();

  before(function () {
    if (process.platform !== 'linux') this.skip();
  });

  /** Starts `elbow -p … --json --yes` whose model runs a long sleep; resolves once the sleep runs. */
  async function startLongCommand(marker: string, flags: string[]) {
    const { server, cwd } = fixture;
    server.enqueue({ kind: 'reply', content: [toolCall('run_command', { command: `sleep ${marker}` })] }, { kind: 'reply', content: [text('Done.')] });
    const child = spawn(process.execPath, [cliPath, '-p', 'wait', '--json', '--yes', '--cwd', cwd, ...flags], { env: elbowEnvironment(server, 'openai'), stdio: ['ignore', 'pipe', 'pipe'] });
    const run: CliRun = { code: null, stdout: '', stderr: '' };
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (run.stdout += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (run.stderr += chunk));
    const ended = new Promise<CliRun>((resolve) => child.on('close', (code) => resolve({ ...run, code })));
    let exited = false;
    void ended.then(() => (exited = true));
    const deadline = Date.now() + 15_000;
    while (!exited && Date.now() < deadline && (await processesWith(marker)).length === 0) await new Promise((resolve) => setTimeout(resolve, 20));
    return { child, ended, running: () => processesWith(marker) };
  }

  it('--timeout: the run ends with its result, and the command and all it started are gone; exit 5', async () => {
    const marker = `600.${process.pid}1`;
    const { ended, running } = await startLongCommand(marker, ['--timeout', '2']);
    assert.ok((await running()).length > 0, 'the sleep ran before the timeout');
    assert.ok(await settlesWithin(ended, 20_000), 'elbow ended at its timeout');
    const run = await ended;
    assert.equal(run.code, 5, run.stderr);
    const result = resultOf(run);
    assert.equal(result.outcome, 'timeout');
    assert.equal(result.message, 'Stopped: --timeout 2s passed.');
    assert.deepEqual(await running(), [], 'no process of the command is left');
    assert.equal(fixture.server.requests.length, 1);
  });

  it('SIGTERM (a cancelled CI job) ends the run as Ctrl-C does: a result line, the command gone; exit 130', async () => {
    const marker = `600.${process.pid}2`;
    const { child, ended, running } = await startLongCommand(marker, []);
    assert.ok((await running()).length > 0, 'the sleep ran');
    child.kill('SIGTERM');
    assert.ok(await settlesWithin(ended, 20_000), 'elbow ended on SIGTERM');
    const run = await ended;
    assert.equal(run.code, 130, run.stderr);
    assert.equal(resultOf(run).outcome, 'cancelled');
    assert.deepEqual(await running(), [], 'no process of the command is left');
  });
});
