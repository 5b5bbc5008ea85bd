/**
 * Context and cost: the scripted 200-turn task (test/support/longTask.ts) with compaction in a
 * 40k-token window against the same task in a window so large nothing is compacted, through
 * the fake server with its prompt-cache simulation; and what a plain "hello" costs.
 */
import type { AgentEvent } from '../src/core/agent/agentEvents';
import type { FakeLlmApi, RecordedRequest } from '../test/support/fakeLlmServer';
import { measureHello } from '../test/support/helloRequest';
import { isSummaryRequest, runLongTask } from '../test/support/longTask';

const TURNS = 200;
const SMALL_WINDOW = 40_000;
const HUGE_WINDOW = 4_000_000;
const PREFIX_GOAL = 0.95;

interface TaskFigures {
  label: string;
  requests: number;
  medianTokens: number;
  maxTokens: number;
  totalTokens: number;
  cachedTokens: number;
  shortened: number;
  summarised: number;
  /** Of consecutive turns outside compaction points: how much of the previous request the next one kept unchanged as its prefix. */
  prefixMin: number;
  prefixMedian: number;
  compactionPoints: number;
}

export async function contextReport(log: (line: string) => void): Promise<void> {
  const hello = await measureHello();
  log(`\nA plain "hello" in a fresh conversation (o200k_base tokens): ${hello.total.toLocaleString('en-US')} = system prompt ${hello.system} + ${hello.toolCount} tool schemas ${hello.tools.toLocaleString('en-US')} + message ${hello.messages}. Goal ≤ 3,000: ${hello.total <= 3_000 ? 'met' : 'MISSED'}.`);
  const rows: TaskFigures[] = [];
  for (const api of ['openai', 'anthropic'] as const) {
    rows.push(await figures(api, SMALL_WINDOW, `${api}, 40k window, compaction`));
    rows.push(await figures(api, HUGE_WINDOW, `${api}, no compaction`));
  }
  log(`\nThe scripted ${TURNS}-turn task (one 6,000-character file read per turn), fake server counting 4 characters per token:\n`);
  log(table(rows));
  for (const api of ['openai', 'anthropic']) {
    const compacted = rows.find((row) => row.label.startsWith(`${api}, 40k`));
    const full = rows.find((row) => row.label.startsWith(`${api}, no`));
    if (compacted && full) {
      log(`${api}: compaction sends ${(compacted.totalTokens / full.totalTokens * 100).toFixed(1)} % of the input tokens (${compacted.totalTokens.toLocaleString('en-US')} against ${full.totalTokens.toLocaleString('en-US')}); the largest request is ${compacted.maxTokens.toLocaleString('en-US')} tokens against ${full.maxTokens.toLocaleString('en-US')}.`);
    }
  }
}

async function figures(api: FakeLlmApi, contextWindow: number, label: string): Promise<TaskFigures> {
  const run = await runLongTask({ api, turns: TURNS, contextWindow, simulatePromptCache: true });
  if (run.outcome.reason !== 'completed' || run.violations.length > 0) throw new Error(`${label}: ${JSON.stringify(run.outcome)} ${run.violations.join('; ')}`);
  const sizes = run.requests.map((request) => request.tokens ?? 0).sort((a, b) => a - b);
  const shares = prefixShares(run.requests);
  return {
    label,
    requests: run.requests.length,
    medianTokens: sizes[Math.floor(sizes.length / 2)] ?? 0,
    maxTokens: sizes.at(-1) ?? 0,
    totalTokens: sizes.reduce((sum, size) => sum + size, 0),
    cachedTokens: cachedTokens(run.events),
    shortened: run.events.filter((event) => event.type === 'compaction' && event.layer === 1).length,
    summarised: run.events.filter((event) => event.type === 'compaction' && event.layer === 2).length,
    prefixMin: Math.min(...shares.kept),
    prefixMedian: [...shares.kept].sort((a, b) => a - b)[Math.floor(shares.kept.length / 2)] ?? 0,
    compactionPoints: shares.breaks,
  };
}

/** For each turn after the first (summary requests aside): the share of the previous turn's prompt it starts with. */
function prefixShares(requests: readonly RecordedRequest[]): { kept: number[]; breaks: number } {
  const turns = requests.filter((request) => !isSummaryRequest(request)).map(promptText);
  const kept: number[] = [];
  let breaks = 0;
  for (let index = 1; index < turns.length; index++) {
    const previous = turns[index - 1] as string;
    const share = commonPrefix(previous, turns[index] as string) / previous.length;
    // A compaction rewrites the history; everything else should extend it.
    if (share < 0.5) breaks++;
    else kept.push(share);
  }
  return { kept, breaks };
}

/** The prompt without its closing brackets and without Anthropic's moving cache marks, which the cache ignores. */
function promptText(request: RecordedRequest): string {
  const body = request.body as Record<string, unknown>;
  return JSON.stringify([body.system ?? null, body.tools ?? null, body.messages], (key, value: unknown) => (key === 'cache_control' ? undefined : value)).replace(/\]+$/, '');
}

function commonPrefix(a: string, b: string): number {
  const length = Math.min(a.length, b.length);
  let index = 0;
  while (index < length && a.charCodeAt(index) === b.charCodeAt(index)) index++;
  return index;
}

function cachedTokens(events: readonly AgentEvent[]): number {
  return events.reduce((sum, event) => sum + (event.type === 'usage' ? event.usage.cacheReadTokens : 0), 0);
}

function table(rows: readonly TaskFigures[]): string {
  const header = ['run', 'requests', 'tokens/request median (max)', 'input tokens total', 'of which cached', 'billed as (cache reads at 10 %)', 'shortened / summarised', 'prefix kept min / median', 'goal', 'result'];
  const body = rows.map((row) => [
    row.label,
    String(row.requests),
    `${row.medianTokens.toLocaleString('en-US')} (${row.maxTokens.toLocaleString('en-US')})`,
    row.totalTokens.toLocaleString('en-US'),
    `${row.cachedTokens.toLocaleString('en-US')} (${(row.cachedTokens / row.totalTokens * 100).toFixed(0)} %)`,
    Math.round(row.totalTokens - row.cachedTokens * 0.9).toLocaleString('en-US'),
    `${row.shortened} / ${row.summarised}`,
    `${percent(row.prefixMin)} / ${percent(row.prefixMedian)}${row.compactionPoints > 0 ? ` (${row.compactionPoints} compaction points)` : ''}`,
    `≥ ${percent(PREFIX_GOAL)}`,
    row.prefixMin >= PREFIX_GOAL ? 'met' : 'MISSED',
  ]);
  const widths = header.map((title, column) => Math.max(title.length, ...body.map((cells) => (cells[column] as string).length)));
  const line = (cells: readonly string[]): string => cells.map((cell, column) => cell.padEnd(widths[column] as number)).join(' | ').trimEnd();
  return [line(header), widths.map((width) => '-'.repeat(width)).join('-|-'), ...body.map(line)].join('\n');
}

function percent(share: number): string {
  return `${(share * 100).toFixed(1)} %`;
}
