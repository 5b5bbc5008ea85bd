import assert from 'node:assert/strict';
import { AnthropicProvider } from '../../../../../src/core/llm/providers/anthropicProvider';
import { createProvider } from '../../../../../src/core/llm/providers/createProvider';
import { OpenAIProvider } from '../../../../../src/core/llm/providers/openaiProvider';
import { startFakeLlmServer } from '../../../../support/fakeLlmServer';
import { collect, doneMessage } from './streamHelpers';

describe('createProvider', () => {
  it('creates the provider for the configured wire API', () => {
    const openai = createProvider({ provider: 'openai', apiKey: 'k' });
    const anthropic = createProvider({ provider: 'anthropic', apiKey: 'k' });
    assert.ok(openai instanceof OpenAIProvider && openai.name === 'openai');
    assert.ok(anthropic instanceof AnthropicProvider && anthropic.name === 'anthropic');
  });

  it('passes the key and base URL through', async () => {
    const server = await startFakeLlmServer({ apiKey: 'sk-configured' });
    try {
      server.enqueue({ kind: 'reply', content: [{ type: 'text', text: 'ok' }] });
      const provider = createProvider({ provider: 'anthropic', apiKey: 'sk-configured', baseURL: server.anthropicBaseUrl, timeoutMs: 5000 });
      const events = await collect(provider.stream({ model: 'm', system: '', messages: [{ role: 'user', content: [{ type: 'text', text: 'hi' }] }], tools: [] }));
      assert.equal(doneMessage(events).provider, 'anthropic');
    } finally {
      await server.close();
    }
  });
});
