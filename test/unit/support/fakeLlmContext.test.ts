import assert from 'node:assert/strict';
import Anthropic from '@anthropic-ai/sdk';
import type { AssistantMessage, Message, Usage } from '../../../src/core/llm/messages';
import type { ChatRequest, Provider } from '../../../src/core/llm/provider';
import { AnthropicProvider } from '../../../src/core/llm/providers/anthropicProvider';
import { OpenAIProvider } from '../../../src/core/llm/providers/openaiProvider';
import { startFakeLlmServer, text, toolCall, type FakeLlmServer, type FakeLlmServerOptions } from '../../support/fakeLlmServer';
import { collect, doneMessage, errorOf } from '../core/llm/providers/streamHelpers';

let server: FakeLlmServer;

async function start(options: FakeLlmServerOptions): Promise<FakeLlmServer> {
  server = await startFakeLlmServer(options);
  return server;
}

/** Inside each describe, so the hook stays out of other test files. */
function closeServerAfterEach(): void {
  afterEach(async () => {
    await server.close();
  });
}

function user(words: string): Message {
  return { role: 'user', content: [{ type: 'text', text: words }] };
}

/** About 2,000 tokens at the fake's four characters per token. */
const longFile = 'export const value = 42; // a line of some source file\n'.repeat(150);

function request(messages: Message[], extra: Partial<ChatRequest> = {}): ChatRequest {
  return { model: 'model-test', system: 'You are Elbow.', messages, tools: [], ...extra };
}

async function post(path: string, body: object, headers: Record<string, string>): Promise<{ status: number; body: unknown }> {
  const response = await fetch(`${server.url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
  return { status: response.status, body: await response.json() };
}

/** The fake's count of a request body. */
function tokensOf(body: object): number {
  return Math.ceil(JSON.stringify(body).length / 4);
}

const providers: Array<{ api: string; create: (server: FakeLlmServer) => Provider }> = [
  { api: 'OpenAI', create: (fake) => new OpenAIProvider({ apiKey: fake.apiKey, baseURL: fake.openaiBaseUrl }) },
  { api: 'Anthropic', create: (fake) => new AnthropicProvider({ apiKey: fake.apiKey, baseURL: fake.anthropicBaseUrl }) },
];

describe('fake LLM server: context window', () => {
  closeServerAfterEach();

  it('refuses an OpenAI prompt longer than the window with the real 400 body, as no violation', async () => {
    await start({ contextWindow: 100 });
    server.enqueue({ kind: 'reply', content: [text('unused')] });
    const body = { model: 'gpt-test', messages: [{ role: 'user', content: longFile }] };
    const response = await post('/v1/chat/completions', body, { authorization: `Bearer ${server.apiKey}` });
    assert.equal(response.status, 400);
    assert.deepEqual(response.body, {
      error: {
        message: `This model's maximum context length is 100 tokens. However, your messages resulted in ${tokensOf(body)} tokens. Please reduce the length of the messages.`,
        type: 'invalid_request_error',
        param: 'messages',
        code: 'context_length_exceeded',
      },
    });
    assert.deepEqual(server.violations, []);
    assert.equal(server.requests.length, 1);
    assert.equal(server.requests[0]?.tokens, tokensOf(body));
    assert.equal(server.pending(), 1, 'a refused request consumes no script');
  });

  it('refuses an OpenAI prompt that fits only without its completion budget', async () => {
    await start({ contextWindow: 1000 });
    const body = { model: 'gpt-test', messages: [{ role: 'user', content: 'hi' }], max_completion_tokens: 990 };
    const response = await post('/v1/chat/completions', body, { authorization: `Bearer ${server.apiKey}` });
    const prompt = tokensOf(body);
    assert.equal(response.status, 400);
    assert.deepEqual(response.body, {
      error: {
        message: `This model's maximum context length is 1000 tokens. However, you requested ${prompt + 990} tokens (${prompt} in the messages, 990 in the completion). Please reduce the length of the messages or completion.`,
        type: 'invalid_request_error',
        param: 'messages',
        code: 'context_length_exceeded',
      },
    });
  });

  it('refuses an Anthropic prompt longer than the window, and one that fits only without max_tokens', async () => {
    await start({ contextWindow: 500 });
    const headers = { 'x-api-key': server.apiKey, 'anthropic-version': '2023-06-01' };
    const long = { model: 'claude-test', max_tokens: 10, messages: [{ role: 'user', content: longFile }] };
    const tooLong = await post('/v1/messages', long, headers);
    assert.equal(tooLong.status, 400);
    assert.deepEqual(tooLong.body, { type: 'error', error: { type: 'invalid_request_error', message: `prompt is too long: ${tokensOf(long)} tokens > 500 maximum` } });
    const short = { model: 'claude-test', max_tokens: 490, messages: [{ role: 'user', content: 'hi' }] };
    const noRoom = await post('/v1/messages', short, headers);
    assert.equal(noRoom.status, 400);
    assert.deepEqual(noRoom.body, {
      type: 'error',
      error: { type: 'invalid_request_error', message: `input length and \`max_tokens\` exceed context limit: ${tokensOf(short)} + 490 > 500, decrease input length or \`max_tokens\` and try again` },
    });
    assert.deepEqual(server.violations, []);
    assert.equal(server.requests.length, 2);
  });

  for (const { api, create } of providers) {
    it(`makes the ${api} provider report context_overflow over the window and answers under it`, async () => {
      await start({ contextWindow: 300 });
      const provider = create(server);
      const overflow = errorOf(await collect(provider.stream(request([user(longFile)], { maxOutputTokens: 100 }))));
      assert.equal(overflow.kind, 'context_overflow');
      assert.equal(overflow.status, 400);
      const noRoomForOutput = errorOf(await collect(provider.stream(request([user('hi')], { maxOutputTokens: 290 }))));
      assert.equal(noRoomForOutput.kind, 'context_overflow');

      server.enqueue({ kind: 'reply', content: [text('Hello.')] });
      const reply = doneMessage(await collect(provider.stream(request([user('hi')], { maxOutputTokens: 100 }))));
      assert.deepEqual(reply.content, [{ type: 'text', text: 'Hello.' }]);
      const accepted = server.requests.at(-1);
      assert.ok(accepted?.tokens !== undefined && accepted.tokens + 100 <= 300);
      assert.equal(reply.usage?.inputTokens, accepted.tokens, 'unscripted usage counts the prompt the same way');
      assert.deepEqual(server.violations, []);
    });
  }
});

