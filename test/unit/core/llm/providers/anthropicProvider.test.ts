import assert from 'node:assert/strict';
import type { AssistantMessage, Message } from '../../../../../src/core/llm/messages';
import type { ChatRequest } from '../../../../../src/core/llm/provider';
import { AnthropicProvider } from '../../../../../src/core/llm/providers/anthropicProvider';
import { startFakeLlmServer, text, toolCall, type FakeLlmServer } from '../../../../support/fakeLlmServer';
import { collect, collectAborted, doneMessage, errorOf, silentFetch, sseFetch, textDeltas, thinkingDeltas, toolCallEvents, until } from './streamHelpers';
import { settlesWithin } from '../../../../support/settlesWithin';

const tools = [{ name: 'read_file', description: 'Read a file.', inputSchema: { type: 'object', properties: { path: { type: 'string' } } } }];

function request(messages: Message[], extra: Partial<ChatRequest> = {}): ChatRequest {
  return { model: 'claude-test', system: 'You are Elbow.', messages, tools: [], ...extra };
}

const hello: Message[] = [{ role: 'user', content: [{ type: 'text', text: 'Hello' }] }];

function user(text: string): Message {
  return { role: 'user', content: [{ type: 'text', text }] };
}

interface WireBody {
  messages: Array<{ role: string; content: Array<Record<string, unknown>> }>;
  [key: string]: unknown;
}

