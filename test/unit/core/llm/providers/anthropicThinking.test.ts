import assert from 'node:assert/strict';
import type { Message } from '../../../../../src/core/llm/messages';
import type { ChatRequest } from '../../../../../src/core/llm/provider';
import { AnthropicProvider } from '../../../../../src/core/llm/providers/anthropicProvider';
import { anthropicThinking, interleavedThinkingBeta, minimumThinkingBudget } from '../../../../../src/core/llm/providers/anthropicThinking';
import { startFakeLlmServer, text, toolCall, type FakeLlmServer } from '../../../../support/fakeLlmServer';
import { collect, doneMessage, toolCallEvents } from './streamHelpers';

const tools = [{ name: 'read_file', description: 'Read a file.', inputSchema: { type: 'object', properties: { path: { type: 'string' } } } }];
const hello: Message[] = [{ role: 'user', content: [{ type: 'text', text: 'Hello' }] }];

describe('Anthropic thinking requests', () => {
  describe('for models with a thinking budget (Claude 3.7 and 4 up to 4.5)', () => {
    it('sends nothing for default and off, as these models do not think unless asked', () => {
      for (const effort of ['default', 'off'] as const) {
        assert.deepEqual(anthropicThinking('claude-sonnet-4-5', effort, 32_000, true), { fields: {}, betas: [] });
      }
    });

    it('asks for a larger budget at each level, always at least 1024 and below max_tokens', () => {
      const budgets = (['low', 'medium', 'high'] as const).map((effort) => {
        const { fields } = anthropicThinking('claude-sonnet-4-5-20250929', effort, 32_000, false);
        assert.equal(fields.thinking?.type, 'enabled');
        return fields.thinking.type === 'enabled' ? fields.thinking.budget_tokens : 0;
      });
      const [low = 0, medium = 0, high = 0] = budgets;
      assert.ok(low >= minimumThinkingBudget && low < medium && medium < high && high < 32_000, budgets.join(', '));
    });

    it('fits the budget under a small max_tokens, leaving room for the answer, and drops thinking that cannot fit', () => {
      const fitted = anthropicThinking('claude-haiku-4-5', 'high', 8_192, false).fields.thinking;
      assert.ok(fitted?.type === 'enabled' && fitted.budget_tokens >= minimumThinkingBudget && fitted.budget_tokens <= 8_192 - 4_096, JSON.stringify(fitted));
      assert.deepEqual(anthropicThinking('claude-haiku-4-5', 'high', 4_000, false), { fields: {}, betas: [] });
    });

    it('asks for interleaved thinking between tool calls on Claude 4, not on 3.7 or without tools', () => {
      assert.deepEqual(anthropicThinking('claude-opus-4-1', 'medium', 32_000, true).betas, [interleavedThinkingBeta]);
      assert.deepEqual(anthropicThinking('claude-opus-4-1', 'medium', 32_000, false).betas, []);
      assert.deepEqual(anthropicThinking('claude-3-7-sonnet-latest', 'medium', 32_000, true).betas, []);
    });
  });

  describe('for models with adaptive thinking', () => {
    it('asks for adaptive thinking with the effort, and no budget', () => {
      assert.deepEqual(anthropicThinking('claude-opus-4-7', 'low', 32_000, true), { fields: { thinking: { type: 'adaptive' }, output_config: { effort: 'low' } }, betas: [] });
      assert.deepEqual(anthropicThinking('claude-sonnet-5', 'high', 32_000, true).fields, { thinking: { type: 'adaptive' }, output_config: { effort: 'high' } });
    });

    it('turns thinking off the way each model documents: nothing where it is off by default, disabled, or between_tools on Sonnet 5.5', () => {
      assert.deepEqual(anthropicThinking('claude-sonnet-4-6', 'off', 32_000, true).fields, {});
      assert.deepEqual(anthropicThinking('claude-opus-5', 'off', 32_000, true).fields, { thinking: { type: 'disabled' } });
      assert.deepEqual(anthropicThinking('claude-haiku-5-5', 'off', 32_000, true).fields, { thinking: { type: 'disabled' } });
      assert.deepEqual(anthropicThinking('claude-sonnet-5-5', 'off', 32_000, true).fields, { thinking: { type: 'between_tools' } });
    });

    it('asks models that always think for the lowest effort on off', () => {
      for (const model of ['claude-opus-5-5', 'claude-fable-5-1', 'claude-mythos-5']) {
        assert.deepEqual(anthropicThinking(model, 'off', 32_000, true).fields, { output_config: { effort: 'low' } }, model);
      }
    });
  });

  it('sends nothing for models that do not think or that the table does not know', () => {
    assert.deepEqual(anthropicThinking('claude-3-5-haiku', 'high', 8_192, true), { fields: {}, betas: [] });
    assert.deepEqual(anthropicThinking('claude-test', 'high', 8_192, true), { fields: {}, betas: [] });
  });

  describe('through the provider, against the fake Messages API', () => {
    let server: FakeLlmServer;

    beforeEach(async () => {
      server = await startFakeLlmServer();
    });

    afterEach(async () => {
      await server.close();
    });

    function provider(reasoningEffort?: 'default' | 'off' | 'low' | 'medium' | 'high'): AnthropicProvider {
      return new AnthropicProvider({ apiKey: server.apiKey, baseURL: server.anthropicBaseUrl, maxOutputTokens: 32_000, reasoningEffort });
    }

    function request(model: string, extra: Partial<ChatRequest> = {}): ChatRequest {
      return { model, system: 'You are Elbow.', messages: hello, tools, ...extra };
    }

    it('sends a budget under max_tokens with the interleaved-thinking header, and the API takes it', async () => {
      server.enqueue({ kind: 'reply', content: [{ type: 'thinking', thinking: 'Let me look.' }, text('Done.')] });
      doneMessage(await collect(provider('high').stream(request('claude-opus-4-5'))));
      const sent = server.requests.at(-1);
      const body = sent?.body as { max_tokens: number; thinking: { type: string; budget_tokens: number } };
      assert.equal(body.thinking.type, 'enabled');
      assert.ok(body.thinking.budget_tokens < body.max_tokens);
      assert.equal(sent?.headers['anthropic-beta'], interleavedThinkingBeta);
      assert.deepEqual(server.violations, []);
    });

    it('carries the thinking of a tool call into the next request of the loop, as the API requires with thinking on', async () => {
      server.enqueue(
        { kind: 'reply', content: [{ type: 'thinking', thinking: 'I should read it.' }, toolCall('read_file', { path: 'a.txt' })] },
        { kind: 'reply', content: [{ type: 'thinking', thinking: 'Now I know.' }, text('It says hi.')] },
      );
      const thinking = provider('medium');
      const firstEvents = await collect(thinking.stream(request('claude-opus-4-5')));
      const first = doneMessage(firstEvents);
      const [callId] = [...toolCallEvents(firstEvents).keys()];
      assert.ok(callId);
      const messages: Message[] = [...hello, first, { role: 'tool', results: [{ type: 'tool_result', toolCallId: callId, toolName: 'read_file', content: [{ type: 'text', text: 'hi' }], isError: false }] }];
      doneMessage(await collect(thinking.stream(request('claude-opus-4-5', { messages }))));
      const second = server.requests.at(-1);
      assert.equal(second?.headers['anthropic-beta'], interleavedThinkingBeta);
      assert.deepEqual(server.violations, []);
    });

    it('lets a request choose its own effort over the provider’s', async () => {
      server.enqueue({ kind: 'reply', content: [text('Hi.')] });
      doneMessage(await collect(provider('high').stream(request('claude-opus-4-6', { reasoningEffort: 'medium' }))));
      const body = server.requests.at(-1)?.body as Record<string, unknown>;
      assert.deepEqual(body.thinking, { type: 'adaptive' });
      assert.deepEqual(body.output_config, { effort: 'medium' });
    });

    it('sends no thinking field and no beta header by default', async () => {
      server.enqueue({ kind: 'reply', content: [text('Hi.')] });
      doneMessage(await collect(provider().stream(request('claude-opus-4-5'))));
      const sent = server.requests.at(-1);
      assert.equal('thinking' in (sent?.body as object), false);
      assert.equal('output_config' in (sent?.body as object), false);
      assert.equal(sent?.headers['anthropic-beta'], undefined);
    });

    it('keeps off on a model that cannot stop thinking to what the API accepts', async () => {
      server.enqueue({ kind: 'reply', content: [text('Hi.')] });
      doneMessage(await collect(provider('off').stream(request('claude-opus-5-5'))));
      const body = server.requests.at(-1)?.body as Record<string, unknown>;
      assert.equal('thinking' in body, false);
      assert.deepEqual(body.output_config, { effort: 'low' });
      assert.deepEqual(server.violations, []);
    });

    it('the fake API refuses what the real one does: a budget on an adaptive-only model, disabled on one that always thinks', async () => {
      const refused = async (body: Record<string, unknown>): Promise<string> => {
        const response = await fetch(`${server.anthropicBaseUrl}/v1/messages`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-api-key': server.apiKey, 'anthropic-version': '2023-06-01' },
          body: JSON.stringify({ max_tokens: 32_000, messages: [{ role: 'user', content: 'Hi' }], ...body }),
        });
        assert.equal(response.status, 400);
        return JSON.stringify(await response.json());
      };
      assert.match(await refused({ model: 'claude-sonnet-5', thinking: { type: 'enabled', budget_tokens: 2_000 } }), /thinking\.type\.enabled/);
      assert.match(await refused({ model: 'claude-opus-5-5', thinking: { type: 'disabled' } }), /thinking\.type\.disabled/);
      assert.match(await refused({ model: 'claude-opus-4-5', thinking: { type: 'enabled', budget_tokens: 32_000 } }), /greater than `thinking.budget_tokens`/);
      assert.match(await refused({ model: 'claude-opus-4-6', output_config: { effort: 'extreme' } }), /output_config\.effort/);
    });
  });
});
