/**
 * Subagents (`npm run bench -- subagents`): (a) a scripted "find where X is used and summarise" task
 * on a generated 2,000-file workspace, the parent working alone against the parent handing the search
 * to an explore child, measured by the parent's last request (what its context holds); (b) three
 * children in parallel against one at a time, with the fake server streaming at a model's pace.
 * The tools really run on the workspace; only the model is scripted.
 */
import * as fs from 'node:fs/promises';
import * as os from 'node:os';
import * as path from 'node:path';
import { performance } from 'node:perf_hooks';
import type { AgentEvent } from '../src/core/agent/agentEvents';
import { createAgentSession } from '../src/core/agent/createAgentSession';
import type { AgentHost } from '../src/core/host/host';
import { createNodeHost } from '../src/node/createNodeHost';
import { startFakeLlmServer, type RecordedRequest } from '../test/support/fakeLlmServer';
import { CHILD_PROMPT, delegateTurn, exploreTurn, firstUserText, reply, USER_PROMPT } from './subagents/findUsesScript';
import { SYMBOL, TOTAL_FILES, USING_FILES, writeUsageWorkspace } from './subagents/usageWorkspace';

const CONTEXT_GOAL = 0.6;
/** About 100 tokens a second: 8 characters every 20 ms. */
const STREAM_DELAY_MS = 20;
const TIMED_RUNS = 3;
const PARALLEL_FOLDERS = ['src/app', 'src/core', 'src/ui'];

interface TaskRun {
  /** The parent's requests, as the fake server received them. */
  parent: RecordedRequest[];
  /** Every request, children's included. */
  all: RecordedRequest[];
  /** Elbow's own estimate of the parent's last request, as its `context` event said before sending it. */
  estimated: number | undefined;
  ms: number;
  /** From the first child's first event to the last child's end. */
  childrenMs: number;
}

export async function subagentsReport(log: (line: string) => void): Promise<void> {
  const root = await fs.mkdtemp(path.join(os.tmpdir(), 'elbow-bench-subagents-'));
  try {
    await writeUsageWorkspace(root);
    const host = await createNodeHost([root]);
    log(`\nSubagents: "${USER_PROMPT}" on ${TOTAL_FILES.toLocaleString('en-US')} generated files (${USING_FILES} call ${SYMBOL}); tools run for real, the model is scripted (fake server, 4 characters a token).\n`);
    const alone = await runTask(host, 'alone');
    const delegated = await runTask(host, 'explore');
    log(contextTable(alone, delegated));
    const parallel: TaskRun[] = [];
    const sequential: TaskRun[] = [];
    for (let round = 0; round < TIMED_RUNS; round++) {
      // Alternated, so neither profits from the other's warm caches every time.
      for (const slots of round % 2 === 0 ? [3, 1] : [1, 3]) (slots === 3 ? parallel : sequential).push(await runTask(host, 'three', slots));
    }
    const median = (samples: number[]): number => [...samples].sort((a, b) => a - b)[Math.floor(samples.length / 2)] as number;
    const seconds = (ms: number): string => `${(ms / 1000).toFixed(2)} s`;
    const whole = { parallel: median(parallel.map((run) => run.ms)), sequential: median(sequential.map((run) => run.ms)) };
    const children = { parallel: median(parallel.map((run) => run.childrenMs)), sequential: median(sequential.map((run) => run.childrenMs)) };
    log(`\nThree explore children (${PARALLEL_FOLDERS.join(', ')}), each a search, its reads and a report, the model streaming about 100 tokens a second; median of ${TIMED_RUNS} (${os.cpus().length} CPUs, load average ${os.loadavg()[0]?.toFixed(1)}):\n`);
    log(`${''.padEnd(36)} | whole task | children's part`);
    log(`in parallel (maxParallelSubagents 3) | ${seconds(whole.parallel).padEnd(10)} | ${seconds(children.parallel)}`);
    log(`in sequence (maxParallelSubagents 1) | ${seconds(whole.sequential).padEnd(10)} | ${seconds(children.sequential)}`);
    log(`sequence / parallel                  | ${`${(whole.sequential / whole.parallel).toFixed(2)}×`.padEnd(10)} | ${(children.sequential / children.parallel).toFixed(2)}×`);
  } finally {
    await fs.rm(root, { recursive: true, force: true });
  }
}