describe('AnthropicProvider', () => {
  let server: FakeLlmServer;
  let provider: AnthropicProvider;

  beforeEach(async () => {
    server = await startFakeLlmServer();
    provider = new AnthropicProvider({ apiKey: server.apiKey, baseURL: server.anthropicBaseUrl });
  });

  afterEach(async () => {
    await server.close();
    assert.deepEqual(server.violations, []);
  });

  function lastBody(): WireBody {
    return server.requests.at(-1)?.body as WireBody;
  }

  it('streams text in deltas and ends with the assembled message', async () => {
    server.enqueue({ kind: 'reply', content: [text('Hello there, how can I help?')], chunkSize: 5 });
    const events = await collect(provider.stream(request(hello)));
    const deltas = textDeltas(events);
    assert.ok(deltas.length > 3);
    assert.equal(deltas.join(''), 'Hello there, how can I help?');
    const message = doneMessage(events);
    assert.deepEqual(message.content, [{ type: 'text', text: 'Hello there, how can I help?' }]);
    assert.equal(message.stopReason, 'end_turn');
    assert.equal(message.provider, 'anthropic');
    assert.equal(message.model, 'claude-test');
    const body = lastBody();
    assert.equal(body.stream, true);
    assert.equal(body.max_tokens, 8192);
    assert.deepEqual(body.system, [{ type: 'text', text: 'You are Elbow.', cache_control: { type: 'ephemeral' } }]);
    assert.equal('tools' in body, false);
    assert.deepEqual(body.messages, [{ role: 'user', content: [{ type: 'text', text: 'Hello', cache_control: { type: 'ephemeral' } }] }]);
  });

  it('sends tools, and the request or configured output limit', async () => {
    const limited = new AnthropicProvider({ apiKey: server.apiKey, baseURL: server.anthropicBaseUrl, maxOutputTokens: 1000 });
    server.enqueue({ kind: 'reply', content: [text('a')] }, { kind: 'reply', content: [text('b')] });
    doneMessage(await collect(limited.stream(request(hello, { tools }))));
    assert.equal(lastBody().max_tokens, 1000);
    assert.deepEqual(lastBody().tools, [{ name: 'read_file', description: 'Read a file.', input_schema: tools[0]?.inputSchema }]);
    doneMessage(await collect(limited.stream(request(hello, { maxOutputTokens: 64 }))));
    assert.equal(lastBody().max_tokens, 64);
  });

  it('streams thinking with its signature, which round-trips unchanged', async () => {
    server.enqueue({ kind: 'reply', content: [{ type: 'thinking', thinking: 'The user greets me.' }, text('Hi!')], chunkSize: 4 });
    const events = await collect(provider.stream(request(hello)));
    assert.equal(thinkingDeltas(events).join(''), 'The user greets me.');
    const first = doneMessage(events);
    const thinking = first.content[0];
    assert.ok(thinking?.type === 'thinking' && thinking.signature && thinking.thinking === 'The user greets me.');
    server.enqueue({ kind: 'reply', content: [text('Sure.')] });
    doneMessage(await collect(provider.stream(request([...hello, first, user('More')]))));
    assert.deepEqual(lastBody().messages[1]?.content[0], { type: 'thinking', thinking: 'The user greets me.', signature: thinking.signature });
  });

  it('assembles parallel tool calls from fragmented arguments', async () => {
    server.enqueue({
      kind: 'reply',
      content: [text('Reading both.'), toolCall('read_file', { path: 'src/a.ts' }, 'toolu_a'), toolCall('read_file', { path: 'src/b.ts' }, 'toolu_b')],
      chunkSize: 3,
    });
    const events = await collect(provider.stream(request(hello, { tools })));
    const calls = toolCallEvents(events);
    assert.deepEqual([...calls], [['toolu_a', 'read_file'], ['toolu_b', 'read_file']]);
    const message = doneMessage(events);
    assert.equal(message.stopReason, 'tool_use');
    assert.deepEqual(message.content, [
      { type: 'text', text: 'Reading both.' },
      { type: 'tool_call', id: 'toolu_a', name: 'read_file', arguments: '{"path":"src/a.ts"}' },
      { type: 'tool_call', id: 'toolu_b', name: 'read_file', arguments: '{"path":"src/b.ts"}' },
    ]);
  });

  it('reports usage including cache reads and writes', async () => {
    server.enqueue({ kind: 'reply', content: [text('ok')], usage: { input: 12, output: 7, cacheRead: 900, cacheWrite: 300 } });
    const events = await collect(provider.stream(request(hello)));
    const expected = { inputTokens: 12, outputTokens: 7, cacheReadTokens: 900, cacheWriteTokens: 300 };
    assert.deepEqual(events.find((event) => event.type === 'usage'), { type: 'usage', usage: expected, cost: null }, 'no prices given: its cost is unknown');
    assert.deepEqual(doneMessage(events).usage, expected);
  });

  it('maps max_tokens to its stop reason', async () => {
    server.enqueue({ kind: 'reply', content: [text('Cut')], stopReason: 'max_tokens' });
    assert.equal(doneMessage(await collect(provider.stream(request(hello)))).stopReason, 'max_tokens');
  });

  const statusCases: Array<{ status: number; kind: string; message?: string }> = [
    { status: 400, kind: 'bad_request' },
    { status: 400, kind: 'context_overflow', message: 'prompt is too long: 210000 tokens > 200000 maximum' },
    { status: 401, kind: 'auth' },
    { status: 403, kind: 'auth' },
    { status: 429, kind: 'rate_limit' },
    { status: 500, kind: 'server' },
    { status: 503, kind: 'overloaded' },
    { status: 529, kind: 'overloaded' },
  ];
  for (const { status, kind, message } of statusCases) {
    it(`turns HTTP ${status}${message ? ' (prompt too long)' : ''} into the error kind ${kind}`, async () => {
      server.enqueue({ kind: 'error', status, ...(message && { message }) });
      const events = await collect(provider.stream(request(hello)));
      assert.equal(events.length, 1);
      const error = errorOf(events);
      assert.equal(error.kind, kind);
      assert.equal(error.status, status);
    });
  }

  it('carries retry-after and the server message of a 429', async () => {
    server.enqueue({ kind: 'error', status: 429, message: 'Number of request tokens has exceeded your per-minute rate limit.', retryAfterSeconds: 12 });
    const error = errorOf(await collect(provider.stream(request(hello))));
    assert.equal(error.retryAfterMs, 12_000);
    assert.equal(error.message, 'Rate limited by the API (429): Number of request tokens has exceeded your per-minute rate limit.');
  });

  it('reports a connection cut after output as stream_broken, and before output as network', async () => {
    server.enqueue({ kind: 'drop', content: [text('Partial answ')] });
    const broken = await collect(provider.stream(request(hello)));
    assert.equal(textDeltas(broken).join(''), 'Partial answ');
    assert.equal(errorOf(broken).kind, 'stream_broken');
    server.enqueue({ kind: 'drop', content: [] });
    assert.equal(errorOf(await collect(provider.stream(request(hello)))).kind, 'network');
  });

  it('ends a hanging stream with aborted promptly when cancelled', async () => {
    server.enqueue({ kind: 'hang' });
    const controller = new AbortController();
    const pending = collect(provider.stream(request(hello, { signal: controller.signal })));
    await until(() => server.requests.length === 1);
    await new Promise((resolve) => setTimeout(resolve, 50));
    controller.abort();
    assert.ok(await settlesWithin(pending, 5_000), 'the stream went on after the abort');
    const events = await pending;
    assert.equal(errorOf(events).kind, 'aborted');
  });

  it('ends with aborted when cancelled while text is streaming', async () => {
    server.enqueue({ kind: 'reply', content: [text('A long answer that streams slowly.')], chunkSize: 2, chunkDelayMs: 30 });
    const controller = new AbortController();
    const events = [];
    for await (const event of provider.stream(request(hello, { signal: controller.signal }))) {
      events.push(event);
      if (event.type === 'text_delta') controller.abort();
    }
    assert.equal(textDeltas(events).length, 1);
    assert.equal(errorOf(events).kind, 'aborted');
  });

  it('sends a whole multi-turn history the API accepts', async () => {
    server.enqueue({ kind: 'reply', content: [{ type: 'thinking', thinking: 'Two files.' }, text('Reading.'), toolCall('read_file', { path: 'a' }), toolCall('read_file', { path: 'b' })] });
    const turn1 = doneMessage(await collect(provider.stream(request(hello, { tools }))));
    const calls = turn1.content.filter((block) => block.type === 'tool_call');
    const malformed: AssistantMessage = {
      role: 'assistant',
      provider: 'anthropic',
      model: 'claude-test',
      stopReason: 'tool_use',
      content: [
        { type: 'text', text: '\n\n' },
        { type: 'tool_call', id: 'toolu_bad', name: 'read_file', arguments: '{"path": "c' },
      ],
    };
    const fromOpenAI: AssistantMessage = { role: 'assistant', provider: 'openai', model: 'deepseek', stopReason: 'end_turn', content: [{ type: 'thinking', thinking: 'r1 reasoning' }, { type: 'text', text: 'Earlier answer.' }] };
    const history: Message[] = [
      ...hello,
      turn1,
      {
        role: 'tool',
        results: calls.map((call, i) => ({
          type: 'tool_result',
          toolCallId: call.id,
          toolName: 'read_file',
          isError: false,
          content: i === 0 ? [{ type: 'text', text: 'A' }] : [{ type: 'image', mediaType: 'image/png', data: 'iVBORw0KGgo=' }],
        })),
      },
      malformed,
      { role: 'tool', results: [{ type: 'tool_result', toolCallId: 'toolu_bad', toolName: 'read_file', isError: true, content: [{ type: 'text', text: 'Invalid JSON arguments' }] }] },
      user('Do something else'),
      user('Actually, summarise.'),
      fromOpenAI,
      user('Go on.'),
    ];
    server.enqueue({ kind: 'reply', content: [text('Summary.')] });
    assert.equal(doneMessage(await collect(provider.stream(request(history, { tools })))).content[0]?.type, 'text');
    const messages = lastBody().messages;
    assert.deepEqual(
      messages.map((message) => message.role),
      ['user', 'assistant', 'user', 'assistant', 'user', 'assistant', 'user'],
    );
    assert.deepEqual(
      messages[4]?.content.map((block) => block.type),
      ['tool_result', 'text', 'text'],
    );
  });
});

