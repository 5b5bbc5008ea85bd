/**
 * A local model with a 32k window reads a 6 MB log and a 100 KB source file through the fake
 * server, which refuses any request over the window: every request must fit, no result the
 * model has not seen may be summarised away, and the run must still end with an answer.
 */
import assert from 'node:assert/strict';
import * as fs from 'node:fs/promises';
import * as os from 'node:os';
import * as path from 'node:path';
import type { AgentEvent } from '../../../../src/core/agent/agentEvents';
import { createAgentSession } from '../../../../src/core/agent/createAgentSession';
import { contextBudget } from '../../../../src/core/context/contextBudget';
import { textTokens } from '../../../../src/core/context/tokenEstimate';
import { resultLimitFor } from '../../../../src/core/tools/resultLimit';
import { createNodeHost } from '../../../../src/node/createNodeHost';
import { startFakeLlmServer, text, toolCall, type FakeLlmApi, type RecordedRequest, type ScriptedResponse } from '../../../support/fakeLlmServer';
import { isSummaryRequest } from '../../../support/longTask';

const WINDOW = 32_000;
const MAX_OUTPUT = 4_096;
const MODEL = 'local-coder';
const LOG_BYTES = 6 * 1024 * 1024;
const FATAL_LINE = 50_000;
const SUMMARY = '## Goal\nFind why the service crashed.\n## Decisions and findings\nThe log was searched.\n## Remaining work\nRead src/server.ts to the end.';

/** 6 MB of service log with one FATAL entry. */
function logText(): string {
  const lines: string[] = [];
  let size = 0;
  for (let line = 1; size < LOG_BYTES; line++) {
    const entry = line === FATAL_LINE
      ? `2026-03-01T12:00:00.000Z FATAL worker=3 msg="upload buffer overflow" path="/api/upload" bytes=1048577`
      : `2026-03-01T12:00:00.000Z INFO worker=${line % 8} msg="request served" path="/api/items/${line}" ms=${line % 97}`;
    lines.push(entry);
    size += entry.length + 1;
  }
  return `${lines.join('\n')}\n`;
}

/** 100 KB of TypeScript. */
function sourceText(): string {
  const lines = Array.from({ length: 2_600 }, (_, index) => `  handlers["route${index + 1}"] = (request) => reply(request, ${index + 1});`);
  return `${lines.join('\n')}\n`;
}

/** The text of the result of call `id` in a request as sent on the wire, when the request holds it. */
function resultOf(request: RecordedRequest, id: string): string | undefined {
  const messages = (request.body as { messages: Array<Record<string, unknown>> }).messages;
  for (const message of messages) {
    if (request.api === 'openai' && message.role === 'tool' && message.tool_call_id === id) return contentText(message.content);
    if (request.api === 'anthropic' && Array.isArray(message.content)) {
      for (const block of message.content as Array<Record<string, unknown>>) {
        if (block.type === 'tool_result' && block.tool_use_id === id) return contentText(block.content);
      }
    }
  }
  return undefined;
}

/** The ids of every tool result a request holds. */
function resultIds(request: RecordedRequest): string[] {
  const messages = (request.body as { messages: Array<Record<string, unknown>> }).messages;
  return messages.flatMap((message) => {
    if (request.api === 'openai') return message.role === 'tool' ? [message.tool_call_id as string] : [];
    return Array.isArray(message.content) ? (message.content as Array<Record<string, unknown>>).filter((block) => block.type === 'tool_result').map((block) => block.tool_use_id as string) : [];
  });
}

function contentText(content: unknown): string {
  if (typeof content === 'string') return content;
  return Array.isArray(content) ? content.map((part: { text?: unknown }) => (typeof part.text === 'string' ? part.text : '')).join('') : '';
}

/**
 * The model's side: read both files at once, search the log for the failure, page through
 * the source by the offsets the results give, then answer with what it found.
 */
class SmallWindowModel {
  private turn = 0;
  private lastSourceCall = '';
  private nextOffset: number | undefined = 1;
  private fatalLine: string | undefined;
  /** Every line of src/server.ts the model was shown, in order, numbers removed. */
  readonly sourceSeen: string[] = [];

  reply(request: RecordedRequest): ScriptedResponse {
    if (isSummaryRequest(request)) return { kind: 'reply', content: [text(SUMMARY)] };
    this.learnFrom(request);
    this.turn++;
    if (this.turn === 1) {
      this.lastSourceCall = 'read-source-1';
      return { kind: 'reply', content: [toolCall('read_file', { path: 'logs/service.log' }, 'read-log'), toolCall('read_file', { path: 'src/server.ts' }, this.lastSourceCall)] };
    }
    if (this.turn === 2) return { kind: 'reply', content: [toolCall('search', { pattern: 'FATAL', path: 'logs/service.log' }, 'search-log')] };
    if (this.nextOffset !== undefined) {
      this.lastSourceCall = `read-source-${this.turn}`;
      return { kind: 'reply', content: [toolCall('read_file', { path: 'src/server.ts', offset: this.nextOffset }, this.lastSourceCall)] };
    }
    return { kind: 'reply', content: [text(`The service crashed on an upload buffer overflow: ${this.fatalLine ?? 'no FATAL entry found'}.`)] };
  }

