/**
 * A local stand-in for the OpenAI Chat Completions and Anthropic Messages APIs. It speaks
 * both wire formats exactly (so the official SDKs parse its streams for real), refuses the
 * requests the real services refuse, and answers each accepted request with the next
 * scripted response. See docs/testing.md, "LLM APIs without a network".
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { listenOnLoopback } from './fakeLlm/loopbackServer';
import { anthropicDrop, anthropicHang, anthropicReply, anthropicStreamError } from './fakeLlm/anthropicReply';
import { validateAnthropicRequest } from './fakeLlm/anthropicValidation';
import { defaultErrorMessage, errorResponse, ProtocolError } from './fakeLlm/errors';
import { contextOverflow } from './fakeLlm/contextWindow';
import { checkAnthropicVersion, checkAuth } from './fakeLlm/headers';
import { requestId } from './fakeLlm/ids';
import { isObject, type JsonObject } from './fakeLlm/json';
import { openaiDrop, openaiHang, openaiReply, openaiStreamError } from './fakeLlm/openaiReply';
import { validateOpenAiRequest } from './fakeLlm/openaiValidation';
import { answerModelInfo } from './fakeLlm/modelInfoRoutes';
import { PromptCache } from './fakeLlm/promptCache';
import { requestTokens } from './fakeLlm/replyDefaults';
import type { ReplyTarget } from './fakeLlm/stream';
import { ThinkingMemory } from './fakeLlm/thinkingMemory';
import { parseJson, readBody } from './fakeLlm/requestBody';
import type { FakeLlmApi, RecordedRequest, Script, ScriptedBlock, ScriptedResponse } from './fakeLlm/types';

export type { FakeLlmApi, RecordedRequest, Script, ScriptedBlock, ScriptedResponse, ScriptedStopReason, ScriptedUsage } from './fakeLlm/types';

export interface FakeLlmServer {
  /** http://127.0.0.1:PORT */
  readonly url: string;
  /** `${url}/v1`: the `baseURL` for the openai SDK. */
  readonly openaiBaseUrl: string;
  /** `${url}`: the `baseURL` for @anthropic-ai/sdk. */
  readonly anthropicBaseUrl: string;
  readonly apiKey: string;
  /** Every request received, in order, including rejected ones. */
  readonly requests: RecordedRequest[];
  /** Protocol violations (answered 400) and requests that found no script (answered 500). */
  readonly violations: string[];
  /** Each request consumes the next script, first in first out. */
  enqueue(...scripts: Script[]): void;
  /** Scripts not consumed yet. */
  pending(): number;
  /** Drops the scripts not consumed yet (e.g. after a test stopped a run midway). */
  discardPending(): void;
  /** Stops listening and destroys open sockets. */
  close(): Promise<void>;
}

export interface FakeLlmServerOptions {
  /** The only key accepted (default `test-key`). */
  apiKey?: string;
  /** The model name reported in replies (default: the model the request asked for). */
  model?: string;
  /**
   * The model's context window in tokens. A request whose size (`RecordedRequest.tokens`) plus
   * its output budget (`max_tokens`, or OpenAI's `max_completion_tokens`) exceeds it is refused
   * with the service's own context-length error, consuming no script. Default: no limit.
   */
  contextWindow?: number;
  /** Unscripted usage reports cached input as the services' prompt caches would (see fakeLlm/promptCache.ts). */
  simulatePromptCache?: boolean;
  /**
   * Acts as OpenAI-compatible servers that ignore `stream_options` (older vLLM and LM Studio, some
   * proxies): `include_usage` is not honoured, so a streamed reply carries no usage chunk.
   */
  ignoresStreamOptions?: boolean;
}

export function text(t: string): ScriptedBlock {
  return { type: 'text', text: t };
}

/** A tool call whose arguments are `input` as JSON text. */
export function toolCall(name: string, input: object, id?: string): ScriptedBlock {
  const block: ScriptedBlock = { type: 'tool_call', name, arguments: JSON.stringify(input) };
  return id === undefined ? block : { ...block, id };
}

const routes: Record<string, FakeLlmApi> = {
  '/v1/chat/completions': 'openai',
  '/chat/completions': 'openai',
  '/v1/messages': 'anthropic',
};

