import assert from 'node:assert/strict';
import Anthropic, {
  AuthenticationError as AnthropicAuthenticationError,
  BadRequestError as AnthropicBadRequestError,
  InternalServerError as AnthropicInternalServerError,
  OverloadedError as AnthropicOverloadedError,
  RateLimitError as AnthropicRateLimitError,
} from '@anthropic-ai/sdk';
import { mock } from 'node:test';
import OpenAI from 'openai';
import { startFakeLlmServer, text, toolCall, type FakeLlmServer, type RecordedRequest } from '../../support/fakeLlmServer';

type ChatParams = OpenAI.Chat.Completions.ChatCompletionCreateParamsNonStreaming;
type ChatMessage = OpenAI.Chat.Completions.ChatCompletionMessageParam;
type MessageParams = Anthropic.MessageCreateParamsNonStreaming;
type MessageParam = Anthropic.MessageParam;

let server: FakeLlmServer;
let openai: OpenAI;
let anthropic: Anthropic;

/** Hooks for every suite below (inside describe, so they stay out of other test files). */
function withServer(): void {
  beforeEach(async () => {
    server = await startFakeLlmServer();
    openai = new OpenAI({ apiKey: server.apiKey, baseURL: server.openaiBaseUrl, maxRetries: 0 });
    anthropic = new Anthropic({ apiKey: server.apiKey, baseURL: server.anthropicBaseUrl, maxRetries: 0 });
  });
  afterEach(async () => {
    await server.close();
  });
}

/** Lets the loopback connection and the SDK's parsing run (timers aside), so what was sent has arrived. */
async function ioTurns(): Promise<void> {
  for (let turn = 0; turn < 20; turn++) await new Promise((resolve) => setImmediate(resolve));
}

