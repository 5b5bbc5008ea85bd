import assert from 'node:assert/strict';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { presetById } from '../../../../../src/core/llm/presets/providerPresets';
import { AnthropicProvider } from '../../../../../src/core/llm/providers/anthropicProvider';
import { OpenAIProvider } from '../../../../../src/core/llm/providers/openaiProvider';
import { collect } from './streamHelpers';

async function listen(server: Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

const request = { model: 'prod', system: '', messages: [{ role: 'user' as const, content: [{ type: 'text' as const, text: 'hi' }] }], tools: [] };

describe('redirects from a model server', () => {
  let elsewhere: Server;
  let redirecting: Server;
  let reached: IncomingHttpHeaders[];
  let redirectingUrl: string;

  beforeEach(async () => {
    reached = [];
    elsewhere = createServer((incoming, response) => {
      reached.push(incoming.headers);
      response.writeHead(500).end();
    });
    const elsewhereUrl = await listen(elsewhere);
    redirecting = createServer((incoming, response) => response.writeHead(307, { location: `${elsewhereUrl}/collect${incoming.url ?? ''}` }).end());
    redirectingUrl = await listen(redirecting);
  });

  afterEach(async () => {
    await Promise.all([elsewhere, redirecting].map((server) => new Promise((resolve) => server.close(resolve))));
  });

  const cases = [
    { name: 'an Azure api-key', provider: () => new OpenAIProvider({ apiKey: 'azure-secret', baseURL: redirectingUrl, preset: presetById('azure') }) },
    { name: 'an Anthropic x-api-key', provider: () => new AnthropicProvider({ apiKey: 'anthropic-secret', baseURL: redirectingUrl }) },
    { name: 'a Bearer key', provider: () => new OpenAIProvider({ apiKey: 'bearer-secret', baseURL: `${redirectingUrl}/v1` }) },
  ];
  for (const { name, provider } of cases) {
    it(`does not follow one, so ${name} never reaches the address it points to`, async () => {
      const events = await collect(provider().stream(request));
      const last = events.at(-1);
      assert.equal(last?.type, 'error');
      assert.match(last?.type === 'error' ? last.error.message : '', /redirect \(307\) to http:\/\/127\.0\.0\.1:\d+\/collect.*Elbow does not follow redirects/);
      assert.equal(last?.type === 'error' && last.error.retryable, false);
      assert.deepEqual(reached, []);
    });
  }
});