export async function startFakeLlmServer(options: FakeLlmServerOptions = {}): Promise<FakeLlmServer> {
  const apiKey = options.apiKey ?? 'test-key';
  const requests: RecordedRequest[] = [];
  const violations: string[] = [];
  const queue: Script[] = [];
  const memory = new ThinkingMemory();
  const promptCache = new PromptCache();

  const reject = (api: FakeLlmApi, response: ServerResponse, headers: Record<string, string>, error: ProtocolError, violation: boolean): void => {
    if (violation) violations.push(`${api}: ${error.status} ${error.message}`);
    const { status, headers: errorHeaders, body } = errorResponse(api, error);
    response.writeHead(status, { ...errorHeaders, ...headers });
    response.end(body);
  };

  const handle = async (request: IncomingMessage, response: ServerResponse): Promise<void> => {
    const path = new URL(request.url ?? '/', 'http://127.0.0.1').pathname;
    if (answerModelInfo(request.method, path, response, options.model)) return void request.resume();
    const routed = request.method === 'POST' ? routes[path] : undefined;
    const api: FakeLlmApi = routed ?? (path.includes('messages') ? 'anthropic' : 'openai');
    const raw = await readBody(request);
    const parsed = parseJson(raw);
    const recorded: RecordedRequest = { api, path, headers: { ...request.headers }, body: parsed === undefined ? raw : parsed };
    requests.push(recorded);
    const headers: Record<string, string> = api === 'openai' ? { 'x-request-id': requestId() } : { 'request-id': requestId() };

    if (routed === undefined) {
      return reject(api, response, headers, new ProtocolError(`fake server: no route for ${request.method ?? '?'} ${path}`, 404), true);
    }
    const authError = checkAuth(api, request.headers, apiKey);
    if (authError) return reject(api, response, headers, authError, false);
    const protocolError = validate(api, request, parsed, memory);
    if (protocolError) return reject(api, response, headers, protocolError, true);
    const body = parsed as JsonObject;
    const tokens = requestTokens(body);
    recorded.tokens = tokens;
    // A prompt too long for the model is a legitimate refusal, like an auth failure, not a violation.
    const overflow = options.contextWindow === undefined ? undefined : contextOverflow(api, body, tokens, options.contextWindow);
    if (overflow) return reject(api, response, headers, overflow, false);

    const script = queue.shift();
    if (script === undefined) {
      return reject(api, response, headers, new ProtocolError('fake server: no scripted response queued', 500), true);
    }
    let scripted: ScriptedResponse;
    try {
      scripted = typeof script === 'function' ? script(recorded) : script;
    } catch (error) {
      return reject(api, response, headers, new ProtocolError(`fake server: script threw: ${String(error)}`, 500), true);
    }
    const model = options.model ?? (body.model as string);
    // A scripted error stands for a request the service never processed, so it caches nothing.
    const cacheUse = options.simulatePromptCache && scripted.kind !== 'error' ? promptCache.use(api, body) : { cacheRead: 0, cacheWrite: 0 };
    const honoured = options.ignoresStreamOptions && api === 'openai' ? withoutStreamOptions(body) : body;
    await respond(api, { response, body: honoured, model, headers, prompt: { total: tokens, ...cacheUse } }, scripted, memory);
  };

  const listening = await listenOnLoopback('fake server', handle, violations);
  const { url } = listening;

  return {
    url,
    openaiBaseUrl: `${url}/v1`,
    anthropicBaseUrl: url,
    apiKey,
    requests,
    violations,
    enqueue: (...scripts) => void queue.push(...scripts),
    discardPending: () => void queue.splice(0),
    pending: () => queue.length,
    close: () => listening.close(),
  };
}

function withoutStreamOptions(body: JsonObject): JsonObject {
  const honoured = { ...body };
  delete honoured.stream_options;
  return honoured;
}

function validate(api: FakeLlmApi, request: IncomingMessage, parsed: unknown, memory: ThinkingMemory): ProtocolError | undefined {
  try {
    if (api === 'anthropic') {
      const versionError = checkAnthropicVersion(request.headers);
      if (versionError) return versionError;
    }
    if (!isObject(parsed)) {
      return new ProtocolError(
        api === 'openai'
          ? 'We could not parse the JSON body of your request. (HINT: This likely means you aren\'t using your HTTP library correctly. The OpenAI API expects a JSON payload, but what was sent was not valid JSON.)'
          : 'There was an error parsing the body of your request: invalid JSON object.',
      );
    }
    if (api === 'openai') validateOpenAiRequest(parsed, memory);
    else validateAnthropicRequest(parsed, memory);
    return undefined;
  } catch (error) {
    if (error instanceof ProtocolError) return error;
    throw error;
  }
}

async function respond(api: FakeLlmApi, target: ReplyTarget, scripted: ScriptedResponse, memory: ThinkingMemory): Promise<void> {
  switch (scripted.kind) {
    case 'reply':
      return api === 'openai' ? openaiReply(target, scripted, memory) : anthropicReply(target, scripted, memory);
    case 'drop':
      return api === 'openai' ? openaiDrop(target, scripted.content) : anthropicDrop(target, scripted.content);
    case 'hang':
      return api === 'openai' ? openaiHang(target) : anthropicHang(target);
    case 'error':
      return writeError(api, target, scripted.status, scripted.message, scripted.retryAfterSeconds);
    case 'streamError': {
      if (target.body.stream !== true) return writeError(api, target, scripted.status, scripted.message);
      const { body } = errorResponse(api, new ProtocolError(scripted.message ?? defaultErrorMessage(api, scripted.status), scripted.status));
      return api === 'openai' ? openaiStreamError(target, scripted.content, body) : anthropicStreamError(target, scripted.content, body);
    }
  }
}

function writeError(api: FakeLlmApi, target: ReplyTarget, status: number, message: string | undefined, retryAfterSeconds?: number): void {
  const error = new ProtocolError(message ?? defaultErrorMessage(api, status), status);
  const response = errorResponse(api, error, retryAfterSeconds);
  target.response.writeHead(response.status, { ...response.headers, ...target.headers });
  target.response.end(response.body);
}

