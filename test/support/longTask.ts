/**
 * A long scripted task through the fake LLM server: the model reads one large file per turn
 * for many turns, then answers. Used by the compaction tests and the benchmark.
 */
import * as fs from 'node:fs/promises';
import * as os from 'node:os';
import * as path from 'node:path';
import type { AgentEvent, RunOutcome } from '../../src/core/agent/agentEvents';
import type { AgentSession } from '../../src/core/agent/agentSession';
import { createAgentSession } from '../../src/core/agent/createAgentSession';
import type { CompactionSettings } from '../../src/core/context/contextBudget';
import type { TranscriptArchive } from '../../src/core/host/transcriptArchive';
import { createNodeHost } from '../../src/node/createNodeHost';
import { JsonlTranscriptArchive } from '../../src/node/jsonlTranscriptArchive';
import { startFakeLlmServer, text, toolCall, type FakeLlmApi, type FakeLlmServer, type RecordedRequest, type ScriptedResponse } from './fakeLlmServer';

export const LONG_TASK_GOAL = 'Read every file under data/ one by one and tell me which one mentions the word "zebra". Do not edit anything.';
export const LONG_TASK_SUMMARY = '## Goal\nThe user wants to know which file under data/ mentions "zebra" (quote: "Read every file under data/ one by one").\n## Constraints and preferences\nDo not edit anything.\n## Decisions and findings\nNo file so far mentions zebra.\n## Files\ndata/ files read so far.\n## Work done\nRead the files in order.\n## Remaining work\nRead the remaining files.';
const SUMMARY_INSTRUCTION_START = 'Your context window is filling up';

export interface LongTaskOptions {
  api: FakeLlmApi;
  /** Model turns that read a file before the final answer. */
  turns: number;
  contextWindow: number;
  maxOutputTokens?: number;
  /** Characters of each file the model reads. */
  fileCharacters?: number;
  compaction?: CompactionSettings;
  /** How the fake answers a summary request (default: a summary). */
  summaryReply?: () => ScriptedResponse;
  simulatePromptCache?: boolean;
}

export interface LongTaskRun {
  outcome: RunOutcome;
  events: AgentEvent[];
  /** Every request the fake server received, in order. */
  requests: RecordedRequest[];
  violations: string[];
  archiveFolder: string;
  session: AgentSession;
}

/** Whether a request asked the model for a summary (not a turn of the task): its last text block is the instruction. */
export function isSummaryRequest(request: RecordedRequest): boolean {
  const messages = (request.body as { messages?: Array<{ role: string; content: unknown }> }).messages ?? [];
  const last = messages.at(-1);
  if (last?.role !== 'user') return false;
  const blocks = typeof last.content === 'string' ? [last.content] : Array.isArray(last.content) ? last.content.map((block: unknown) => contentText([block])) : [];
  return (blocks.at(-1) ?? '').trimStart().startsWith(SUMMARY_INSTRUCTION_START);
}

/** All text in a request's messages, to look for what the model can still see. */
export function requestText(request: RecordedRequest): string {
  const messages = (request.body as { messages?: Array<{ content: unknown }> }).messages ?? [];
  return messages.map((message) => contentText(message.content)).join('\n');
}

export async function runLongTask(options: LongTaskOptions): Promise<LongTaskRun> {
  const base = await fs.mkdtemp(path.join(os.tmpdir(), 'elbow-long-task-'));
  const root = path.join(base, 'ws');
  const archiveFolder = path.join(base, 'transcripts');
  const files = 20;
  await fs.mkdir(path.join(root, 'data'), { recursive: true });
  for (let index = 0; index < files; index++) await fs.writeFile(path.join(root, 'data', `file-${index}.txt`), fileText(index, options.fileCharacters ?? 6_000));
  const server = await startFakeLlmServer({ contextWindow: options.contextWindow, simulatePromptCache: options.simulatePromptCache });
  try {
    let turn = 0;
    const script = (request: RecordedRequest): ScriptedResponse => {
      if (isSummaryRequest(request)) return options.summaryReply?.() ?? { kind: 'reply', content: [text(LONG_TASK_SUMMARY)] };
      turn++;
      if (turn > options.turns) return { kind: 'reply', content: [text('None of the files mentions zebra.')] };
      return { kind: 'reply', content: [toolCall('read_file', { path: `data/file-${turn % files}.txt` }, `call-${turn}`)] };
    };
    server.enqueue(...Array.from({ length: options.turns * 2 + 20 }, () => script));
    const archive: TranscriptArchive = new JsonlTranscriptArchive(archiveFolder, 'long-task');
    const session = await createAgentSession({
      host: await createNodeHost([root]),
      settings: {
        ...providerSettings(server, options.api),
        model: 'long-task-model',
        maxTurns: options.turns + 10,
        toolCallsPerMessage: 100_000,
        commandsPerMessage: 100_000,
        models: { 'long-task-model': { contextWindow: options.contextWindow, maxOutputTokens: options.maxOutputTokens ?? 4_096 } },
        compaction: options.compaction,
      },
      apiKey: server.apiKey,
      retry: { maxRetries: 0, baseDelayMs: 1, maxDelayMs: 1, maxRetryAfterMs: 1 },
      archive,
    });
    const events: AgentEvent[] = [];
    const outcome = await session.send(LONG_TASK_GOAL, (event) => events.push(event));
    await session.dispose();
    return { outcome, events, requests: [...server.requests], violations: [...server.violations], archiveFolder, session };
  } finally {
    await server.close();
  }
}

function providerSettings(server: FakeLlmServer, api: FakeLlmApi) {
  return api === 'openai'
    ? { provider: 'openai' as const, baseUrl: server.openaiBaseUrl }
    : { provider: 'anthropic' as const, baseUrl: server.anthropicBaseUrl };
}

/** Distinct, deterministic prose, so no two files compress or compare alike. */
function fileText(index: number, characters: number): string {
  const words = ['alpha', 'bravo', 'charlie', 'delta', 'echo', 'foxtrot', 'golf', 'hotel', 'india', 'juliet', 'kilo', 'lima'];
  let result = `File ${index}\n`;
  for (let word = 0; result.length < characters; word++) {
    result += `${words[(word * 7 + index) % words.length]}${word % 13 === 0 ? '\n' : ' '}`;
  }
  return result.slice(0, characters);
}

function contentText(content: unknown): string {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return '';
  return content.map((block: unknown) => {
    if (typeof block !== 'object' || block === null) return '';
    if ('text' in block && typeof block.text === 'string') return block.text;
    if ('content' in block) return contentText(block.content);
    return '';
  }).join('\n');
}
