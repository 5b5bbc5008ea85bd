/** Writing a streamed (SSE) response frame by frame, paced, and stopping when the client leaves. */
import type { ServerResponse } from 'node:http';
import type { JsonObject } from './json';
import type { PromptTokens } from './replyDefaults';

/** Where and for what a reply is written. */
export interface ReplyTarget {
  response: ServerResponse;
  /** The validated request body. */
  body: JsonObject;
  /** The model name to report. */
  model: string;
  /** Headers every response carries (the request id). */
  headers: Record<string, string>;
  /** How the server counted the prompt, for unscripted usage. */
  prompt: PromptTokens;
}

export class SseWriter {
  private delayMs = 0;

  constructor(private readonly response: ServerResponse, extraHeaders: Record<string, string>) {
    response.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache',
      connection: 'keep-alive',
      ...extraHeaders,
    });
    response.flushHeaders();
  }

  pace(delayMs: number | undefined): void {
    this.delayMs = delayMs ?? 0;
  }

  /** False once the client has gone away or the socket was destroyed. */
  get open(): boolean {
    return !this.response.destroyed && !this.response.writableEnded;
  }

  /** An OpenAI-style frame (`data:` only). */
  async data(payload: object | string): Promise<void> {
    const text = typeof payload === 'string' ? payload : JSON.stringify(payload);
    await this.write(`data: ${text}\n\n`);
  }

  /** An Anthropic-style frame (`event:` then `data:`). */
  async event(name: string, payload: object): Promise<void> {
    await this.write(`event: ${name}\ndata: ${JSON.stringify(payload)}\n\n`);
  }

  end(): void {
    if (this.open) this.response.end();
  }

  /** Cut the connection mid-stream: no terminating chunk, so the client sees a broken stream. */
  destroy(): void {
    this.response.socket?.destroy();
    this.response.destroy();
  }

  /** Resolves when the client disconnects (or at once if it already has). */
  untilClosed(): Promise<void> {
    if (!this.open) return Promise.resolve();
    return new Promise((resolve) => this.response.once('close', () => resolve()));
  }

  private async write(frame: string): Promise<void> {
    if (this.delayMs > 0) await sleep(this.delayMs);
    await writeFlushed(this.response, frame);
  }
}

/** Write and wait until the data reached the socket (or the client left), so a later destroy cannot swallow it. */
export function writeFlushed(response: ServerResponse, data: string): Promise<void> {
  if (response.destroyed || response.writableEnded) return Promise.resolve();
  return new Promise((resolve) => {
    const done = (): void => {
      response.off('close', done);
      resolve();
    };
    response.once('close', done);
    response.write(data, done);
  });
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** Split text into fragments of `size` characters (code points, so no surrogate pair is split). */
export function fragments(text: string, size = 8): string[] {
  const chars = Array.from(text);
  const step = Math.max(1, Math.floor(size));
  const parts: string[] = [];
  for (let i = 0; i < chars.length; i += step) parts.push(chars.slice(i, i + step).join(''));
  return parts;
}