/** The task run once: the parent alone, with one explore child, or with three children at `slots` at once. */
async function runTask(host: AgentHost, shape: 'alone' | 'explore' | 'three', slots = 3): Promise<TaskRun> {
  const server = await startFakeLlmServer();
  try {
    const tasks = shape === 'three'
      ? PARALLEL_FOLDERS.map((folder) => ({ description: `Find uses in ${folder}`, prompt: `${CHILD_PROMPT} Look only under ${folder}.` }))
      : [{ description: `Find uses of ${SYMBOL}`, prompt: CHILD_PROMPT }];
    const delay = shape === 'three' ? STREAM_DELAY_MS : 0;
    const script = (request: RecordedRequest) => {
      const prompt = firstUserText(request);
      if (prompt.includes(USER_PROMPT)) return reply(shape === 'alone' ? exploreTurn(request) : delegateTurn(request, tasks), delay);
      const folder = PARALLEL_FOLDERS.find((candidate) => prompt.includes(`Look only under ${candidate}.`)) ?? '.';
      return reply(exploreTurn(request, folder), delay);
    };
    server.enqueue(...Array.from({ length: 100 }, () => script));
    const session = await createAgentSession({ host, settings: { provider: 'openai', model: 'gpt-4.1', baseUrl: server.openaiBaseUrl, maxParallelSubagents: slots }, apiKey: server.apiKey });
    const events: AgentEvent[] = [];
    const childTimes: number[] = [];
    const started = performance.now();
    const outcome = await session.send(USER_PROMPT, (event) => {
      events.push(event);
      if (event.type === 'subagent') childTimes.push(performance.now());
    });
    const ms = performance.now() - started;
    await session.dispose();
    if (outcome.reason !== 'completed' || server.violations.length > 0) throw new Error(`${shape}: ${JSON.stringify(outcome)} ${server.violations.join('; ')}`);
    checkAnswer(shape, outcome.text);
    const estimates = events.filter((event) => event.type === 'context' && event.estimated);
    const last = estimates.at(-1);
    return {
      parent: server.requests.filter((request) => firstUserText(request).includes(USER_PROMPT)),
      all: [...server.requests],
      estimated: last?.type === 'context' ? last.usedTokens : undefined,
      ms,
      childrenMs: childTimes.length === 0 ? 0 : (childTimes.at(-1) as number) - (childTimes[0] as number),
    };
  } finally {
    await server.close();
  }
}

/** The answer lists every call the workspace holds: the task was really done, through the real tools. */
function checkAnswer(shape: string, answer: string): void {
  const calls = answer.split('\n').filter((line) => line.startsWith('- ')).length;
  const expected = shape === 'three' ? undefined : USING_FILES;
  if (expected !== undefined && calls !== expected) throw new Error(`${shape}: the answer lists ${calls} calls, not ${expected}:\n${answer}`);
  if (calls === 0) throw new Error(`${shape}: the answer lists no call:\n${answer}`);
}

function contextTable(alone: TaskRun, delegated: TaskRun): string {
  const lastTokens = (run: TaskRun): number => run.parent.at(-1)?.tokens ?? 0;
  const sum = (requests: readonly RecordedRequest[]): number => requests.reduce((total, request) => total + (request.tokens ?? 0), 0);
  const rows = [
    ['', 'parent alone', 'with an explore child', 'fewer'],
    ['parent\'s last request, fake server\'s count', fmt(lastTokens(alone)), fmt(lastTokens(delegated)), share(lastTokens(alone), lastTokens(delegated))],
    ['parent\'s last request, Elbow\'s estimate', fmt(alone.estimated), fmt(delegated.estimated), alone.estimated && delegated.estimated ? share(alone.estimated, delegated.estimated) : '–'],
    ['parent\'s requests', String(alone.parent.length), String(delegated.parent.length), ''],
    ['all requests (children\'s too)', String(alone.all.length), String(delegated.all.length), ''],
    ['input tokens of all requests', fmt(sum(alone.all)), fmt(sum(delegated.all)), share(sum(alone.all), sum(delegated.all))],
  ];
  const widths = rows[0]?.map((_, column) => Math.max(...rows.map((row) => (row[column] as string).length))) ?? [];
  const lines = rows.map((row) => row.map((cell, column) => cell.padEnd(widths[column] as number)).join(' | ').trimEnd());
  const met = 1 - lastTokens(delegated) / lastTokens(alone) >= CONTEXT_GOAL;
  return [...lines, `Goal: the parent's context at least ${CONTEXT_GOAL * 100} % smaller with the child: ${met ? 'met' : 'MISSED'}.`].join('\n');
}

function fmt(tokens: number | undefined): string {
  return tokens === undefined ? '–' : tokens.toLocaleString('en-US');
}

function share(before: number, after: number): string {
  return `${((1 - after / before) * 100).toFixed(1)} %`;
}
