/**
 * Serves recorded provider traffic byte for byte on 127.0.0.1, one recording per request in the
 * order queued (a conversation), after checking each request as the impersonated provider would:
 * authentication, the Chat Completions or Messages request shape, and the provider's documented
 * rules (rules/). A request that breaks a rule the provider enforces gets the provider's own error.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { listenOnLoopback } from '../fakeLlm/loopbackServer';
import { errorResponse, ProtocolError } from '../fakeLlm/errors';
import { checkAnthropicVersion, checkAuth } from '../fakeLlm/headers';
import { requestId } from '../fakeLlm/ids';
import { answerModelInfo } from '../fakeLlm/modelInfoRoutes';
import { isObject, type JsonObject } from '../fakeLlm/json';
import { validateOpenAiRequest } from '../fakeLlm/openaiValidation';
import { parseJson, readBody } from '../fakeLlm/requestBody';
import type { RecordedRequest } from '../fakeLlm/types';
import { providerProfiles, type ReplayProvider } from './providerProfiles';
import { loadRecording, type Recording } from './recording';
import type { ReplayApi, RequestRule, ServiceAnswer } from './rules/requestRule';

export type { ReplayProvider } from './providerProfiles';

export interface ReplayServer {
  readonly url: string;
  /** `${url}/v1`, the base URL for OpenAI-compatible clients. */
  readonly openaiBaseUrl: string;
  /** `${url}`, the base URL for @anthropic-ai/sdk. */
  readonly anthropicBaseUrl: string;
  readonly apiKey: string;
  readonly requests: RecordedRequest[];
  /** Requests the provider would have refused or flagged, each naming the rule and its source. */
  readonly violations: string[];
  /** Queues recordings (names under test/fixtures/recordings); each request gets the next one. */
  play(...names: string[]): void;
  pending(): number;
  close(): Promise<void>;
}

export interface ReplayServerOptions {
  provider: ReplayProvider;
  apiKey?: string;
}

const routes: Record<string, ReplayApi> = { '/v1/chat/completions': 'openai', '/chat/completions': 'openai', '/v1/messages': 'anthropic' };

export async function startReplayServer(options: ReplayServerOptions): Promise<ReplayServer> {
  const apiKey = options.apiKey ?? 'test-key';
  const profile = providerProfiles[options.provider];
  const rules = profile.rules();
  const requests: RecordedRequest[] = [];
  const violations: string[] = [];
  const queue: Recording[] = [];

  const handle = async (request: IncomingMessage, response: ServerResponse): Promise<void> => {
    const requestUrl = new URL(request.url ?? '/', 'http://127.0.0.1');
    const path = requestUrl.pathname;
    // A client's question about the window or the models served is not part of the recorded conversation.
    if (answerModelInfo(request.method, path, response, undefined)) return;
    const raw = await readBody(request);
    const parsed = parseJson(raw);
    requests.push({ api: profile.api, path, search: requestUrl.search, headers: { ...request.headers }, body: parsed === undefined ? raw : parsed });
    const route = profile.route?.(request.method, requestUrl, request.headers, apiKey);
    if (route !== undefined && 'refusal' in route) {
      violations.push(`${options.provider} refused ${request.method ?? '?'} ${path}: ${route.reason}`);
      return answer(response, route.refusal);
    }
    const api = profile.route ? route?.api : request.method === 'POST' ? routes[path] : undefined;
    if (api !== profile.api) {
      violations.push(`no route for ${request.method ?? '?'} ${path} on a ${options.provider} server`);
      return answer(response, errorAnswer(profile.api, new ProtocolError(`replay server: no route for ${request.method ?? '?'} ${path}`, 404)));
    }
    // A profile with its own route has checked the credentials its way.
    const refusal = checkRequest(api, request, parsed, profile.route ? undefined : apiKey, rules, violations);
    if (refusal) return answer(response, refusal);
    const recording = queue.shift();
    if (!recording) {
      violations.push('a request arrived with no recording left to play');
      return answer(response, errorAnswer(api, new ProtocolError('replay server: no recording queued', 500)));
    }
    for (const rule of rules) rule.served?.(recording);
    answer(response, { status: recording.status, contentType: recording.contentType, body: recording.body });
  };

  const listening = await listenOnLoopback('replay server', handle, violations);
  const { url } = listening;
  return {
    url,
    openaiBaseUrl: `${url}/v1`,
    anthropicBaseUrl: url,
    apiKey,
    requests,
    violations,
    play: (...names) => void queue.push(...names.map(loadRecording)),
    pending: () => queue.length,
    close: () => listening.close(),
  };
}

/** The provider's answer when the request must be refused, undefined when it may be served. */
function checkRequest(api: ReplayApi, request: IncomingMessage, parsed: unknown, apiKey: string | undefined, rules: RequestRule[], violations: string[]): ServiceAnswer | undefined {
  const authError = (apiKey === undefined ? undefined : checkAuth(api, request.headers, apiKey)) ?? (api === 'anthropic' ? checkAnthropicVersion(request.headers) : undefined);
  if (authError) return errorAnswer(api, authError);
  if (!isObject(parsed)) return errorAnswer(api, new ProtocolError('replay server: the body is not a JSON object'));
  const shapeError = wireShapeError(api, parsed);
  if (shapeError) {
    violations.push(`${api} request shape: ${shapeError.message}`);
    return errorAnswer(api, shapeError);
  }
  for (const rule of rules) {
    const broken = rule.check(parsed);
    if (!broken) continue;
    violations.push(`${rule.name}: ${broken.reason} (${rule.source})`);
    if (broken.answer) return broken.answer;
  }
  return undefined;
}

/** The Chat Completions shape every OpenAI-compatible server checks; Anthropic's is a rule (it needs memory). */
function wireShapeError(api: ReplayApi, body: JsonObject): ProtocolError | undefined {
  if (api === 'anthropic') return undefined;
  try {
    validateOpenAiRequest(body);
    return undefined;
  } catch (error) {
    if (error instanceof ProtocolError) return error;
    throw error;
  }
}

function errorAnswer(api: ReplayApi, error: ProtocolError): ServiceAnswer {
  const { status, headers, body } = errorResponse(api, error);
  return { status, contentType: headers['content-type'] ?? 'application/json', body };
}

function answer(response: ServerResponse, reply: { status: number; contentType: string; body: string | Buffer }): void {
  response.writeHead(reply.status, { 'content-type': reply.contentType, 'x-request-id': requestId() });
  response.end(reply.body);
}

