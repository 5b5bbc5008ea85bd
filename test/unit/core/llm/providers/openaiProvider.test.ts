import assert from 'node:assert/strict';
import type { AssistantMessage, Message } from '../../../../../src/core/llm/messages';
import type { ChatRequest } from '../../../../../src/core/llm/provider';
import { OpenAIProvider } from '../../../../../src/core/llm/providers/openaiProvider';
import { startFakeLlmServer, text, toolCall, type FakeLlmServer } from '../../../../support/fakeLlmServer';
import { collect, collectAborted, doneMessage, errorOf, silentFetch, sseFetch, textDeltas, thinkingDeltas, toolCallEvents, until } from './streamHelpers';
import { settlesWithin } from '../../../../support/settlesWithin';

const tools = [{ name: 'read_file', description: 'Read a file.', inputSchema: { type: 'object', properties: { path: { type: 'string' } } } }];

function request(messages: Message[], extra: Partial<ChatRequest> = {}): ChatRequest {
  return { model: 'gpt-test', system: 'You are Elbow.', messages, tools: [], ...extra };
}

const hello: Message[] = [{ role: 'user', content: [{ type: 'text', text: 'Hello' }] }];

interface WireBody {
  messages: Array<Record<string, unknown>>;
  [key: string]: unknown;
}

