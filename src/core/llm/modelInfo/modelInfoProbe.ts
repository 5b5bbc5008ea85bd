import type { ServerModelFacts } from '../modelCatalog';

/** The server and model a session is about to use. */
export interface ModelInfoRequest {
  /** The OpenAI-compatible base URL, e.g. `http://localhost:11434/v1`. */
  baseUrl: string;
  model: string;
  /** Sent to the same server as a bearer token, as the chat requests are. */
  apiKey?: string;
}

/**
 * Asks the server behind an OpenAI-compatible base URL what it knows about a model: the window
 * it really runs the model with, its output limit and prices. Never throws and never waits long:
 * `undefined` when the server does not say.
 */
export interface ModelInfoProbe {
  lookUp(request: ModelInfoRequest): Promise<ServerModelFacts | undefined>;
}

/** The part of an HTTP response a probe reads. */
export interface HttpResponse {
  ok: boolean;
  status: number;
  json(): Promise<unknown>;
}

/** The `fetch` a probe uses: the platform's by default, a fake in tests. */
export type FetchFunction = (
  url: string,
  init: { method: 'GET' | 'POST'; headers: Record<string, string>; body?: string; signal: AbortSignal; redirect: 'manual' },
) => Promise<HttpResponse>;
