import assert from 'node:assert/strict';
import { startFakeLlmServer, text, type FakeLlmServer } from '../../support/fakeLlmServer';

let server: FakeLlmServer;

async function post(path: string, body: unknown, headers: Record<string, string>): Promise<{ status: number; text: string }> {
  const response = await fetch(`${server.url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
  return { status: response.status, text: await response.text() };
}

const openaiAuth = (): Record<string, string> => ({ authorization: `Bearer ${server.apiKey}` });
const anthropicAuth = (): Record<string, string> => ({ 'x-api-key': server.apiKey, 'anthropic-version': '2023-06-01' });
const png = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGP4z8AAAAMBAQDJ/pLvAAAAAElFTkSuQmCC';

describe('the fake LLM server with images', () => {
  beforeEach(async () => {
    server = await startFakeLlmServer();
  });
  afterEach(async () => {
    await server.close();
  });

  it('accepts an Anthropic base64 image in a supported format', async () => {
    server.enqueue({ kind: 'reply', content: [text('ok')] });
    const content = [{ type: 'image', source: { type: 'base64', media_type: 'image/png', data: png } }, { type: 'text', text: 'what is this?' }];
    const response = await post('/v1/messages', { model: 'claude-sonnet-4-6', max_tokens: 100, messages: [{ role: 'user', content }] }, anthropicAuth());
    assert.equal(response.status, 200, response.text);
    assert.deepEqual(server.violations, []);
  });

  it('refuses an Anthropic image of another media type with the API\'s words', async () => {
    const content = [{ type: 'image', source: { type: 'base64', media_type: 'image/bmp', data: png } }, { type: 'text', text: 'what is this?' }];
    const response = await post('/v1/messages', { model: 'claude-sonnet-4-6', max_tokens: 100, messages: [{ role: 'user', content }] }, anthropicAuth());
    assert.equal(response.status, 400);
    assert.match(response.text, /messages\.0\.content\.0\.image\.source\.base64\.media_type: Input should be 'image\/jpeg', 'image\/png', 'image\/gif' or 'image\/webp'/);
  });

  it('accepts an OpenAI image_url part with a data URL', async () => {
    server.enqueue({ kind: 'reply', content: [text('ok')] });
    const content = [{ type: 'text', text: 'what is this?' }, { type: 'image_url', image_url: { url: `data:image/png;base64,${png}` } }];
    const response = await post('/v1/chat/completions', { model: 'gpt-4.1', messages: [{ role: 'user', content }] }, openaiAuth());
    assert.equal(response.status, 200, response.text);
  });

  it('refuses an OpenAI image_url that is bare base64, as OpenAI does', async () => {
    const content = [{ type: 'text', text: 'what is this?' }, { type: 'image_url', image_url: { url: png } }];
    const response = await post('/v1/chat/completions', { model: 'gpt-4.1', messages: [{ role: 'user', content }] }, openaiAuth());
    assert.equal(response.status, 400);
    assert.match(response.text, /Invalid image URL: 'messages\[0\]\.content\[1\]\.image_url\.url'\. Expected a base64-encoded data URL/);
  });
});
