import assert from 'node:assert/strict';
import * as fs from 'node:fs/promises';
import * as path from 'node:path';
import type { AgentEvent } from '../../../../src/core/agent/agentEvents';
import { contextBudget } from '../../../../src/core/context/contextBudget';
import type { RecordedRequest } from '../../../support/fakeLlmServer';
import { isSummaryRequest, LONG_TASK_GOAL, LONG_TASK_SUMMARY, requestText, runLongTask } from '../../../support/longTask';

type CompactionEvent = Extract<AgentEvent, { type: 'compaction' }>;

const window = 40_000;
const maxOutput = 4_096;

/** The request's prompt as sent, with Anthropic's moving cache marks taken out (the cache ignores them when it compares). */
function promptOf(request: RecordedRequest): string {
  const body = request.body as Record<string, unknown>;
  return JSON.stringify([body.system ?? null, body.tools ?? null, body.messages], (key, value: unknown) => (key === 'cache_control' ? undefined : value));
}

/** Without the closing brackets, so a longer conversation can start with it. */
function openPrompt(request: RecordedRequest): string {
  return promptOf(request).replace(/\]+$/, '');
}

function compactionsOf(events: readonly AgentEvent[]): CompactionEvent[] {
  return events.filter((event): event is CompactionEvent => event.type === 'compaction');
}

describe('a 200-turn task through the fake server', function () {
  this.timeout(120_000);

  for (const api of ['openai', 'anthropic'] as const) {
    it(`stays inside a small window (${api}): compacts at the thresholds, keeps the goal, archives the transcript and otherwise only extends the prompt`, async () => {
      const run = await runLongTask({ api, turns: 200, contextWindow: window, maxOutputTokens: maxOutput });
      assert.deepEqual(run.violations, []);
      assert.equal(run.outcome.reason, 'completed', JSON.stringify(run.outcome));
      const budget = contextBudget({ contextWindow: window, maxOutputTokens: maxOutput });

      // Every request fitted: the fake refuses one that does not, and none was refused.
      for (const request of run.requests) assert.ok((request.tokens ?? 0) <= window, `a request of ${request.tokens} tokens`);

      const compactions = compactionsOf(run.events);
      const shortened = compactions.filter((event) => event.layer === 1);
      const summarised = compactions.filter((event) => event.layer === 2);
      assert.ok(shortened.length >= 2, `layer 1 ran ${shortened.length} times`);
      assert.ok(summarised.length >= 1, `layer 2 ran ${summarised.length} times`);
      for (const event of shortened) assert.ok(event.beforeTokens >= budget.compactToolResultsAt && event.afterTokens < event.beforeTokens, JSON.stringify(event));
      for (const event of summarised) assert.ok(event.beforeTokens >= budget.summarizeAt && event.afterTokens < budget.compactToolResultsAt, JSON.stringify(event));
      // No request went out past the summary threshold.
      for (const event of run.events) if (event.type === 'context' && event.estimated) assert.ok(event.usedTokens < budget.summarizeAt, `sent ${event.usedTokens} tokens`);

      const summaryRequests = run.requests.filter(isSummaryRequest);
      assert.equal(summaryRequests.length, summarised.length);
      const turns = run.requests.filter((request) => !isSummaryRequest(request));
      assert.equal(turns.length, 201);

      let compactionPoints = 0;
      let extended = 0;
      for (let index = 1; index < run.requests.length; index++) {
        const previous = run.requests[index - 1] as RecordedRequest;
        const current = run.requests[index] as RecordedRequest;
        if (isSummaryRequest(current)) {
          // The summary request repeats the conversation so far, so it reads it from the cache.
          assert.ok(promptOf(current).startsWith(openPrompt(previous).slice(0, -200)), 'the summary request starts with the conversation');
          continue;
        }
        const previousTurn = isSummaryRequest(previous) ? (run.requests[index - 2] as RecordedRequest) : previous;
        if (promptOf(current).startsWith(openPrompt(previousTurn))) {
          extended++;
          continue;
        }
        compactionPoints++;
        if (isSummaryRequest(previous)) {
          // Right after a summary: the goal in the user's words and the summary are what the model sees.
          const seen = requestText(current);
          assert.ok(seen.includes(LONG_TASK_GOAL), 'the original goal survives the summary');
          assert.ok(seen.includes(LONG_TASK_SUMMARY.split('\n')[1] ?? ''), 'the summary is sent');
          assert.ok(seen.includes('data/file-'), 'recently touched files are listed');
        }
      }
      // Only compactions break the prefix: every other request extends the one before, byte for byte.
      assert.equal(compactionPoints, compactions.length, `${compactionPoints} prefix breaks for ${compactions.length} compactions`);
      assert.equal(extended, turns.length - 1 - compactionPoints);

      const archives = await fs.readdir(run.archiveFolder);
      assert.equal(archives.length, summarised.length);
      const first = (await fs.readFile(path.join(run.archiveFolder, archives.sort()[0] as string), 'utf8')).trim().split('\n').map((line) => JSON.parse(line) as Record<string, unknown>);
      assert.equal(first[0]?.type, 'elbow-transcript');
      assert.deepEqual((first[1] as { content: unknown }).content, [{ type: 'text', text: LONG_TASK_GOAL }]);
      assert.equal(first.length - 1, (first[0] as { messages: number }).messages);

      if (api === 'anthropic') {
        for (const request of turns) {
          const body = request.body as { system: Array<{ cache_control?: unknown }>; messages: Array<{ content: Array<{ cache_control?: unknown }> }> };
          assert.ok(body.system[0]?.cache_control, 'tools and system are cached');
          assert.ok(body.messages.at(-1)?.content.at(-1)?.cache_control, 'the end of the conversation is cached');
          const marks = JSON.stringify(request.body).split('"cache_control"').length - 1;
          assert.ok(marks <= 4 && marks >= (body.messages.length >= 3 ? 3 : 2), `${marks} cache marks`);
        }
      }
    });
  }

  it('keeps the full history when the summary fails, shortens tool results instead, and finishes the task', async () => {
    const run = await runLongTask({
      api: 'openai',
      turns: 60,
      contextWindow: window,
      maxOutputTokens: maxOutput,
      compaction: { compactToolResultsAtPercent: 90, summarizeAtPercent: 50, keepRecentToolResults: 5 },
      summaryReply: () => ({ kind: 'error', status: 400, message: 'Invalid request: the summary could not be produced.' }),
    });
    assert.equal(run.outcome.reason, 'completed', JSON.stringify(run.outcome));
    const failures = run.events.filter((event) => event.type === 'compaction_failed');
    assert.equal(failures.length, 1, 'one failure per user message: the thresholds then only shorten tool results');
    assert.match(JSON.stringify(failures[0]), /summary could not be produced/);
    assert.equal(compactionsOf(run.events).filter((event) => event.layer === 2).length, 0);
    // Nothing was replaced by a summary: the model still sees the user's message as the first one, and every tool call.
    const last = run.requests.at(-1) as RecordedRequest;
    const messages = (last.body as { messages: Array<{ role: string; content: unknown; tool_calls?: unknown[] }> }).messages;
    assert.equal(messages[1]?.content, LONG_TASK_GOAL);
    assert.equal(messages.filter((message) => message.tool_calls !== undefined).length, 60);
    assert.ok(requestText(last).includes('[Earlier tool result compacted'));
    for (const request of run.requests) assert.ok((request.tokens ?? 0) <= window);
  });
});