describe('OpenAIProvider', () => {
  let server: FakeLlmServer;
  let provider: OpenAIProvider;

  beforeEach(async () => {
    server = await startFakeLlmServer();
    provider = new OpenAIProvider({ apiKey: server.apiKey, baseURL: server.openaiBaseUrl });
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
    const events = await collect(provider.stream(request(hello, { maxOutputTokens: 500 })));
    const deltas = textDeltas(events);
    assert.ok(deltas.length > 3);
    assert.equal(deltas.join(''), 'Hello there, how can I help?');
    const message = doneMessage(events);
    assert.deepEqual(message.content, [{ type: 'text', text: 'Hello there, how can I help?' }]);
    assert.equal(message.stopReason, 'end_turn');
    assert.equal(message.provider, 'openai');
    assert.equal(message.model, 'gpt-test');
    const body = lastBody();
    assert.equal(body.stream, true);
    assert.deepEqual(body.stream_options, { include_usage: true });
    assert.equal(body.max_tokens, 500);
    assert.equal('tools' in body, false);
    assert.deepEqual(body.messages[0], { role: 'system', content: 'You are Elbow.' });
  });

  it('sends tool schemas as functions', async () => {
    server.enqueue({ kind: 'reply', content: [text('ok')] });
    doneMessage(await collect(provider.stream(request(hello, { tools }))));
    assert.deepEqual(lastBody().tools, [{ type: 'function', function: { name: 'read_file', description: 'Read a file.', parameters: tools[0]?.inputSchema } }]);
    assert.equal('max_tokens' in lastBody(), false);
  });

  it('streams reasoning_content as thinking and does not send it back', async () => {
    server.enqueue({ kind: 'reply', content: [{ type: 'thinking', thinking: 'The user greets me.' }, text('Hi!')], chunkSize: 4 });
    const events = await collect(provider.stream(request(hello)));
    assert.equal(thinkingDeltas(events).join(''), 'The user greets me.');
    const first = doneMessage(events);
    assert.deepEqual(first.content, [
      { type: 'thinking', thinking: 'The user greets me.' },
      { type: 'text', text: 'Hi!' },
    ]);
    server.enqueue({ kind: 'reply', content: [text('Sure.')] });
    doneMessage(await collect(provider.stream(request([...hello, first, { role: 'user', content: [{ type: 'text', text: 'More' }] }]))));
    assert.deepEqual(lastBody().messages[2], { role: 'assistant', content: 'Hi!' });
  });

  it('assembles parallel tool calls from fragmented arguments', async () => {
    server.enqueue({
      kind: 'reply',
      content: [text('Reading both.'), toolCall('read_file', { path: 'src/a.ts' }, 'call_a'), toolCall('read_file', { path: 'src/b.ts' }, 'call_b')],
      chunkSize: 3,
    });
    const events = await collect(provider.stream(request(hello, { tools })));
    const calls = toolCallEvents(events);
    assert.deepEqual([...calls], [['call_a', 'read_file'], ['call_b', 'read_file']]);
    const message = doneMessage(events);
    assert.equal(message.stopReason, 'tool_use');
    assert.deepEqual(message.content, [
      { type: 'text', text: 'Reading both.' },
      { type: 'tool_call', id: 'call_a', name: 'read_file', arguments: '{"path":"src/a.ts"}' },
      { type: 'tool_call', id: 'call_b', name: 'read_file', arguments: '{"path":"src/b.ts"}' },
    ]);
  });

  it('reports usage with cached tokens counted apart', async () => {
    server.enqueue({ kind: 'reply', content: [text('ok')], usage: { input: 40, output: 7, cacheRead: 960 } });
    const events = await collect(provider.stream(request(hello)));
    const expected = { inputTokens: 40, outputTokens: 7, cacheReadTokens: 960, cacheWriteTokens: 0 };
    assert.deepEqual(events.find((event) => event.type === 'usage'), { type: 'usage', usage: expected, cost: null }, 'no prices given: its cost is unknown');
    assert.deepEqual(doneMessage(events).usage, expected);
  });

  it('maps max_tokens to its stop reason', async () => {
    server.enqueue({ kind: 'reply', content: [text('Cut')], stopReason: 'max_tokens' });
    assert.equal(doneMessage(await collect(provider.stream(request(hello)))).stopReason, 'max_tokens');
  });

  const statusCases: Array<{ status: number; kind: string; message?: string }> = [
    { status: 400, kind: 'bad_request' },
    { status: 400, kind: 'context_overflow', message: "This model's maximum context length is 128000 tokens. However, your messages resulted in 131072 tokens." },
    { status: 401, kind: 'auth' },
    { status: 403, kind: 'auth' },
    { status: 404, kind: 'bad_request' },
    { status: 429, kind: 'rate_limit' },
    { status: 500, kind: 'server' },
    { status: 503, kind: 'overloaded' },
  ];
  for (const { status, kind, message } of statusCases) {
    it(`turns HTTP ${status}${message ? ' (context length)' : ''} into the error kind ${kind}`, async () => {
      server.enqueue({ kind: 'error', status, ...(message && { message }) });
      const events = await collect(provider.stream(request(hello)));
      assert.equal(events.length, 1);
      const error = errorOf(events);
      assert.equal(error.kind, kind);
      assert.equal(error.status, status);
    });
  }

  it('carries retry-after and the server message of a 429', async () => {
    server.enqueue({ kind: 'error', status: 429, message: 'Rate limit reached for gpt-test.', retryAfterSeconds: 3 });
    const error = errorOf(await collect(provider.stream(request(hello))));
    assert.equal(error.retryAfterMs, 3000);
    assert.equal(error.retryable, true);
    assert.equal(error.message, 'Rate limited by the API (429): Rate limit reached for gpt-test.');
  });

  it('reports a wrong key as auth', async () => {
    const wrong = new OpenAIProvider({ apiKey: 'nope', baseURL: server.openaiBaseUrl });
    assert.equal(errorOf(await collect(wrong.stream(request(hello)))).kind, 'auth');
  });

  it('reports a connection cut after output as stream_broken, and before output as network', async () => {
    server.enqueue({ kind: 'drop', content: [text('Partial answ')] });
    const broken = await collect(provider.stream(request(hello)));
    assert.equal(textDeltas(broken).join(''), 'Partial answ');
    assert.equal(errorOf(broken).kind, 'stream_broken');
    server.enqueue({ kind: 'drop', content: [] });
    assert.equal(errorOf(await collect(provider.stream(request(hello)))).kind, 'network');
  });

  it('reports an unreachable server as network', async () => {
    const closed = await startFakeLlmServer();
    await closed.close();
    const unreachable = new OpenAIProvider({ apiKey: 'k', baseURL: closed.openaiBaseUrl });
    assert.equal(errorOf(await collect(unreachable.stream(request(hello)))).kind, 'network');
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

  it('ends at once with aborted when the signal fired before the request', async () => {
    const controller = new AbortController();
    controller.abort();
    const events = await collect(provider.stream(request(hello, { signal: controller.signal })));
    assert.equal(errorOf(events).kind, 'aborted');
    assert.equal(server.requests.length, 0);
  });

  it('sends a whole multi-turn history the API accepts', async () => {
    server.enqueue({ kind: 'reply', content: [{ type: 'thinking', thinking: 'Two files.' }, toolCall('read_file', { path: 'a' }), toolCall('read_file', { path: 'b' })] });
    const turn1 = doneMessage(await collect(provider.stream(request(hello, { tools }))));
    const calls = turn1.content.filter((block) => block.type === 'tool_call');
    const malformed: AssistantMessage = {
      role: 'assistant',
      provider: 'openai',
      model: 'gpt-test',
      stopReason: 'tool_use',
      content: [{ type: 'tool_call', id: 'call_bad', name: 'read_file', arguments: '{"path": "c' }],
    };
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
          content: i === 0 ? [{ type: 'text', text: 'A' }] : [{ type: 'image', mediaType: 'image/png', data: 'AAAA' }],
        })),
      },
      malformed,
      { role: 'tool', results: [{ type: 'tool_result', toolCallId: 'call_bad', toolName: 'read_file', isError: true, content: [{ type: 'text', text: 'Invalid JSON arguments' }] }] },
      { role: 'user', content: [{ type: 'text', text: 'Do something else' }] },
      { role: 'user', content: [{ type: 'text', text: 'Actually, summarise.' }] },
    ];
    server.enqueue({ kind: 'reply', content: [text('Summary.')] });
    assert.equal(doneMessage(await collect(provider.stream(request(history, { tools })))).content[0]?.type, 'text');
    assert.deepEqual(
      lastBody().messages.map((message) => message.role),
      ['system', 'user', 'assistant', 'tool', 'tool', 'assistant', 'tool', 'user', 'user'],
    );
    assert.equal((lastBody().messages[5]?.tool_calls as Array<{ function: { arguments: string } }>)[0]?.function.arguments, '{"path": "c');
  });
});

