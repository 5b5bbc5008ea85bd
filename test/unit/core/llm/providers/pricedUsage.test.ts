import assert from 'node:assert/strict';
import type { Message } from '../../../../../src/core/llm/messages';
import type { ModelPrices } from '../../../../../src/core/llm/modelFacts';
import type { ProviderEvent } from '../../../../../src/core/llm/provider';
import { AnthropicProvider } from '../../../../../src/core/llm/providers/anthropicProvider';
import { OpenAIProvider } from '../../../../../src/core/llm/providers/openaiProvider';
import { capturingFetch, recordedResponse } from './recordedStream';
import { collect } from './streamHelpers';

const ask: Message = { role: 'user', content: [{ type: 'text', text: 'Hello' }] };

function usageEvents(events: ProviderEvent[]): Array<Extract<ProviderEvent, { type: 'usage' }>> {
  return events.filter((event) => event.type === 'usage');
}

/** Each request's usage is priced where the provider reads the response, so every consumer gets the same cost. */
describe('a provider prices the usage it reads', () => {
  const recorded = [
    { name: 'OpenAI: the recorded gpt-4o-mini tool call, 53 tokens in and 15 out, at $0.15 and $0.60 per million', inputTokens: 53, outputTokens: 15, prices: { input: 0.15, output: 0.6, cacheRead: 0.075, cacheWrite: 0 }, model: 'gpt-4o-mini', provider: (prices: ModelPrices) => new OpenAIProvider({ apiKey: 'k', baseURL: 'https://api.openai.com/v1', fetch: capturingFetch(recordedResponse('openai/tool-call.sse')).fetch, prices }) },
    { name: 'Anthropic: the recorded Claude Sonnet 4 reply, 43 tokens in and 282 out, at $3 and $15 per million', inputTokens: 43, outputTokens: 282, prices: { input: 3, output: 15, cacheRead: 0.3, cacheWrite: 3.75 }, model: 'claude-sonnet-4-20250514', provider: (prices: ModelPrices) => new AnthropicProvider({ apiKey: 'k', baseURL: 'https://api.anthropic.com', fetch: capturingFetch(recordedResponse('anthropic/thinking-text.sse')).fetch, prices }) },
  ];
  for (const { name, inputTokens, outputTokens, prices, model, provider } of recorded) {
    it(name, async () => {
      const [usage, ...more] = usageEvents(await collect(provider(prices).stream({ model, system: '', messages: [ask], tools: [] })));
      assert.equal(more.length, 0, 'one usage event per request');
      assert.deepEqual(usage?.usage, { inputTokens, outputTokens, cacheReadTokens: 0, cacheWriteTokens: 0 });
      const expected = (inputTokens * prices.input + outputTokens * prices.output) / 1e6;
      assert.ok(usage !== undefined && usage.cost !== null && Math.abs(usage.cost - expected) < 1e-12, JSON.stringify(usage));
    });
  }

  it('leaves the cost unknown, never zero, without prices', async () => {
    const provider = new OpenAIProvider({ apiKey: 'k', baseURL: 'https://api.openai.com/v1', fetch: capturingFetch(recordedResponse('openai/tool-call.sse')).fetch });
    const [usage] = usageEvents(await collect(provider.stream({ model: 'gpt-4o-mini', system: '', messages: [ask], tools: [] })));
    assert.equal(usage?.cost, null);
  });
});