/** Raw HTTP, for framing details the SDKs hide and for bodies their types would not allow. */
async function post(path: string, body: unknown, headers: Record<string, string>): Promise<{ status: number; headers: Headers; text: string }> {
  const response = await fetch(`${server.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  return { status: response.status, headers: response.headers, text: await response.text() };
}

const openaiAuth = (): Record<string, string> => ({ authorization: `Bearer ${server.apiKey}` });
const anthropicAuth = (): Record<string, string> => ({ 'x-api-key': server.apiKey, 'anthropic-version': '2023-06-01' });

function sseData(raw: string): string[] {
  return raw.split('\n\n').filter((frame) => frame !== '').map((frame) => {
    assert.match(frame, /^data: /);
    return frame.slice('data: '.length);
  });
}

function sseEvents(raw: string): Array<{ event: string; data: Record<string, unknown> }> {
  return raw.split('\n\n').filter((frame) => frame !== '').map((frame) => {
    const match = /^event: (\S+)\ndata: (.*)$/s.exec(frame);
    assert.ok(match, `not an event/data frame: ${frame}`);
    return { event: match[1] as string, data: JSON.parse(match[2] as string) as Record<string, unknown> };
  });
}

/** The API's own message from an SDK error: OpenAI keeps `{message}`, Anthropic the whole `{type, error: {message}}`. */
function apiMessage(error: unknown): string {
  const body = (error as { error?: { message?: string; type?: string; error?: { message?: string } } }).error;
  return (body?.type === 'error' ? body.error?.message : body?.message) ?? '';
}

/** Asserts a request was refused with 400, recorded as a violation, and consumed no script. */
async function assertRejected(call: Promise<unknown>, errorClass: new (...args: never[]) => Error, pattern: RegExp): Promise<void> {
  server.enqueue({ kind: 'reply', content: [text('should not be sent')] });
  await assert.rejects(call, (error: unknown) => {
    assert.ok(error instanceof errorClass, `expected ${errorClass.name}, got ${String(error)}`);
    assert.equal((error as { status?: number }).status, 400);
    assert.match(apiMessage(error), pattern);
    return true;
  });
  assert.equal(server.violations.length, 1);
  assert.match(server.violations[0] as string, pattern);
  assert.equal(server.pending(), 1, 'a rejected request must not consume a script');
}

describe('fake LLM server: OpenAI Chat Completions', () => {
  withServer();

  const user: ChatMessage = { role: 'user', content: 'hi' };

  it('streams text in fragments with a role delta, finish_reason and a usage chunk', async () => {
    server.enqueue({ kind: 'reply', content: [text('Hello there, world!')], usage: { input: 10, output: 5, cacheRead: 4 }, chunkSize: 5 });
    const stream = await openai.chat.completions.create({
      model: 'gpt-test', messages: [user], stream: true, stream_options: { include_usage: true },
    });
    const chunks: OpenAI.Chat.Completions.ChatCompletionChunk[] = [];
    for await (const chunk of stream) chunks.push(chunk);

    assert.equal(chunks[0]?.choices[0]?.delta.role, 'assistant');
    assert.ok(chunks.every((chunk) => chunk.object === 'chat.completion.chunk' && chunk.model === 'gpt-test'));
    const pieces = chunks.flatMap((chunk) => chunk.choices.map((choice) => choice.delta.content ?? '')).filter((piece) => piece !== '');
    assert.deepEqual(pieces, ['Hello', ' ther', 'e, wo', 'rld!']);
    const finishes = chunks.flatMap((chunk) => chunk.choices.map((choice) => choice.finish_reason)).filter((reason) => reason !== null);
    assert.deepEqual(finishes, ['stop']);
    const last = chunks.at(-1);
    assert.deepEqual(last?.choices, []);
    assert.equal(last?.usage?.prompt_tokens, 14);
    assert.equal(last?.usage?.completion_tokens, 5);
    assert.equal(last?.usage?.prompt_tokens_details?.cached_tokens, 4);
    assert.deepEqual(server.violations, []);
  });

  it('ends the SSE body with data: [DONE] and sends no usage chunk unless asked', async () => {
    server.enqueue({ kind: 'reply', content: [text('ok')] });
    const response = await post('/v1/chat/completions', { model: 'm', messages: [user], stream: true }, openaiAuth());
    assert.equal(response.status, 200);
    assert.match(response.headers.get('content-type') ?? '', /^text\/event-stream/);
    const data = sseData(response.text);
    assert.equal(data.at(-1), '[DONE]');
    const chunks = data.slice(0, -1).map((d) => JSON.parse(d) as Record<string, unknown>);
    assert.ok(chunks.every((chunk) => !('usage' in chunk)));
    assert.ok(chunks.every((chunk) => Array.isArray(chunk.choices) && chunk.choices.length === 1));
  });

  it('streams tool calls: id, type and name only in the first delta, arguments in indexed fragments', async () => {
    server.enqueue({
      kind: 'reply',
      content: [text('Looking.'), toolCall('read_file', { path: 'src/a.ts' }), toolCall('search', { query: 'x' }, 'call_given')],
      chunkSize: 4,
    });
    const stream = await openai.chat.completions.create({ model: 'm', messages: [user], stream: true });
    const toolDeltas: OpenAI.Chat.Completions.ChatCompletionChunk.Choice.Delta.ToolCall[] = [];
    let finish: string | null = null;
    for await (const chunk of stream) {
      for (const choice of chunk.choices) {
        toolDeltas.push(...(choice.delta.tool_calls ?? []));
        finish = choice.finish_reason ?? finish;
      }
    }
    assert.equal(finish, 'tool_calls');
    for (const index of [0, 1]) {
      const deltas = toolDeltas.filter((delta) => delta.index === index);
      assert.ok(deltas.length > 2, 'arguments arrive in several fragments');
      assert.equal(deltas[0]?.type, 'function');
      assert.ok(deltas[0]?.function?.name);
      assert.ok(deltas.slice(1).every((delta) => delta.id === undefined && delta.type === undefined && delta.function?.name === undefined));
    }
    const first = toolDeltas.filter((delta) => delta.index === 0);
    assert.match(first[0]?.id ?? '', /^call_[A-Za-z0-9]{20,}$/);
    assert.equal(first.map((delta) => delta.function?.arguments ?? '').join(''), '{"path":"src/a.ts"}');
    assert.equal(toolDeltas.find((delta) => delta.index === 1)?.id, 'call_given');
  });

  it('passes the SDK stream helper, which checks chunk consistency, with text, reasoning and a cut-off tool call', async () => {
    server.enqueue({
      kind: 'reply',
      content: [{ type: 'thinking', thinking: 'The user wants a file.' }, text('Sure.'), { type: 'tool_call', name: 'read_file', arguments: '{"path": "a' }],
      stopReason: 'max_tokens',
    });
    const reasoning: string[] = [];
    const stream = openai.chat.completions.stream({ model: 'm', messages: [user] });
    stream.on('chunk', (chunk) => {
      const delta = chunk.choices[0]?.delta as { reasoning_content?: string } | undefined;
      if (delta?.reasoning_content) reasoning.push(delta.reasoning_content);
    });
    const completion = await stream.finalChatCompletion();
    const choice = completion.choices[0];
    assert.equal(reasoning.join(''), 'The user wants a file.');
    assert.equal(choice?.finish_reason, 'length');
    assert.equal(choice?.message.content, 'Sure.');
    const call = choice?.message.tool_calls?.[0];
    assert.equal(call?.type === 'function' ? call.function.arguments : undefined, '{"path": "a');
  });

  it('answers non-streaming requests with a chat.completion body', async () => {
    server.enqueue({ kind: 'reply', content: [toolCall('list_files', { path: '.' })], usage: { input: 7, output: 3 } });
    const completion = await openai.chat.completions.create({ model: 'gpt-test', messages: [user] });
    assert.equal(completion.object, 'chat.completion');
    assert.equal(completion.choices[0]?.finish_reason, 'tool_calls');
    assert.equal(completion.choices[0]?.message.content, null);
    const call = completion.choices[0]?.message.tool_calls?.[0];
    assert.ok(call?.type === 'function');
    assert.equal(call.function.name, 'list_files');
    assert.equal(call.function.arguments, '{"path":"."}');
    assert.equal(completion.usage?.total_tokens, 10);
  });

  it('accepts /chat/completions without the /v1 prefix and reports a configured model name', async () => {
    const named = await startFakeLlmServer({ model: 'deepseek-reasoner', apiKey: 'sk-other' });
    try {
      named.enqueue({ kind: 'reply', content: [text('ok')] });
      const client = new OpenAI({ apiKey: 'sk-other', baseURL: named.url, maxRetries: 0 });
      const completion = await client.chat.completions.create({ model: 'asked-for', messages: [user] });
      assert.equal(completion.model, 'deepseek-reasoner');
      assert.equal(named.requests[0]?.path, '/chat/completions');
    } finally {
      await named.close();
    }
  });

  it('raises the SDK typed errors with real statuses, bodies and retry-after', async () => {
    server.enqueue(
      { kind: 'error', status: 429, retryAfterSeconds: 7 },
      { kind: 'error', status: 500, message: 'boom' },
      { kind: 'error', status: 503 },
      { kind: 'error', status: 400, message: "This model's maximum context length is 8192 tokens." },
    );
    const request = (): Promise<unknown> => openai.chat.completions.create({ model: 'm', messages: [user] });
    await assert.rejects(request(), (error: unknown) => {
      assert.ok(error instanceof OpenAI.RateLimitError);
      assert.equal(error.status, 429);
      assert.equal(error.headers?.get('retry-after'), '7');
      assert.equal(error.code, 'rate_limit_exceeded');
      return true;
    });
    await assert.rejects(request(), (error: unknown) => error instanceof OpenAI.InternalServerError && error.status === 500 && /boom/.test(error.message));
    await assert.rejects(request(), (error: unknown) => error instanceof OpenAI.InternalServerError && error.status === 503);
    await assert.rejects(request(), (error: unknown) => error instanceof OpenAI.BadRequestError && error.code === 'context_length_exceeded');
    assert.deepEqual(server.violations, [], 'scripted errors are not violations');
  });

  it('sends the real error body shape', async () => {
    server.enqueue({ kind: 'error', status: 429, message: 'slow down' });
    const response = await post('/v1/chat/completions', { model: 'm', messages: [user] }, openaiAuth());
    assert.equal(response.status, 429);
    assert.deepEqual(JSON.parse(response.text), { error: { message: 'slow down', type: 'requests', param: null, code: 'rate_limit_exceeded' } });
  });

  it('answers 401 to a missing or wrong key without consuming a script', async () => {
    server.enqueue({ kind: 'reply', content: [text('secret')] });
    const wrong = new OpenAI({ apiKey: 'nope', baseURL: server.openaiBaseUrl, maxRetries: 0 });
    await assert.rejects(wrong.chat.completions.create({ model: 'm', messages: [user] }), (error: unknown) => {
      return error instanceof OpenAI.AuthenticationError && error.status === 401 && error.code === 'invalid_api_key';
    });
    const missing = await post('/v1/chat/completions', { model: 'm', messages: [user] }, {});
    assert.equal(missing.status, 401);
    assert.equal(server.pending(), 1);
  });

  it('breaks the SDK stream when the connection drops mid-reply', async () => {
    server.enqueue({ kind: 'drop', content: [text('partial answer that never ')] });
    const stream = await openai.chat.completions.create({ model: 'm', messages: [user], stream: true });
    const received: string[] = [];
    await assert.rejects(async () => {
      for await (const chunk of stream) received.push(chunk.choices[0]?.delta.content ?? '');
    });
    assert.match(received.join(''), /^partial answer/);
  });

  it('hangs after the headers until the client gives up, then serves the next request', async () => {
    server.enqueue({ kind: 'hang' }, { kind: 'reply', content: [text('back')] });
    const controller = new AbortController();
    const stream = await openai.chat.completions.create({ model: 'm', messages: [user], stream: true }, { signal: controller.signal });
    let ended = false;
    const drained = (async () => {
      for await (const _chunk of stream) assert.fail('a hanging server sends no chunks');
      ended = true;
    })();
    await new Promise((resolve) => setTimeout(resolve, 100));
    assert.equal(ended, false, 'the stream stays open while the client waits');
    controller.abort();
    await drained;
    assert.equal(ended, true, 'the abort ends it');
    const completion = await openai.chat.completions.create({ model: 'm', messages: [user] });
    assert.equal(completion.choices[0]?.message.content, 'back');
  });

  it('answers 500 and records a violation when no script is queued', async () => {
    await assert.rejects(openai.chat.completions.create({ model: 'm', messages: [user] }), (error: unknown) => {
      return error instanceof OpenAI.InternalServerError && /no scripted response queued/.test(error.message);
    });
    assert.equal(server.violations.length, 1);
    assert.match(server.violations[0] as string, /no scripted response queued/);
  });

  it('records every request and hands it to function scripts', async () => {
    let seen: RecordedRequest | undefined;
    server.enqueue((request) => {
      seen = request;
      return { kind: 'reply', content: [text('hello')] };
    });
    await openai.chat.completions.create({ model: 'm', messages: [user] });
    assert.equal(seen?.api, 'openai');
    assert.deepEqual((seen?.body as { messages: unknown }).messages, [user]);
    assert.equal(server.requests.length, 1);
    assert.equal(server.requests[0], seen);
    assert.equal(server.requests[0]?.headers.authorization, `Bearer ${server.apiKey}`);
  });

  describe('protocol rules', () => {
    const call = (id: string): OpenAI.Chat.Completions.ChatCompletionMessageToolCall => ({
      id, type: 'function', function: { name: 'read_file', arguments: '{"path":"a"}' },
    });
    const assistantCalls = (...ids: string[]): ChatMessage => ({ role: 'assistant', content: null, tool_calls: ids.map(call) });
    const result = (id: string): ChatMessage => ({ role: 'tool', tool_call_id: id, content: 'contents' });
    const create = (params: object): Promise<unknown> => openai.chat.completions.create(params as ChatParams);
    const withMessages = (messages: ChatMessage[]): Promise<unknown> => create({ model: 'm', messages });
    const tool = (fn: object): object => ({ type: 'function', function: fn });

    it('accepts a valid multi-turn history with tool calls and their results', async () => {
      server.enqueue({ kind: 'reply', content: [text('done')] });
      await openai.chat.completions.create({
        model: 'm',
        tools: [{ type: 'function', function: { name: 'read_file', parameters: { type: 'object', properties: { path: { type: 'string' } } } } }],
        messages: [
          { role: 'system', content: 'be brief' },
          user,
          { role: 'assistant', content: 'Reading both.', tool_calls: [call('call_1'), call('call_2')] },
          result('call_2'),
          result('call_1'),
          { role: 'assistant', content: 'Both read.' },
          { role: 'user', content: 'again' },
          assistantCalls('call_3'),
          result('call_3'),
        ],
      });
      assert.deepEqual(server.violations, []);
      assert.equal(server.pending(), 0);
    });

    it('rejects a tool call without its tool message', () =>
      assertRejected(withMessages([user, assistantCalls('call_1', 'call_2'), result('call_1'), { role: 'user', content: 'next' }]), OpenAI.BadRequestError, /did not have response messages: call_2/));

    it('rejects a tool call left unanswered at the end', () =>
      assertRejected(withMessages([user, assistantCalls('call_1')]), OpenAI.BadRequestError, /did not have response messages: call_1/));

    it('rejects anything between the assistant message and its tool messages', () =>
      assertRejected(withMessages([user, assistantCalls('call_1'), { role: 'user', content: 'hm' }, result('call_1')]), OpenAI.BadRequestError, /did not have response messages: call_1/));

    it('rejects an extra tool message for an id already answered', () =>
      assertRejected(withMessages([user, assistantCalls('call_1'), result('call_1'), result('call_1')]), OpenAI.BadRequestError, /role 'tool' must be a response to a preceeding message with 'tool_calls'/));

    it('rejects a tool message with an unknown id', () =>
      assertRejected(withMessages([user, assistantCalls('call_1'), result('call_1'), result('call_9')]), OpenAI.BadRequestError, /role 'tool' must be a response/));

    it('rejects a tool message with no preceding call', () =>
      assertRejected(withMessages([user, result('call_1')]), OpenAI.BadRequestError, /role 'tool' must be a response/));

    it('rejects empty messages', () => assertRejected(withMessages([]), OpenAI.BadRequestError, /'messages': empty array/));

    it('rejects a missing model', () => assertRejected(create({ messages: [user] }), OpenAI.BadRequestError, /must provide a model/));

    it('rejects more than 128 tools', () => {
      const tools = Array.from({ length: 129 }, (_, index) => ({ type: 'function' as const, function: { name: `tool_${index}`, parameters: { type: 'object', properties: {} } } }));
      return assertRejected(create({ model: 'test-model', messages: [user], tools }), OpenAI.BadRequestError, /'tools': array too long\. Expected an array with maximum length 128/);
    });

    it('rejects tool call arguments that are not a string', () =>
      assertRejected(
        withMessages([user, { role: 'assistant', content: null, tool_calls: [{ id: 'c', type: 'function', function: { name: 'f', arguments: { path: 'a' } } }] } as unknown as ChatMessage, result('c')]),
        OpenAI.BadRequestError, /function\.arguments'.*expected a string/,
      ));

    it('rejects a tool whose type is not function', () =>
      assertRejected(create({ model: 'm', messages: [user], tools: [{ type: 'code', function: { name: 'f' } }] }), OpenAI.BadRequestError, /Invalid value: 'code'/));

    it('rejects a tool name outside ^[a-zA-Z0-9_-]{1,64}$', () =>
      assertRejected(create({ model: 'm', messages: [user], tools: [tool({ name: 'read file', parameters: { type: 'object' } })] }), OpenAI.BadRequestError, /function\.name': string does not match pattern/));

    it('rejects tool parameters that are not an object schema', () =>
      assertRejected(create({ model: 'm', messages: [user], tools: [tool({ name: 'f', parameters: { type: 'string' } })] }), OpenAI.BadRequestError, /schema must be a JSON Schema of 'type: "object"'/));

    it('rejects stream_options without stream', () =>
      assertRejected(create({ model: 'm', messages: [user], stream_options: { include_usage: true } }), OpenAI.BadRequestError, /'stream_options' parameter is only allowed when 'stream' is enabled/));

    it('rejects an empty tool_calls array', () =>
      assertRejected(withMessages([user, { role: 'assistant', content: 'x', tool_calls: [] }]), OpenAI.BadRequestError, /tool_calls': empty array/));

    it('rejects an unknown role', () =>
      assertRejected(withMessages([{ role: 'model', content: 'x' } as unknown as ChatMessage]), OpenAI.BadRequestError, /Invalid value: 'model'/));

    it('rejects a body that is not JSON', async () => {
      const response = await post('/v1/chat/completions', '{not json', openaiAuth());
      assert.equal(response.status, 400);
      assert.equal((JSON.parse(response.text) as { error: { type: string } }).error.type, 'invalid_request_error');
      assert.equal(server.violations.length, 1);
      assert.equal(server.requests[0]?.body, '{not json');
    });
  });
});

describe('fake LLM server: Anthropic Messages', () => {
  withServer();

  const user: MessageParam = { role: 'user', content: 'hi' };
  const base = { model: 'claude-test', max_tokens: 2048 };

  it('streams the real event sequence with a ping, usage in message_start and message_delta', async () => {
    server.enqueue({ kind: 'reply', content: [text('Hello there!')], usage: { input: 20, output: 6, cacheRead: 100, cacheWrite: 30 } });
    const response = await post('/v1/messages', { ...base, messages: [user], stream: true }, anthropicAuth());
    assert.equal(response.status, 200);
    assert.ok(response.headers.get('request-id'));
    const events = sseEvents(response.text);
    for (const { event, data } of events) assert.equal(data.type, event);
    const names = events.map((e) => e.event);
    assert.deepEqual(names.filter((n) => n !== 'ping' && n !== 'content_block_delta'), [
      'message_start', 'content_block_start', 'content_block_stop', 'message_delta', 'message_stop',
    ]);
    assert.ok(names.includes('ping'));
    const start = events[0]?.data.message as { id: string; role: string; content: unknown[]; usage: Record<string, number> };
    assert.match(start.id, /^msg_/);
    assert.equal(start.role, 'assistant');
    assert.deepEqual(start.content, []);
    assert.equal(start.usage.input_tokens, 20);
    assert.equal(start.usage.cache_read_input_tokens, 100);
    assert.equal(start.usage.cache_creation_input_tokens, 30);
    const delta = events.find((e) => e.event === 'message_delta')?.data as { delta: { stop_reason: string }; usage: { output_tokens: number } };
    assert.equal(delta.delta.stop_reason, 'end_turn');
    assert.equal(delta.usage.output_tokens, 6);
  });

  it('streams thinking with a signature, text and fragmented tool input through the SDK', async () => {
    server.enqueue({
      kind: 'reply',
      content: [{ type: 'thinking', thinking: 'I should read the file first.' }, text('Reading.'), toolCall('read_file', { path: 'src/index.ts' })],
      chunkSize: 5,
    });
    const stream = anthropic.messages.stream({ ...base, messages: [user] });
    const deltaTypes: string[] = [];
    stream.on('streamEvent', (event) => {
      if (event.type === 'content_block_delta') deltaTypes.push(event.delta.type);
    });
    const message = await stream.finalMessage();

    assert.equal(message.stop_reason, 'tool_use');
    const [thinking, said, use] = message.content;
    assert.ok(thinking?.type === 'thinking');
    assert.equal(thinking.thinking, 'I should read the file first.');
    assert.ok(thinking.signature.length > 20);
    assert.ok(said?.type === 'text' && said.text === 'Reading.');
    assert.ok(use?.type === 'tool_use');
    assert.match(use.id, /^toolu_/);
    assert.deepEqual(use.input, { path: 'src/index.ts' });
    assert.ok(deltaTypes.filter((t) => t === 'input_json_delta').length > 3, 'tool input arrives in fragments');
    assert.ok(deltaTypes.filter((t) => t === 'thinking_delta').length > 3);
    assert.equal(deltaTypes.filter((t) => t === 'signature_delta').length, 1);
  });

  it('uses a scripted signature and tool id as given and reports max_tokens', async () => {
    server.enqueue({
      kind: 'reply',
      content: [{ type: 'thinking', thinking: 't', signature: 'sig-given' }, { type: 'tool_call', name: 'f', arguments: '{"a": 1', id: 'toolu_given' }],
      stopReason: 'max_tokens',
    });
    const response = await post('/v1/messages', { ...base, messages: [user], stream: true }, anthropicAuth());
    const events = sseEvents(response.text);
    const signatures = events.flatMap((e) => {
      const delta = e.data.delta as { type?: string; signature?: string } | undefined;
      return delta?.type === 'signature_delta' ? [delta.signature] : [];
    });
    assert.deepEqual(signatures, ['sig-given']);
    const toolStart = events.find((e) => (e.data.content_block as { type?: string } | undefined)?.type === 'tool_use');
    assert.deepEqual(toolStart?.data.content_block, { type: 'tool_use', id: 'toolu_given', name: 'f', input: {} });
    const json = events.flatMap((e) => {
      const delta = e.data.delta as { type?: string; partial_json?: string } | undefined;
      return delta?.type === 'input_json_delta' ? [delta.partial_json] : [];
    });
    assert.equal(json.join(''), '{"a": 1');
    assert.equal((events.find((e) => e.event === 'message_delta')?.data.delta as { stop_reason: string }).stop_reason, 'max_tokens');
  });

  it('answers non-streaming requests with a message body', async () => {
    server.enqueue({ kind: 'reply', content: [text('Hi!'), toolCall('list_files', { path: '.' })], usage: { input: 9, output: 4 } });
    const message = await anthropic.messages.create({ ...base, messages: [user] });
    assert.equal(message.type, 'message');
    assert.equal(message.stop_reason, 'tool_use');
    assert.equal(message.usage.input_tokens, 9);
    assert.equal(message.usage.output_tokens, 4);
    const use = message.content[1];
    assert.ok(use?.type === 'tool_use');
    assert.deepEqual(use.input, { path: '.' });
  });

  it('accepts Bearer auth (SDK 1.x) and x-api-key with 2023-06-01 (SDK 0.x), and requires anthropic-version', async () => {
    server.enqueue({ kind: 'reply', content: [text('a')] }, { kind: 'reply', content: [text('b')] });
    await anthropic.messages.create({ ...base, messages: [user] });
    assert.equal(server.requests[0]?.headers.authorization, `Bearer ${server.apiKey}`);
    assert.match(String(server.requests[0]?.headers['anthropic-version']), /^\d{4}-\d{2}-\d{2}$/);

    const legacy = await post('/v1/messages', { ...base, messages: [user] }, anthropicAuth());
    assert.equal(legacy.status, 200);

    const unversioned = await post('/v1/messages', { ...base, messages: [user] }, { 'x-api-key': server.apiKey });
    assert.equal(unversioned.status, 400);
    assert.deepEqual(JSON.parse(unversioned.text), { type: 'error', error: { type: 'invalid_request_error', message: 'anthropic-version: header is required' } });
    assert.equal(server.violations.length, 1);
  });

  it('answers 401 authentication_error to a wrong key', async () => {
    server.enqueue({ kind: 'reply', content: [text('secret')] });
    const wrong = new Anthropic({ apiKey: 'nope', baseURL: server.anthropicBaseUrl, maxRetries: 0 });
    await assert.rejects(wrong.messages.create({ ...base, messages: [user] }), (error: unknown) => {
      return error instanceof AnthropicAuthenticationError && error.status === 401 && error.type === 'authentication_error';
    });
    const raw = await post('/v1/messages', { ...base, messages: [user] }, { 'x-api-key': 'nope', 'anthropic-version': '2023-06-01' });
    assert.equal(raw.status, 401);
    assert.equal(server.pending(), 1);
  });

  it('raises the SDK typed errors with real statuses, types and retry-after', async () => {
    server.enqueue(
      { kind: 'error', status: 529 },
      { kind: 'error', status: 429, retryAfterSeconds: 3 },
      { kind: 'error', status: 500 },
      { kind: 'error', status: 400, message: 'prompt is too long: 210000 tokens > 200000 maximum' },
    );
    const request = (): Promise<unknown> => anthropic.messages.create({ ...base, messages: [user] });
    await assert.rejects(request(), (error: unknown) => error instanceof AnthropicOverloadedError && error.status === 529 && error.type === 'overloaded_error');
    await assert.rejects(request(), (error: unknown) => {
      assert.ok(error instanceof AnthropicRateLimitError);
      assert.equal(error.headers?.get('retry-after'), '3');
      assert.equal(error.type, 'rate_limit_error');
      return true;
    });
    await assert.rejects(request(), (error: unknown) => error instanceof AnthropicInternalServerError && error.type === 'api_error');
    await assert.rejects(request(), (error: unknown) => error instanceof AnthropicBadRequestError && /prompt is too long/.test(error.message));
  });

  it('breaks the SDK stream when the connection drops mid-reply', async () => {
    server.enqueue({ kind: 'drop', content: [text('partial answer that never ')] });
    const stream = anthropic.messages.stream({ ...base, messages: [user] });
    const received: string[] = [];
    stream.on('text', (delta) => received.push(delta));
    await assert.rejects(stream.finalMessage());
    assert.match(received.join(''), /^partial answer/);
  });

  it('hangs after message_start until the client gives up', async () => {
    server.enqueue({ kind: 'hang' });
    const controller = new AbortController();
    const stream = await anthropic.messages.create({ ...base, messages: [user], stream: true }, { signal: controller.signal });
    const seen: string[] = [];
    const timer = setTimeout(() => controller.abort(), 100);
    for await (const event of stream) seen.push(event.type);
    clearTimeout(timer);
    assert.deepEqual(seen, ['message_start']);
  });

  describe('protocol rules', () => {
    const create = (params: object): Promise<unknown> => anthropic.messages.create(params as MessageParams);
    const withMessages = (messages: unknown[], extra: object = {}): Promise<unknown> => create({ ...base, ...extra, messages });
    const use = (id: string, input: unknown = { path: 'a' }): object => ({ type: 'tool_use', id, name: 'read_file', input });
    const result = (id: string): object => ({ type: 'tool_result', tool_use_id: id, content: 'contents' });

    /** One real reply from the server: the assistant content a client must send back unchanged. */
    async function produced(blocks: Parameters<FakeLlmServer['enqueue']>[0]): Promise<Anthropic.ContentBlock[]> {
      server.enqueue(blocks);
      const message = await anthropic.messages.stream({ ...base, messages: [user] }).finalMessage();
      return message.content;
    }

    it('accepts a valid multi-turn history with thinking, tool calls and results sent back unchanged', async () => {
      const first = await produced({
        kind: 'reply',
        content: [{ type: 'thinking', thinking: 'Two files to read.' }, toolCall('read_file', { path: 'a' }), toolCall('read_file', { path: 'b' })],
      });
      const ids = first.flatMap((block) => (block.type === 'tool_use' ? [block.id] : []));
      server.enqueue({ kind: 'reply', content: [text('done')] });
      await anthropic.messages.create({
        ...base,
        system: [{ type: 'text', text: 'You are terse.', cache_control: { type: 'ephemeral' } }],
        thinking: { type: 'enabled', budget_tokens: 1024 },
        tools: [{ name: 'read_file', description: 'Read a file', input_schema: { type: 'object', properties: { path: { type: 'string' } } } }],
        messages: [
          user,
          { role: 'assistant', content: first as Anthropic.ContentBlockParam[] },
          { role: 'user', content: [...ids.map((id) => ({ type: 'tool_result' as const, tool_use_id: id, content: 'text' })), { type: 'text', text: 'Also: hurry.' }] },
        ],
      });
      assert.deepEqual(server.violations, []);
      assert.equal(server.pending(), 0);
    });

    it('accepts a final assistant message as prefill', async () => {
      server.enqueue({ kind: 'reply', content: [text('B)')] });
      await anthropic.messages.create({ ...base, messages: [user, { role: 'assistant', content: 'The answer is (' }] });
      assert.deepEqual(server.violations, []);
    });

    it('rejects a system message in messages', () =>
      assertRejected(withMessages([{ role: 'system', content: 'be nice' }, user]), AnthropicBadRequestError, /top-level `system` parameter/));

    it('rejects a missing max_tokens', () =>
      assertRejected(create({ model: 'm', messages: [user] }), AnthropicBadRequestError, /max_tokens: Field required/));

    it('rejects a first message that is not from the user', () =>
      assertRejected(withMessages([{ role: 'assistant', content: 'hello' }, user]), AnthropicBadRequestError, /first message must use the "user" role/));

    it('rejects two user messages in a row', () =>
      assertRejected(withMessages([user, user]), AnthropicBadRequestError, /roles must alternate/));

    it('rejects a tool_use without a tool_result in the next message', () =>
      assertRejected(withMessages([user, { role: 'assistant', content: [use('toolu_1'), use('toolu_2')] }, { role: 'user', content: [result('toolu_1')] }]),
        AnthropicBadRequestError, /`tool_use` ids were found without `tool_result` blocks immediately after: toolu_2/));

    it('rejects tool results that come after other content', () =>
      assertRejected(withMessages([user, { role: 'assistant', content: [use('toolu_1')] }, { role: 'user', content: [{ type: 'text', text: 'here' }, result('toolu_1')] }]),
        AnthropicBadRequestError, /messages\.2: `tool_use` ids were found without `tool_result` blocks immediately after: toolu_1/));

    it('rejects tool results one message too late', () =>
      assertRejected(withMessages([user, { role: 'assistant', content: [use('toolu_1')] }, user, { role: 'assistant', content: 'ok' }, { role: 'user', content: [result('toolu_1')] }]),
        AnthropicBadRequestError, /without `tool_result` blocks immediately after: toolu_1/));

    it('rejects a tool_result with an unknown id', () =>
      assertRejected(withMessages([user, { role: 'assistant', content: [use('toolu_1')] }, { role: 'user', content: [result('toolu_1'), result('toolu_x')] }]),
        AnthropicBadRequestError, /unexpected `tool_use_id` found in `tool_result` blocks: toolu_x/));

    it('rejects tool_use input that is not an object', () =>
      assertRejected(withMessages([user, { role: 'assistant', content: [use('toolu_1', '{"path":"a"}')] }, { role: 'user', content: [result('toolu_1')] }]),
        AnthropicBadRequestError, /tool_use\.input: Input should be a valid dictionary/));

    it('rejects an empty text block', () =>
      assertRejected(withMessages([{ role: 'user', content: [{ type: 'text', text: '' }] }]), AnthropicBadRequestError, /text content blocks must be non-empty/));

    it('rejects a tool name outside ^[a-zA-Z0-9_-]{1,64}$', () =>
      assertRejected(withMessages([user], { tools: [{ name: 'x'.repeat(65), input_schema: { type: 'object' } }] }), AnthropicBadRequestError, /custom\.name: String should match pattern/));

    it('rejects an input_schema that is not an object schema', () =>
      assertRejected(withMessages([user], { tools: [{ name: 'f', input_schema: { type: 'array' } }] }), AnthropicBadRequestError, /input_schema/));

    it('rejects whitespace-only text, as after a reply of just newlines', () =>
      assertRejected(withMessages([user, { role: 'assistant', content: [{ type: 'text', text: '\n\n' }] }, { role: 'user', content: 'more' }]),
        AnthropicBadRequestError, /text content blocks must contain non-whitespace text/));

    it('rejects empty content except in a final assistant message', async () => {
      await assertRejected(withMessages([{ role: 'user', content: [] }]), AnthropicBadRequestError, /all messages must have non-empty content/);
      server.enqueue({ kind: 'reply', content: [text('x')] });
      await withMessages([user, { role: 'assistant', content: [] }]);
      assert.equal(server.violations.length, 1);
    });

    it('rejects a prefill ending in whitespace', () =>
      assertRejected(withMessages([user, { role: 'assistant', content: 'The answer is ' }]), AnthropicBadRequestError, /final assistant content cannot end with trailing whitespace/));

    it('rejects duplicate tool_use ids', () =>
      assertRejected(withMessages([
        user, { role: 'assistant', content: [use('toolu_1')] }, { role: 'user', content: [result('toolu_1')] },
        { role: 'assistant', content: [use('toolu_1')] }, { role: 'user', content: [result('toolu_1')] },
      ]), AnthropicBadRequestError, /`tool_use` ids must be unique/));

    it('rejects duplicate tool names', () => {
      const tool = { name: 'f', input_schema: { type: 'object' } };
      return assertRejected(withMessages([user], { tools: [tool, tool] }), AnthropicBadRequestError, /Tool names must be unique/);
    });

    it('rejects a thinking budget below 1024 or not below max_tokens', async () => {
      await assertRejected(withMessages([user], { thinking: { type: 'enabled', budget_tokens: 500 } }), AnthropicBadRequestError, /budget_tokens: Input should be greater than or equal to 1024/);
      server.violations.length = 0;
      server.enqueue({ kind: 'reply', content: [text('x')] });
      await assert.rejects(withMessages([user], { max_tokens: 2048, thinking: { type: 'enabled', budget_tokens: 2048 } }), AnthropicBadRequestError);
      assert.match(server.violations[0] as string, /`max_tokens` must be greater than `thinking.budget_tokens`/);
    });

    it('rejects more than four cache_control breakpoints', () => {
      const cached = (t: string): object => ({ type: 'text', text: t, cache_control: { type: 'ephemeral' } });
      return assertRejected(withMessages([{ role: 'user', content: ['a', 'b', 'c', 'd', 'e'].map(cached) }]), AnthropicBadRequestError, /maximum of 4 blocks with cache_control/);
    });

    describe('assistant thinking sent back unchanged', () => {
      let thinking: Anthropic.ThinkingBlock;
      let toolUse: Anthropic.ToolUseBlock;

      beforeEach(async () => {
        const content = await produced({ kind: 'reply', content: [{ type: 'thinking', thinking: 'Need the file.' }, toolCall('read_file', { path: 'a' })] });
        thinking = content[0] as Anthropic.ThinkingBlock;
        toolUse = content[1] as Anthropic.ToolUseBlock;
        server.requests.length = 0;
      });

      const history = (assistant: object[], extra: object = {}): Promise<unknown> =>
        withMessages([user, { role: 'assistant', content: assistant }, { role: 'user', content: [result(toolUse.id)] }], extra);

      it('accepts the thinking block exactly as produced', async () => {
        server.enqueue({ kind: 'reply', content: [text('ok')] });
        await history([thinking, toolUse], { thinking: { type: 'enabled', budget_tokens: 1024 } });
        assert.deepEqual(server.violations, []);
      });

      it('rejects edited thinking text', () =>
        assertRejected(history([{ ...thinking, thinking: 'Need the file!' }, toolUse]), AnthropicBadRequestError, /Invalid `signature` in `thinking` block/));

      it('rejects a tampered signature', () =>
        assertRejected(history([{ ...thinking, signature: `${thinking.signature.slice(0, -2)}AA` }, toolUse]), AnthropicBadRequestError, /Invalid `signature` in `thinking` block/));

      it('rejects a missing signature', () =>
        assertRejected(history([{ type: 'thinking', thinking: thinking.thinking }, toolUse]), AnthropicBadRequestError, /signature: Field required/));

      it('rejects thinking the server never produced', () =>
        assertRejected(history([{ type: 'thinking', thinking: 'Invented.', signature: 'EqFAKE' }, toolUse]), AnthropicBadRequestError, /Invalid `signature`/));

      it('rejects a dropped thinking block when thinking is enabled', () =>
        assertRejected(history([toolUse], { thinking: { type: 'enabled', budget_tokens: 1024 } }), AnthropicBadRequestError, /must start with a thinking block/));
    });
  });
});

describe('fake LLM server: helpers and lifecycle', () => {
  withServer();

  it('builds blocks with text() and toolCall()', () => {
    assert.deepEqual(text('hi'), { type: 'text', text: 'hi' });
    assert.deepEqual(toolCall('f', { a: [1] }), { type: 'tool_call', name: 'f', arguments: '{"a":[1]}' });
    assert.deepEqual(toolCall('f', {}, 'id1'), { type: 'tool_call', name: 'f', arguments: '{}', id: 'id1' });
  });

  it('serves scripts first in first out across both APIs and counts what is pending', async () => {
    server.enqueue({ kind: 'reply', content: [text('one')] }, { kind: 'reply', content: [text('two')] }, { kind: 'reply', content: [text('three')] });
    assert.equal(server.pending(), 3);
    const a = await new OpenAI({ apiKey: server.apiKey, baseURL: server.openaiBaseUrl, maxRetries: 0 }).chat.completions.create({ model: 'm', messages: [{ role: 'user', content: 'x' }] });
    const b = await new Anthropic({ apiKey: server.apiKey, baseURL: server.anthropicBaseUrl, maxRetries: 0 }).messages.create({ model: 'm', max_tokens: 10, messages: [{ role: 'user', content: 'x' }] });
    assert.equal(a.choices[0]?.message.content, 'one');
    assert.deepEqual(b.content.map((block) => (block.type === 'text' ? block.text : '')), ['two']);
    assert.equal(server.pending(), 1);
    assert.deepEqual(server.requests.map((r) => r.api), ['openai', 'anthropic']);
  });

  it('answers unknown paths 404 and records them', async () => {
    const response = await post('/v1/completions', { model: 'm', prompt: 'x' }, openaiAuth());
    assert.equal(response.status, 404);
    assert.equal(server.violations.length, 1);
  });

  it('paces chunks with chunkDelayMs: each frame waits for its delay on the clock (a mock clock here)', async () => {
    server.enqueue({ kind: 'reply', content: [text('abcdefghij')], chunkSize: 2, chunkDelayMs: 30 });
    const stream = await openai.chat.completions.create({ model: 'm', messages: [{ role: 'user', content: 'x' }], stream: true });
    mock.timers.enable({ apis: ['setTimeout'] });
    try {
      const received: string[] = [];
      let arrived = (): void => undefined;
      let done = false;
      const drained = (async () => {
        for await (const chunk of stream) {
          received.push(chunk.choices[0]?.delta.content ?? '');
          arrived();
        }
        done = true;
      })();
      // The role frame, then the five fragments.
      for (const [index, fragment] of ['', 'ab', 'cd', 'ef', 'gh', 'ij'].entries()) {
        mock.timers.tick(29);
        await ioTurns();
        assert.equal(received.length, index, `nothing more arrives before ${index === 0 ? 'the first delay' : `the delay after ${JSON.stringify(received.at(-1))}`} has passed`);
        const next = new Promise<void>((resolve) => (arrived = resolve));
        mock.timers.tick(1);
        await next;
        assert.equal(received.at(-1), fragment);
      }
      while (!done) {
        mock.timers.tick(30);
        await ioTurns();
      }
      await drained;
    } finally {
      mock.timers.reset();
    }
  });

  it('close() ends hanging connections', async () => {
    server.enqueue({ kind: 'hang' });
    const stream = await openai.chat.completions.create({ model: 'm', messages: [{ role: 'user', content: 'x' }], stream: true });
    const drained = (async () => {
      for await (const _chunk of stream) { /* nothing arrives */ }
    })();
    await server.close();
    await assert.rejects(drained);
    server = await startFakeLlmServer();
  });
});
