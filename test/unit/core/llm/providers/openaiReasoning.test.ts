import assert from 'node:assert/strict';
import type { Message } from '../../../../../src/core/llm/messages';
import type { ChatRequest } from '../../../../../src/core/llm/provider';
import { OpenAIProvider } from '../../../../../src/core/llm/providers/openaiProvider';
import { openaiReasoning } from '../../../../../src/core/llm/providers/openaiReasoning';
import type { ReasoningEffortSetting } from '../../../../../src/core/llm/reasoningEffort';
import { startFakeLlmServer, text, type FakeLlmServer } from '../../../../support/fakeLlmServer';
import { collect, doneMessage } from './streamHelpers';

const hello: Message[] = [{ role: 'user', content: [{ type: 'text', text: 'Hello' }] }];

describe('OpenAI-style reasoning requests', () => {
  it('puts the output limit of OpenAI reasoning models in max_completion_tokens, which they take instead of max_tokens', () => {
    assert.deepEqual(openaiReasoning('gpt-5', 'default', 32_000), { max_completion_tokens: 32_000 });
    assert.deepEqual(openaiReasoning('openai/o3', 'default', 1_000), { max_completion_tokens: 1_000 });
    assert.deepEqual(openaiReasoning('gpt-5.4', 'default', undefined), {});
  });

  it('keeps max_tokens for every other model, the one all compatible servers know', () => {
    assert.deepEqual(openaiReasoning('gpt-4.1', 'high', 500), { max_tokens: 500 });
    assert.deepEqual(openaiReasoning('qwen2.5-coder:14b', 'high', 500), { max_tokens: 500 });
    assert.deepEqual(openaiReasoning('deepseek-v4-pro', 'default', 500), { max_tokens: 500 });
  });

  it('sends the level as reasoning_effort, and off as the lowest effort each model takes', () => {
    assert.equal(openaiReasoning('gpt-5.1', 'high', undefined).reasoning_effort, 'high');
    assert.equal(openaiReasoning('gpt-5-mini', 'low', undefined).reasoning_effort, 'low');
    assert.equal(openaiReasoning('gpt-5.1', 'off', undefined).reasoning_effort, 'none');
    assert.equal(openaiReasoning('gpt-5', 'off', undefined).reasoning_effort, 'minimal');
    assert.equal(openaiReasoning('o4-mini', 'off', undefined).reasoning_effort, 'low');
    assert.equal('reasoning_effort' in openaiReasoning('gpt-5', 'default', undefined), false);
  });

  it('never sends reasoning_effort to a model not documented to take it', () => {
    for (const effort of ['off', 'low', 'medium', 'high'] as const) {
      assert.equal('reasoning_effort' in openaiReasoning('gpt-4o', effort, undefined), false);
      assert.equal('reasoning_effort' in openaiReasoning('llama3.1:8b', effort, undefined), false);
      assert.equal('thinking' in openaiReasoning('deepseek-chat', effort, undefined), false);
    }
  });

  it('switches DeepSeek V4 thinking with its own thinking field and its effort', () => {
    assert.deepEqual(openaiReasoning('deepseek-v4-flash', 'off', undefined), { thinking: { type: 'disabled' } });
    assert.deepEqual(openaiReasoning('deepseek-v4-pro', 'high', 8_000), { max_tokens: 8_000, thinking: { type: 'enabled' }, reasoning_effort: 'high' });
  });

  describe('through the provider, against the fake Chat Completions API', () => {
    let server: FakeLlmServer;

    beforeEach(async () => {
      server = await startFakeLlmServer();
    });

    afterEach(async () => {
      await server.close();
    });

    function provider(reasoningEffort?: ReasoningEffortSetting): OpenAIProvider {
      return new OpenAIProvider({ apiKey: server.apiKey, baseURL: server.openaiBaseUrl, reasoningEffort });
    }

    function request(model: string, extra: Partial<ChatRequest> = {}): ChatRequest {
      return { model, system: 'You are Elbow.', messages: hello, tools: [], ...extra };
    }

    function lastBody(): Record<string, unknown> {
      return server.requests.at(-1)?.body as Record<string, unknown>;
    }

    it('sends a reasoning model’s limit and effort in the fields it takes, and the API answers', async () => {
      server.enqueue({ kind: 'reply', content: [text('Hi.')] });
      doneMessage(await collect(provider('medium').stream(request('gpt-5', { maxOutputTokens: 4_000 }))));
      assert.equal(lastBody().max_completion_tokens, 4_000);
      assert.equal('max_tokens' in lastBody(), false);
      assert.equal(lastBody().reasoning_effort, 'medium');
      assert.deepEqual(server.violations, []);
    });

    it('lets a request choose its own effort over the provider’s', async () => {
      server.enqueue({ kind: 'reply', content: [text('Hi.')] });
      doneMessage(await collect(provider('high').stream(request('o3', { reasoningEffort: 'off' }))));
      assert.equal(lastBody().reasoning_effort, 'low');
    });

    it('sends DeepSeek’s thinking switch through the SDK', async () => {
      server.enqueue({ kind: 'reply', content: [text('Hi.')] });
      doneMessage(await collect(provider('off').stream(request('deepseek-v4-pro'))));
      assert.deepEqual(lastBody().thinking, { type: 'disabled' });
    });

    it('the fake API refuses max_tokens on a reasoning model and reasoning_effort on an older one, as OpenAI does', async () => {
      const refused = async (body: Record<string, unknown>): Promise<{ message: string; param: string; code: string }> => {
        const response = await fetch(`${server.openaiBaseUrl}/chat/completions`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${server.apiKey}` },
          body: JSON.stringify({ messages: [{ role: 'user', content: 'Hi' }], ...body }),
        });
        assert.equal(response.status, 400);
        return ((await response.json()) as { error: { message: string; param: string; code: string } }).error;
      };
      const limit = await refused({ model: 'o4-mini', max_tokens: 100 });
      assert.equal(limit.param, 'max_tokens');
      assert.equal(limit.code, 'unsupported_parameter');
      assert.match(limit.message, /Use 'max_completion_tokens' instead/);
      assert.equal((await refused({ model: 'gpt-4.1', reasoning_effort: 'low' })).param, 'reasoning_effort');
    });
  });
});
