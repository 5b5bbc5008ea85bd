import * as fs from 'node:fs';
import * as path from 'node:path';

const recordings = path.resolve(__dirname, '../../../../fixtures/recordings');

export interface Recording {
  status: number;
  contentType: string;
  /** Exactly the bytes the server sent, after the header. */
  body: string;
}

/** A recording in test/fixtures/recordings (see its README): `#` header lines up to `# ---`, then the body. */
export function recording(file: string): Recording {
  const text = fs.readFileSync(path.join(recordings, file), 'utf8');
  const marker = text.indexOf('# ---\n');
  if (marker < 0) throw new Error(`${file}: no "# ---" line ends the header`);
  const header = text.slice(0, marker);
  const field = (name: string): string => new RegExp(`^# ${name}: (.*)$`, 'm').exec(header)?.[1]?.trim() ?? '';
  return { status: Number(field('status')), contentType: field('content-type'), body: text.slice(marker + '# ---\n'.length) };
}

/** A response replaying `file` as recorded. */
export function recordedResponse(file: string): () => Response {
  const { status, contentType, body } = recording(file);
  return () => new Response(body, { status, headers: { 'content-type': contentType } });
}

/** The JSON of each `data:` line of a recorded SSE body, in order (comments, events and `[DONE]` left out). */
export function recordedData(file: string): unknown[] {
  return recording(file).body.split('\n').filter((line) => line.startsWith('data: ') && line !== 'data: [DONE]').map((line) => JSON.parse(line.slice(6)) as unknown);
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
