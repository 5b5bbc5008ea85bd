import { text, toolCall, type RecordedRequest, type ScriptedBlock, type ScriptedResponse } from '../../test/support/fakeLlmServer';
import { SYMBOL } from './usageWorkspace';

/** What the user asks, and what the parent asks its explore child, in the scripted task. */
export const USER_PROMPT = `Find where ${SYMBOL} is used and summarise how it is used.`;
export const CHILD_PROMPT = `Find every file where ${SYMBOL} is called. Report each file:line with the function that calls it, and what it passes in.`;
/** Files read in one reply, as a model reads several files at once. */
const READS_PER_REPLY = 10;

interface OpenAiMessage {
  role: string;
  content?: unknown;
  tool_call_id?: string;
}

function messagesOf(request: RecordedRequest): OpenAiMessage[] {
  return (request.body as { messages: OpenAiMessage[] }).messages;
}

/** The first user message: the user's prompt in the parent's requests, the task's prompt in a child's. */
export function firstUserText(request: RecordedRequest): string {
  const first = messagesOf(request).find((message) => message.role === 'user')?.content;
  return typeof first === 'string' ? first : JSON.stringify(first);
}

function toolResult(request: RecordedRequest, id: string): string | undefined {
  const message = messagesOf(request).find((candidate) => candidate.role === 'tool' && candidate.tool_call_id === id);
  return message === undefined ? undefined : typeof message.content === 'string' ? message.content : JSON.stringify(message.content);
}

/**
 * One turn of an agent that searches for `SYMBOL` (under `folder`), reads every file the real search
 * found, ten at a time, and answers with a report built from the real files it read: a function of
 * the request, so the same script serves the parent working alone and a child.
 */
export function exploreTurn(request: RecordedRequest, folder = '.'): ScriptedBlock[] {
  const found = toolResult(request, 'search_1');
  if (found === undefined) return [text(`I will search for ${SYMBOL} first.`), toolCall('search', { pattern: SYMBOL, literal: true, path: folder }, 'search_1')];
  const paths = [...new Set([...found.matchAll(/^(\S+?):\d+: /gm)].map((match) => match[1] as string))];
  const read = paths.map((_, index) => toolResult(request, `read_${index}`));
  const next = read.findIndex((result) => result === undefined);
  if (next >= 0) {
    const batch = paths.slice(next, next + READS_PER_REPLY);
    return batch.map((filePath, offset) => toolCall('read_file', { path: filePath }, `read_${next + offset}`));
  }
  return [text(report(paths, read as string[]))];
}

/** `- src/app/x.ts:27 in updateMarker3: parseConfig(order)`, one line per call found in the files read. */
function report(paths: readonly string[], contents: readonly string[]): string {
  const calls: string[] = [];
  paths.forEach((filePath, index) => {
    let inFunction = '?';
    for (const line of (contents[index] ?? '').split('\n')) {
      const declared = /export function (\w+)/.exec(line);
      if (declared) inFunction = declared[1] as string;
      const call = new RegExp(`^\\s*(\\d+)\\t.*?(${SYMBOL}\\(\\w*\\))`).exec(line);
      if (call && !line.includes('export function')) calls.push(`- ${filePath}:${call[1]} in ${inFunction}: ${call[2]}`);
    }
  });
  return [
    `${SYMBOL} (src/config/${SYMBOL}.ts) turns key=value text into a settings record. It is called ${calls.length} times, once per file, always on a function's string parameter, and the result is checked for one key:`,
    ...calls,
  ].join('\n');
}

/** The parent's turns when it hands the search to an explore child: one `task` call, then the child's report as its answer. */
export function delegateTurn(request: RecordedRequest, tasks: ReadonlyArray<{ description: string; prompt: string }>): ScriptedBlock[] {
  const reports = tasks.map((_, index) => toolResult(request, `task_${index}`));
  if (reports.every((result) => result === undefined)) {
    return [text('I will hand the search to an explore subagent.'), ...tasks.map((task, index) => toolCall('task', { ...task, agent: 'explore' }, `task_${index}`))];
  }
  return [text(reports.map((result) => /<task_result[^>]*>\n([^]*?)\n<\/task_result>/.exec(result ?? '')?.[1] ?? '').join('\n'))];
}

/** A reply streamed at `chunkDelayMs` a fragment of 8 characters (0: as fast as the socket goes). */
export function reply(content: ScriptedBlock[], chunkDelayMs: number): ScriptedResponse {
  return { kind: 'reply', content, ...(chunkDelayMs > 0 ? { chunkSize: 8, chunkDelayMs } : {}) };
}