describe('AnthropicProvider stream events the fake server does not send', () => {
  const frame = (type: string, data: object): string => `event: ${type}\ndata: ${JSON.stringify({ type, ...data })}\n\n`;
  const start = frame('message_start', {
    message: { id: 'msg_1', type: 'message', role: 'assistant', model: 'claude', content: [], stop_reason: null, stop_sequence: null, usage: { input_tokens: 5, output_tokens: 1 } },
  });

  function providerFor(body: string): AnthropicProvider {
    return new AnthropicProvider({ apiKey: 'k', baseURL: 'http://127.0.0.1:9', fetch: sseFetch(body) });
  }

  it('keeps redacted thinking as opaque data', async () => {
    const body =
      start +
      frame('content_block_start', { index: 0, content_block: { type: 'redacted_thinking', data: 'EmwKAhgBEgy3' } }) +
      frame('content_block_stop', { index: 0 }) +
      frame('content_block_start', { index: 1, content_block: { type: 'text', text: '' } }) +
      frame('content_block_delta', { index: 1, delta: { type: 'text_delta', text: 'Answer.' } }) +
      frame('content_block_stop', { index: 1 }) +
      frame('message_delta', { delta: { stop_reason: 'end_turn', stop_sequence: null }, usage: { output_tokens: 20 } }) +
      frame('message_stop', {});
    const message = doneMessage(await collect(providerFor(body).stream(request(hello))));
    assert.deepEqual(message.content, [
      { type: 'thinking', thinking: '', redactedData: 'EmwKAhgBEgy3' },
      { type: 'text', text: 'Answer.' },
    ]);
    assert.deepEqual(message.usage, { inputTokens: 5, outputTokens: 20, cacheReadTokens: 0, cacheWriteTokens: 0 });
  });

  it('turns an overloaded error event in the middle of a stream into an overloaded error', async () => {
    const body =
      start +
      frame('content_block_start', { index: 0, content_block: { type: 'text', text: '' } }) +
      frame('content_block_delta', { index: 0, delta: { type: 'text_delta', text: 'Hel' } }) +
      `event: error\ndata: ${JSON.stringify({ type: 'error', error: { type: 'overloaded_error', message: 'Overloaded' } })}\n\n`;
    const events = await collect(providerFor(body).stream(request(hello)));
    assert.deepEqual(textDeltas(events), ['Hel']);
    const error = errorOf(events);
    assert.equal(error.kind, 'overloaded');
    assert.match(error.message, /Overloaded/);
    assert.ok(error.retryable, 'output had begun, yet the overload is still transient');
  });

  it('gives a tool call without input the empty object as arguments', async () => {
    const body =
      start +
      frame('content_block_start', { index: 0, content_block: { type: 'tool_use', id: 'toolu_1', name: 'list_files', input: {} } }) +
      frame('content_block_stop', { index: 0 }) +
      frame('message_delta', { delta: { stop_reason: 'tool_use', stop_sequence: null }, usage: { output_tokens: 3 } }) +
      frame('message_stop', {});
    const events = await collect(providerFor(body).stream(request(hello)));
    assert.equal(toolCallEvents(events).get('toolu_1'), 'list_files');
    assert.deepEqual(doneMessage(events).content, [{ type: 'tool_call', id: 'toolu_1', name: 'list_files', arguments: '{}' }]);
  });

  it('ends with aborted promptly even when fetch ignores the signal', async () => {
    const silent = new AnthropicProvider({ apiKey: 'k', baseURL: 'http://127.0.0.1:9', fetch: silentFetch() });
    const events = await collectAborted((signal) => silent.stream(request(hello, { signal })));
    assert.equal(errorOf(events).kind, 'aborted');
  });

  it('reports a stream that ends without message_stop', async () => {
    const body = start + frame('content_block_start', { index: 0, content_block: { type: 'text', text: '' } }) + frame('content_block_delta', { index: 0, delta: { type: 'text_delta', text: 'Hal' } });
    assert.equal(errorOf(await collect(providerFor(body).stream(request(hello)))).kind, 'stream_broken');
    assert.equal(errorOf(await collect(providerFor(start).stream(request(hello)))).kind, 'network');
  });
});