describe('fake LLM server: simulated prompt cache', () => {
  closeServerAfterEach();

  /** One turn through the provider, returning the reply (with its usage) and the server's count. */
  async function turn(provider: Provider, messages: Message[], system = 'You are Elbow.'): Promise<{ reply: AssistantMessage; usage: Usage; tokens: number }> {
    server.enqueue({ kind: 'reply', content: [text('Noted.')] });
    const reply = doneMessage(await collect(provider.stream(request(messages, { system }))));
    assert.ok(reply.usage);
    return { reply, usage: reply.usage, tokens: server.requests.at(-1)?.tokens ?? 0 };
  }

  it('reports cached_tokens for an OpenAI request extending an earlier one, in steps of 128 from 1024', async () => {
    const provider = providers[0]?.create(await start({ simulatePromptCache: true })) as Provider;
    const first = await turn(provider, [user(`Read this:\n${longFile}`)]);
    assert.equal(first.usage.cacheReadTokens, 0);
    assert.equal(first.usage.inputTokens, first.tokens);

    const second = await turn(provider, [user(`Read this:\n${longFile}`), first.reply, user('And then?')]);
    assert.ok(second.usage.cacheReadTokens >= 1024, `cached ${second.usage.cacheReadTokens}`);
    assert.equal(second.usage.cacheReadTokens % 128, 0);
    assert.ok(second.usage.cacheReadTokens > first.tokens - 128 - 20, 'nearly all of the first prompt is read back');
    assert.equal(second.usage.inputTokens + second.usage.cacheReadTokens, second.tokens, 'prompt_tokens includes the cached ones');

    const changed = await turn(provider, [user(`Read that:\n${longFile}`), first.reply, user('And then?')]);
    assert.equal(changed.usage.cacheReadTokens, 0, 'a changed early message shares no prefix');
    assert.deepEqual(server.violations, []);
  });

  it('reports nothing cached for OpenAI prompts shorter than 1024 tokens', async () => {
    const provider = providers[0]?.create(await start({ simulatePromptCache: true })) as Provider;
    const first = await turn(provider, [user('short question')]);
    const second = await turn(provider, [user('short question'), first.reply, user('And then?')]);
    assert.equal(second.usage.cacheReadTokens, 0);
  });

  it('reports Anthropic cache reads and writes, with input_tokens excluding both', async () => {
    const provider = providers[1]?.create(await start({ simulatePromptCache: true })) as Provider;
    const first = await turn(provider, [user(`Read this:\n${longFile}`)]);
    assert.equal(first.usage.cacheReadTokens, 0);
    assert.ok(first.usage.cacheWriteTokens > 500);
    assert.equal(first.usage.inputTokens + first.usage.cacheWriteTokens, first.tokens);

    const second = await turn(provider, [user(`Read this:\n${longFile}`), first.reply, user('And then?')]);
    assert.equal(second.usage.cacheReadTokens, first.usage.cacheWriteTokens, 'reads back exactly what the first request cached');
    assert.ok(second.usage.cacheWriteTokens > 0, 'caches the new turn');
    assert.equal(second.usage.inputTokens + second.usage.cacheReadTokens + second.usage.cacheWriteTokens, second.tokens);

    const changed = await turn(provider, [user(`Read that:\n${longFile}`), first.reply, user('And then?')]);
    assert.ok(changed.usage.cacheReadTokens > 0 && changed.usage.cacheReadTokens < 20, 'only the unchanged system prompt is read');
    const withoutSystem = await turn(provider, [user(`Read these:\n${longFile}`)], '');
    assert.equal(withoutSystem.usage.cacheReadTokens, 0);
    assert.deepEqual(server.violations, []);
  });

  it('keeps the cache per model', async () => {
    const provider = providers[1]?.create(await start({ simulatePromptCache: true })) as Provider;
    const first = await turn(provider, [user(longFile)]);
    server.enqueue({ kind: 'reply', content: [text('Noted.')] });
    const other = doneMessage(await collect(provider.stream(request([user(longFile), first.reply, user('More?')], { model: 'other-model' }))));
    assert.equal(other.usage?.cacheReadTokens, 0);
  });

  it('looks back 20 blocks from an Anthropic breakpoint, so twelve tool calls need one at the previous end', async () => {
    await start({ simulatePromptCache: true });
    const client = new Anthropic({ apiKey: server.apiKey, baseURL: server.anthropicBaseUrl, maxRetries: 0 });
    const cached = { type: 'ephemeral' } as const;
    const system: Anthropic.TextBlockParam[] = [{ type: 'text', text: 'You are Elbow.', cache_control: cached }];
    const ids = Array.from({ length: 12 }, (_, i) => `toolu_${i}`);
    const calls = ids.map((id) => toolCall('read_file', { path: id }, id));

    async function secondTurnRead(model: string, markPreviousEnd: boolean): Promise<{ first: Anthropic.Usage; second: Anthropic.Usage }> {
      const opening = (marked: boolean): Anthropic.MessageParam => ({ role: 'user', content: [{ type: 'text', text: longFile, ...(marked && { cache_control: cached }) }] });
      server.enqueue({ kind: 'reply', content: calls });
      const first = await client.messages.create({ model, max_tokens: 100, system, messages: [opening(true)] });
      server.enqueue({ kind: 'reply', content: [text('Read them all.')] });
      const second = await client.messages.create({
        model,
        max_tokens: 100,
        system,
        messages: [
          opening(markPreviousEnd),
          { role: 'assistant', content: first.content as Anthropic.ContentBlockParam[] },
          { role: 'user', content: ids.map((id, i) => ({ type: 'tool_result' as const, tool_use_id: id, content: 'contents', ...(i === ids.length - 1 && { cache_control: cached }) })) },
        ],
      });
      return { first: first.usage, second: second.usage };
    }

    const marked = await secondTurnRead('claude-marked', true);
    assert.equal(marked.second.cache_read_input_tokens, marked.first.cache_creation_input_tokens);
    const unmarked = await secondTurnRead('claude-unmarked', false);
    assert.ok((unmarked.second.cache_read_input_tokens ?? 0) < 20, 'only the system prompt is within reach');
    assert.deepEqual(server.violations, []);
  });
});
