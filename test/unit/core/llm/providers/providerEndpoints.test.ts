import assert from 'node:assert/strict';
import type { ChatRequest } from '../../../../../src/core/llm/provider';
import { presetById } from '../../../../../src/core/llm/presets/providerPresets';
import type { ProviderPreset } from '../../../../../src/core/llm/presets/providerPreset';
import { AnthropicProvider } from '../../../../../src/core/llm/providers/anthropicProvider';
import { OpenAIProvider, type OpenAIProviderOptions } from '../../../../../src/core/llm/providers/openaiProvider';
import { collect, doneMessage } from './streamHelpers';

interface Sent {
  url: string;
  headers: Headers;
}

const openaiStream = [
  'data: {"id":"c","object":"chat.completion.chunk","created":1,"model":"m","choices":[{"index":0,"delta":{"role":"assistant","content":"ok"},"finish_reason":null}]}',
  'data: {"id":"c","object":"chat.completion.chunk","created":1,"model":"m","choices":[{"index":0,"delta":{},"finish_reason":"stop"}]}',
  'data: [DONE]',
].map((line) => `${line}\n\n`).join('');

const anthropicStream = [
  'event: message_start\ndata: {"type":"message_start","message":{"id":"msg_1","type":"message","role":"assistant","model":"m","content":[],"stop_reason":null,"usage":{"input_tokens":1,"output_tokens":1}}}',
  'event: content_block_start\ndata: {"type":"content_block_start","index":0,"content_block":{"type":"text","text":""}}',
  'event: content_block_delta\ndata: {"type":"content_block_delta","index":0,"delta":{"type":"text_delta","text":"ok"}}',
  'event: content_block_stop\ndata: {"type":"content_block_stop","index":0}',
  'event: message_delta\ndata: {"type":"message_delta","delta":{"stop_reason":"end_turn"},"usage":{"output_tokens":1}}',
  'event: message_stop\ndata: {"type":"message_stop"}',
].map((line) => `${line}\n\n`).join('');

function recordingFetch(body: string, sent: Sent[]): typeof fetch {
  return async (input, init) => {
    sent.push({ url: String(input), headers: new Headers(init?.headers) });
    return new Response(body, { status: 200, headers: { 'content-type': 'text/event-stream' } });
  };
}

const request: ChatRequest = { model: 'gpt-4o-prod', system: '', messages: [{ role: 'user', content: [{ type: 'text', text: 'hi' }] }], tools: [] };

async function sendOpenAI(options: Omit<OpenAIProviderOptions, 'fetch'>): Promise<Sent> {
  const sent: Sent[] = [];
  const events = await collect(new OpenAIProvider({ ...options, fetch: recordingFetch(openaiStream, sent) }).stream(request));
  assert.deepEqual(doneMessage(events).content, [{ type: 'text', text: 'ok' }]);
  const [only, ...more] = sent;
  assert.ok(only && more.length === 0);
  return only;
}

function restoreEnvironment(values: Record<string, string | undefined>): void {
  for (const [name, value] of Object.entries(values)) {
    if (value === undefined) Reflect.deleteProperty(process.env, name);
    else process.env[name] = value;
  }
}

function preset(id: string): ProviderPreset {
  const found = presetById(id);
  assert.ok(found, id);
  return found;
}