describe('OpenAIProvider with OpenAI-compatible servers', () => {
  const chunk = (delta: object, finishReason: string | null = null, extra: object = {}): string =>
    `data: ${JSON.stringify({ id: 'c', object: 'chat.completion.chunk', created: 0, model: 'm', choices: [{ index: 0, delta, finish_reason: finishReason }], ...extra })}\n\n`;
  const usageChunk = (usage: object): string => `data: ${JSON.stringify({ id: 'c', object: 'chat.completion.chunk', created: 0, model: 'm', choices: [], usage })}\n\n`;

  function providerFor(body: string): OpenAIProvider {
    return new OpenAIProvider({ apiKey: 'k', baseURL: 'http://127.0.0.1:9/v1', fetch: sseFetch(body) });
  }

  it('reads OpenRouter reasoning and DeepSeek cache usage', async () => {
    const body =
      chunk({ role: 'assistant', reasoning: 'Think' }) +
      chunk({ reasoning: 'ing.' }) +
      chunk({ content: 'Done' }) +
      chunk({}, 'stop') +
      usageChunk({ prompt_tokens: 1000, completion_tokens: 9, total_tokens: 1009, prompt_cache_hit_tokens: 800, prompt_cache_miss_tokens: 200 }) +
      'data: [DONE]\n\n';
    const events = await collect(providerFor(body).stream(request(hello)));
    const message = doneMessage(events);
    assert.deepEqual(message.content, [
      { type: 'thinking', thinking: 'Thinking.' },
      { type: 'text', text: 'Done' },
    ]);
    assert.deepEqual(message.usage, { inputTokens: 200, outputTokens: 9, cacheReadTokens: 800, cacheWriteTokens: 0 });
  });

  it('tolerates repeated ids, names in pieces and a missing id', async () => {
    const body =
      chunk({ tool_calls: [{ index: 0, id: 'call_1', type: 'function', function: { name: 'read_' } }] }) +
      chunk({ tool_calls: [{ index: 0, function: { name: 'file' } }] }) +
      chunk({ tool_calls: [{ index: 0, id: 'call_1', function: { arguments: '{"pa' } }] }) +
      chunk({ tool_calls: [{ index: 0, id: 'call_1', function: { name: 'read_file', arguments: 'th":"a"}' } }] }) +
      chunk({ tool_calls: [{ index: 1, function: { name: 'list_files', arguments: '{}' } }] }) +
      chunk({}, 'tool_calls') +
      'data: [DONE]\n\n';
    const events = await collect(providerFor(body).stream(request(hello)));
    const message = doneMessage(events);
    const [first, second] = message.content;
    assert.deepEqual(first, { type: 'tool_call', id: 'call_1', name: 'read_file', arguments: '{"path":"a"}' });
    assert.equal(second?.type === 'tool_call' && second.name, 'list_files');
    assert.ok(second?.type === 'tool_call' && second.id.startsWith('call_') && second.id !== 'call_1');
    assert.equal(toolCallEvents(events).size, 2);
  });

  it('splits parallel calls that a server sends all under index 0', async () => {
    const body =
      chunk({ tool_calls: [{ index: 0, id: 'call_1', function: { name: 'read_file', arguments: '{"path":"a"}' } }] }) +
      chunk({ tool_calls: [{ index: 0, id: 'call_2', function: { name: 'read_file', arguments: '{"path":"b"}' } }] }) +
      chunk({}, 'tool_calls') +
      'data: [DONE]\n\n';
    const message = doneMessage(await collect(providerFor(body).stream(request(hello))));
    assert.deepEqual(
      message.content.map((block) => (block.type === 'tool_call' ? `${block.id}:${block.arguments}` : block.type)),
      ['call_1:{"path":"a"}', 'call_2:{"path":"b"}'],
    );
  });

  // Ollama 0.4.6 streamed each call whole without `index` (ollama/ollama#7881, fixed in 0.4.7) and
  // ended a tool-call reply with finish_reason "stop" (ollama/ollama#7963).
  it('keeps apart whole calls that carry no index, ended with "stop", as Ollama 0.4.6 sent them', async () => {
    const body =
      chunk({ role: 'assistant', content: '', tool_calls: [{ id: 'call_a', type: 'function', function: { name: 'read_file', arguments: '{"path":"a"}' } }] }) +
      chunk({ role: 'assistant', content: '', tool_calls: [{ id: 'call_b', type: 'function', function: { name: 'read_file', arguments: '{"path":"b"}' } }] }) +
      chunk({ role: 'assistant', content: '' }, 'stop') +
      'data: [DONE]\n\n';
    const events = await collect(providerFor(body).stream(request(hello)));
    const message = doneMessage(events);
    assert.deepEqual(
      message.content.map((block) => (block.type === 'tool_call' ? `${block.id}:${block.name}:${block.arguments}` : block.type)),
      ['call_a:read_file:{"path":"a"}', 'call_b:read_file:{"path":"b"}'],
    );
    assert.equal(toolCallEvents(events).size, 2);
  });

  it('ends with aborted promptly even when fetch ignores the signal', async () => {
    const silent = new OpenAIProvider({ apiKey: 'k', baseURL: 'http://127.0.0.1:9/v1', fetch: silentFetch() });
    const events = await collectAborted((signal) => silent.stream(request(hello, { signal })));
    assert.equal(errorOf(events).kind, 'aborted');
  });

  it('reports a stream that ends without a finish reason', async () => {
    const events = await collect(providerFor(chunk({ content: 'Half' }) + 'data: [DONE]\n\n').stream(request(hello)));
    assert.equal(errorOf(events).kind, 'stream_broken');
    assert.equal(errorOf(await collect(providerFor('data: [DONE]\n\n').stream(request(hello)))).kind, 'network');
  });

  it('reports an error object inside the stream by its code', async () => {
    const body = chunk({ content: 'Hel' }) + `data: ${JSON.stringify({ error: { code: 502, message: 'Upstream provider failed' } })}\n\n`;
    const error = errorOf(await collect(providerFor(body).stream(request(hello))));
    assert.equal(error.kind, 'server');
    assert.match(error.message, /Upstream provider failed/);
  });

  it('maps content_filter to refusal', async () => {
    const body = chunk({ content: 'I cannot' }) + chunk({}, 'content_filter') + 'data: [DONE]\n\n';
    assert.equal(doneMessage(await collect(providerFor(body).stream(request(hello)))).stopReason, 'refusal');
  });

  // Azure annotates each choice with every filter and whether it fired (the choice shape of
  // langchain4j/langchain4j#2385's recorded Azure stream; filter names from Azure's content filter docs).
  it('names the Azure filter that stopped a streamed reply', async () => {
    const results = {
      hate: { filtered: false, severity: 'safe' },
      protected_material_code: { filtered: false, detected: false },
      protected_material_text: { filtered: true, detected: true },
      self_harm: { filtered: false, severity: 'safe' },
      sexual: { filtered: false, severity: 'safe' },
      violence: { filtered: false, severity: 'safe' },
    };
    const stopped = { id: 'chatcmpl-1', object: 'chat.completion.chunk', created: 1736407895, model: 'gpt-4o-mini-2024-07-18', choices: [{ index: 0, delta: {}, finish_reason: 'content_filter', content_filter_results: results }] };
    const body = chunk({ content: 'Here are the lyrics' }) + `data: ${JSON.stringify(stopped)}\n\n` + 'data: [DONE]\n\n';
    const message = doneMessage(await collect(providerFor(body).stream(request(hello))));
    assert.equal(message.stopReason, 'refusal');
    assert.equal(message.stopDetail, "Azure's protected material filter (protected_material_text)");
  });
});
