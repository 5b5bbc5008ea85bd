import assert from 'node:assert/strict';
import { getEventListeners } from 'node:events';
import { AnthropicProvider } from '../../../../../src/core/llm/providers/anthropicProvider';
import { createProvider } from '../../../../../src/core/llm/providers/createProvider';
import { presetById } from '../../../../../src/core/llm/presets/providerPresets';
import { TextToolCallProvider } from '../../../../../src/core/llm/textToolCalls/textToolCallProvider';
import { startFakeLlmServer } from '../../../../support/fakeLlmServer';
import { collect, doneMessage } from './streamHelpers';

describe('createProvider', () => {
  it('creates the provider for the configured wire API', () => {
    const openai = createProvider({ provider: 'openai', apiKey: 'k' });
    const anthropic = createProvider({ provider: 'anthropic', apiKey: 'k' });
    assert.ok(openai instanceof TextToolCallProvider && openai.name === 'openai');
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

  it('asks Anthropic for the output limit it is given, and leaves OpenAI-compatible servers their own default', async () => {
    const server = await startFakeLlmServer();
    try {
      server.enqueue({ kind: 'reply', content: [{ type: 'text', text: 'ok' }] }, { kind: 'reply', content: [{ type: 'text', text: 'ok' }] });
      const request = { model: 'm', system: '', messages: [{ role: 'user' as const, content: [{ type: 'text' as const, text: 'hi' }] }], tools: [] };
      await collect(createProvider({ provider: 'anthropic', apiKey: server.apiKey, baseURL: server.anthropicBaseUrl, maxOutputTokens: 12_345 }).stream(request));
      await collect(createProvider({ provider: 'openai', apiKey: server.apiKey, baseURL: server.openaiBaseUrl, maxOutputTokens: 12_345 }).stream(request));
      assert.equal((server.requests[0]?.body as { max_tokens?: number }).max_tokens, 12_345);
      assert.equal((server.requests[1]?.body as { max_tokens?: number }).max_tokens, undefined);
    } finally {
      await server.close();
    }
  });

  it('gives both providers the configured reasoning effort', async () => {
    const server = await startFakeLlmServer();
    try {
      server.enqueue({ kind: 'reply', content: [{ type: 'text', text: 'ok' }] }, { kind: 'reply', content: [{ type: 'text', text: 'ok' }] });
      const messages = [{ role: 'user' as const, content: [{ type: 'text' as const, text: 'hi' }] }];
      await collect(createProvider({ provider: 'anthropic', apiKey: server.apiKey, baseURL: server.anthropicBaseUrl, reasoningEffort: 'low' }).stream({ model: 'claude-opus-4-7', system: '', messages, tools: [] }));
      await collect(createProvider({ provider: 'openai', apiKey: server.apiKey, baseURL: server.openaiBaseUrl, reasoningEffort: 'low' }).stream({ model: 'gpt-5', system: '', messages, tools: [] }));
      assert.deepEqual((server.requests[0]?.body as { output_config?: unknown }).output_config, { effort: 'low' });
      assert.equal((server.requests[1]?.body as { reasoning_effort?: string }).reasoning_effort, 'low');
    } finally {
      await server.close();
    }
  });

  it('recovers tool calls written as text from a local server, whichever preset reaches it', async () => {
    const server = await startFakeLlmServer();
    try {
      server.enqueue({ kind: 'reply', content: [{ type: 'text', text: 'Listing.\n<tool_call>\n{"name": "list_files", "arguments": {"path": "."}}\n</tool_call>' }] });
      const provider = createProvider({ provider: 'openai', apiKey: server.apiKey, baseURL: server.openaiBaseUrl, preset: presetById('openai') });
      const tools = [{ name: 'list_files', description: 'List files.', inputSchema: { type: 'object', properties: { path: { type: 'string' } } } }];
      const events = await collect(provider.stream({ model: 'some-local-model', system: '', messages: [{ role: 'user', content: [{ type: 'text', text: 'hi' }] }], tools }));
      const calls = doneMessage(events).content.filter((block) => block.type === 'tool_call');
      assert.deepEqual(calls.map((call) => call.type === 'tool_call' && [call.name, JSON.parse(call.arguments)]), [['list_files', { path: '.' }]]);
    } finally {
      await server.close();
    }
  });

  for (const api of ['openai', 'anthropic'] as const) {
    it(`leaves no abort listener behind on a run's signal after each request (${api})`, async () => {
      const server = await startFakeLlmServer();
      try {
        const provider = api === 'openai'
          ? createProvider({ provider: 'openai', apiKey: server.apiKey, baseURL: server.openaiBaseUrl })
          : createProvider({ provider: 'anthropic', apiKey: server.apiKey, baseURL: server.anthropicBaseUrl });
        const run = new AbortController();
        for (let index = 0; index < 12; index++) {
          server.enqueue({ kind: 'reply', content: [{ type: 'text', text: 'ok' }] });
          await collect(provider.stream({ model: 'm', system: '', messages: [{ role: 'user', content: [{ type: 'text', text: 'hi' }] }], tools: [], signal: run.signal }));
        }
        assert.equal(getEventListeners(run.signal, 'abort').length, 0);
      } finally {
        await server.close();
      }
    });
  }
});
