/**
 * Local stand-ins for the model-info endpoints of Ollama, LM Studio, llama.cpp, vLLM and
 * OpenRouter, answering with the recorded bodies of serverModelInfoFixtures.ts. Each serves only
 * its own routes with its own methods (Ollama's /api/show is POST only) and answers anything else
 * 404; every request is recorded.
 */
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Answer {
  status: number;
  body: unknown;
}

/** `METHOD /path` → the answer, given the request's parsed JSON body and its query. */
export type Routes = Record<string, (body: unknown, query: URLSearchParams) => Answer>;

export interface FakeModelServer {
  /** http://127.0.0.1:PORT */
  url: string;
  /** Every request as `METHOD /path?query`. */
  requests: string[];
  close(): Promise<void>;
}

export async function startFakeModelServer(routes: Routes, options: { hang?: boolean } = {}): Promise<FakeModelServer> {
  const requests: string[] = [];
  const server = createServer((request, response) => {
    void readJson(request).then((body) => {
      const target = request.url ?? '/';
      requests.push(`${request.method ?? '?'} ${target}`);
      if (options.hang) return;
      const parsed = new URL(target, 'http://127.0.0.1');
      const route = routes[`${request.method ?? '?'} ${parsed.pathname}`];
      const answer = route ? route(body, parsed.searchParams) : { status: 404, body: { error: `no route for ${request.method ?? '?'} ${target}` } };
      response.writeHead(answer.status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(answer.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    requests,
    close: () => new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }),
  };
}

/** A `start` for one mocha suite: every server it started is closed after each test. */
export function fakeModelServersPerTest(): (routes: Routes, options?: { hang?: boolean }) => Promise<FakeModelServer> {
  const servers: FakeModelServer[] = [];
  afterEach(async () => {
    await Promise.all(servers.splice(0).map((server) => server.close()));
  });
  return async (routes, options = {}) => {
    const server = await startFakeModelServer(routes, options);
    servers.push(server);
    return server;
  };
}

async function readJson(request: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  if (text === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

export const ok = (body: unknown): Answer => ({ status: 200, body });

/** Ollama: `/api/show` answers the named model's details or 404 `model '…' not found`, `/api/ps` the loaded models. */
export function ollamaRoutes(models: Record<string, unknown>, running: unknown = { models: [] }): Routes {
  return {
    'POST /api/show': (body) => {
      const model = typeof body === 'object' && body !== null ? (body as { model?: unknown }).model : undefined;
      const found = typeof model === 'string' ? models[model] : undefined;
      return found === undefined ? { status: 404, body: { error: `model '${String(model)}' not found` } } : ok(found);
    },
    'GET /api/show': () => ({ status: 405, body: { error: 'method not allowed' } }),
    'GET /api/ps': () => ok(running),
    'GET /v1/models': () => ok({ object: 'list', data: Object.keys(models).map((id) => ({ id, object: 'model', created: 1_700_000_000, owned_by: 'library' })) }),
  };
}