describe('provider endpoints', () => {
  it('keeps a query in any base URL as the query of every request, after the request path', async () => {
    const sent = await sendOpenAI({ apiKey: 'k', baseURL: 'https://proxy.example.com/v1?team=core' });
    assert.equal(sent.url, 'https://proxy.example.com/v1/chat/completions?team=core');
  });

  it('keeps a query in an Anthropic base URL the same way', async () => {
    const sent: Sent[] = [];
    await collect(new AnthropicProvider({ apiKey: 'k', baseURL: 'https://gateway.example.com/anthropic?route=eu', fetch: recordingFetch(anthropicStream, sent) }).stream(request));
    assert.equal(sent[0]?.url, 'https://gateway.example.com/anthropic/v1/messages?route=eu');
  });

  it('sends Azure requests to the deployment with the api-version of the base URL, the key as api-key', async () => {
    const sent = await sendOpenAI({ apiKey: 'azure-key', baseURL: 'https://contoso.openai.azure.com/?api-version=2024-10-21', preset: preset('azure') });
    assert.equal(sent.url, 'https://contoso.openai.azure.com/openai/deployments/gpt-4o-prod/chat/completions?api-version=2024-10-21');
    assert.equal(sent.headers.get('api-key'), 'azure-key');
    assert.equal(sent.headers.get('authorization'), null);
  });

  it('uses the configured api-version, else the preset\'s GA default, when the Azure base URL has none', async () => {
    const configured = await sendOpenAI({ apiKey: 'k', baseURL: 'https://contoso.openai.azure.com/openai', preset: preset('azure'), azureApiVersion: '2025-04-01-preview' });
    assert.equal(configured.url, 'https://contoso.openai.azure.com/openai/deployments/gpt-4o-prod/chat/completions?api-version=2025-04-01-preview');
    const fallback = await sendOpenAI({ apiKey: 'k', baseURL: 'https://contoso.openai.azure.com', preset: preset('azure') });
    assert.equal(fallback.url, `https://contoso.openai.azure.com/openai/deployments/gpt-4o-prod/chat/completions?api-version=${preset('azure').apiVersion?.default}`);
  });

  it('takes the deployment from a pasted Azure target URI', async () => {
    const sent = await sendOpenAI({ apiKey: 'k', baseURL: 'https://contoso.openai.azure.com/openai/deployments/chat4/chat/completions?api-version=2024-06-01', preset: preset('azure') });
    assert.equal(sent.url, 'https://contoso.openai.azure.com/openai/deployments/chat4/chat/completions?api-version=2024-06-01');
  });

  it('sends the Azure v1 endpoint the model in the body and the key as api-key, with no api-version', async () => {
    const sent = await sendOpenAI({ apiKey: 'azure-key', baseURL: 'https://contoso.openai.azure.com/openai/v1/', preset: preset('azure') });
    assert.equal(sent.url, 'https://contoso.openai.azure.com/openai/v1/chat/completions');
    assert.equal(sent.headers.get('api-key'), 'azure-key');
    assert.equal(sent.headers.get('authorization'), null);
  });

  it('sends an Entra ID token as Bearer to Azure, and no key', async () => {
    for (const baseURL of ['https://contoso.openai.azure.com', 'https://contoso.openai.azure.com/openai/v1']) {
      const sent = await sendOpenAI({ apiKey: 'unused', baseURL, preset: preset('azure'), azureTokenProvider: async () => 'entra-token' });
      assert.equal(sent.headers.get('authorization'), 'Bearer entra-token');
      assert.equal(sent.headers.get('api-key'), null);
    }
  });

  it('sends a preset\'s requests to its own endpoint even when OPENAI_BASE_URL names another server', async () => {
    const saved = process.env.OPENAI_BASE_URL;
    process.env.OPENAI_BASE_URL = 'https://elsewhere.example.com/v1';
    try {
      const sent = await sendOpenAI({ apiKey: 'mistral-key', preset: preset('mistral') });
      assert.equal(sent.url, 'https://api.mistral.ai/v1/chat/completions');
      assert.equal(sent.headers.get('authorization'), 'Bearer mistral-key');
    } finally {
      if (saved === undefined) delete process.env.OPENAI_BASE_URL;
      else process.env.OPENAI_BASE_URL = saved;
    }
  });

  it('sends OpenAI\'s and Anthropic\'s keys to their own services, whatever OPENAI_BASE_URL and ANTHROPIC_BASE_URL say', async () => {
    const saved = { openai: process.env.OPENAI_BASE_URL, anthropic: process.env.ANTHROPIC_BASE_URL };
    process.env.OPENAI_BASE_URL = 'https://elsewhere.example.com/v1';
    process.env.ANTHROPIC_BASE_URL = 'https://elsewhere.example.com';
    try {
      for (const provider of [undefined, preset('openai')]) {
        const sent = await sendOpenAI({ apiKey: 'openai-key', preset: provider });
        assert.equal(sent.url, 'https://api.openai.com/v1/chat/completions');
      }
      const sent: Sent[] = [];
      await collect(new AnthropicProvider({ apiKey: 'anthropic-key', preset: preset('anthropic'), fetch: recordingFetch(anthropicStream, sent) }).stream(request));
      assert.equal(sent[0]?.url, 'https://api.anthropic.com/v1/messages');
    } finally {
      restoreEnvironment({ OPENAI_BASE_URL: saved.openai, ANTHROPIC_BASE_URL: saved.anthropic });
    }
  });

  it('names OPENAI_ORG_ID\'s organization and OPENAI_PROJECT_ID\'s project to OpenAI only', async () => {
    const saved = { org: process.env.OPENAI_ORG_ID, project: process.env.OPENAI_PROJECT_ID };
    process.env.OPENAI_ORG_ID = 'org-secret';
    process.env.OPENAI_PROJECT_ID = 'proj-secret';
    try {
      const toOpenAI = await sendOpenAI({ apiKey: 'k', preset: preset('openai') });
      assert.equal(toOpenAI.headers.get('openai-organization'), 'org-secret');
      const elsewhere = [
        { preset: preset('mistral') },
        { preset: preset('ollama') },
        { preset: preset('azure'), baseURL: 'https://r.openai.azure.com' },
        { preset: preset('openai'), baseURL: 'http://127.0.0.1:8000/v1' },
        { baseURL: 'http://127.0.0.1:8000/v1' },
      ];
      for (const target of elsewhere) {
        const sent = await sendOpenAI({ apiKey: 'k', ...target });
        const name = `${target.preset?.id ?? 'no preset'} ${target.baseURL ?? ''}`;
        assert.equal(sent.headers.get('openai-organization'), null, name);
        assert.equal(sent.headers.get('openai-project'), null, name);
      }
    } finally {
      restoreEnvironment({ OPENAI_ORG_ID: saved.org, OPENAI_PROJECT_ID: saved.project });
    }
  });
});
