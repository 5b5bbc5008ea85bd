import * as fs from 'node:fs';
import * as path from 'node:path';

const fixtures = path.resolve(__dirname, '../../../../fixtures/wire');

/** The recorded events of `file` in test/fixtures/wire, one JSON text each, without the header. */
export function recordedChunks(file: string): string[] {
  return fs.readFileSync(path.join(fixtures, file), 'utf8').split('\n').filter((line) => line.trim() !== '' && !line.startsWith('#'));
}

/** Chat Completions chunks as the SSE body a server streams. */
export function openAiSse(chunks: readonly string[]): string {
  return `${chunks.map((chunk) => `data: ${chunk}\n\n`).join('')}data: [DONE]\n\n`;
}

/** Messages API events as the SSE body Anthropic streams, each named by its type. */
export function anthropicSse(chunks: readonly string[]): string {
  return chunks.map((chunk) => `event: ${(JSON.parse(chunk) as { type: string }).type}\ndata: ${chunk}\n\n`).join('');
}

export interface CapturingFetch {
  fetch: typeof fetch;
  /** The JSON bodies of the requests made so far. */
  bodies: Array<{ messages: Array<Record<string, unknown>>; [key: string]: unknown }>;
}

/** A `fetch` that records each request body and answers with the next of `responses`. */
export function capturingFetch(...responses: Array<() => Response>): CapturingFetch {
  const bodies: CapturingFetch['bodies'] = [];
  const queue = [...responses];
  const fake = async (_input: unknown, init?: RequestInit): Promise<Response> => {
    bodies.push(JSON.parse(String(init?.body)) as CapturingFetch['bodies'][number]);
    const next = queue.shift();
    if (!next) throw new Error('capturingFetch: no response queued');
    return next();
  };
  return { fetch: fake as typeof fetch, bodies };
}

export function sseResponse(body: string): () => Response {
  return () => new Response(body, { status: 200, headers: { 'content-type': 'text/event-stream' } });
}