  private learnFrom(request: RecordedRequest): void {
    const search = resultOf(request, 'search-log');
    if (search !== undefined) this.fatalLine ??= /^(\S+:\d+): .*FATAL/m.exec(search)?.[1];
    const page = this.lastSourceCall === '' ? undefined : resultOf(request, this.lastSourceCall);
    if (page === undefined) return;
    const body = page.split('\n[')[0] ?? '';
    const lines = body.split('\n').filter((line) => /^ *\d+\t/.test(line));
    this.sourceSeen.push(...lines.map((line) => line.replace(/^ *\d+\t/, '')));
    const next = /call read_file with offset: (\d+)/.exec(page)?.[1];
    this.nextOffset = next === undefined ? undefined : Number(next);
    this.lastSourceCall = '';
  }
}

describe('a 32k-window run over a 6 MB log and a 100 KB source file', function () {
  this.timeout(120_000);

  for (const api of ['openai', 'anthropic'] as const) {
    it(`fits every request in the window, never summarises a result the model has not seen, and answers (${api})`, async () => {
      const base = await fs.mkdtemp(path.join(os.tmpdir(), 'elbow-small-window-'));
      const root = path.join(base, 'ws');
      await fs.mkdir(path.join(root, 'logs'), { recursive: true });
      await fs.mkdir(path.join(root, 'src'), { recursive: true });
      await fs.writeFile(path.join(root, 'logs', 'service.log'), logText());
      const source = sourceText();
      await fs.writeFile(path.join(root, 'src', 'server.ts'), source);
      const server = await startFakeLlmServer({ contextWindow: WINDOW });
      const model = new SmallWindowModel();
      server.enqueue(...Array.from({ length: 40 }, () => (request: RecordedRequest) => model.reply(request)));
      const events: AgentEvent[] = [];
      try {
        const session = await createAgentSession({
          host: await createNodeHost([root]),
          settings: {
            ...providerSettings(api, api === 'openai' ? server.openaiBaseUrl : server.anthropicBaseUrl),
            model: MODEL,
            models: { [MODEL]: { contextWindow: WINDOW, maxOutputTokens: MAX_OUTPUT } },
          },
          apiKey: server.apiKey,
          retry: { maxRetries: 0, baseDelayMs: 1, maxDelayMs: 1, maxRetryAfterMs: 1 },
        });
        const outcome = await session.send('The service crashed. Find out why: the log is logs/service.log, the code src/server.ts.', (event) => events.push(event));
        await session.dispose();

        assert.deepEqual(outcome, { reason: 'completed', text: `The service crashed on an upload buffer overflow: logs/service.log:${FATAL_LINE}.` });
        assert.deepEqual(server.violations, []);
        // The fake refuses a request over the window; none was refused, and each fitted with its output budget.
        const maxTokensOf = (request: RecordedRequest): number => (request.body as { max_tokens?: number }).max_tokens ?? 0;
        for (const request of server.requests) assert.ok((request.tokens ?? Infinity) + maxTokensOf(request) <= WINDOW, `a request of ${request.tokens} tokens`);
        assert.equal(events.filter((event) => event.type === 'done' && event.outcome.reason === 'error').length, 0);

        // Each result was within the limit, and reached the model in a turn's request before any summary held it.
        const limit = resultLimitFor(contextBudget({ contextWindow: WINDOW, maxOutputTokens: MAX_OUTPUT }));
        const results = events.filter((event): event is Extract<AgentEvent, { type: 'tool_result' }> => event.type === 'tool_result');
        assert.ok(results.length >= 3 + Math.ceil(source.length / limit.characters), `${results.length} results: the source took several pages`);
        for (const result of results) assert.ok(textTokens(result.text) <= limit.tokens, `${result.name} returned ${textTokens(result.text)} tokens`);
        const seen = new Set<string>();
        let summaries = 0;
        for (const request of server.requests) {
          if (isSummaryRequest(request)) {
            summaries++;
            for (const id of resultIds(request)) assert.ok(seen.has(id), `the summary request holds ${id}, which the model had not seen`);
            continue;
          }
          for (const id of resultIds(request)) seen.add(id);
        }
        assert.ok(summaries >= 1, 'the run was long enough to need a summary');
        for (const result of results) assert.ok(seen.has(result.id), `${result.id} never reached the model`);

        // Paging lost nothing: the pages the model read hold the whole source, in order.
        assert.equal(model.sourceSeen.join('\n'), source.trimEnd());
      } finally {
        await server.close();
        await fs.rm(base, { recursive: true, force: true });
      }
    });
  }
});

function providerSettings(api: FakeLlmApi, baseUrl: string) {
  return api === 'openai' ? { provider: 'openai' as const, baseUrl } : { provider: 'anthropic' as const, baseUrl };
}
