import assert from 'node:assert/strict';
import type { Message } from '../../../../../src/core/llm/messages';
import { OpenAIProvider } from '../../../../../src/core/llm/providers/openaiProvider';
import { capturingFetch, recordedResponse } from './recordedStream';
import { collect, errorOf } from './streamHelpers';

const hello: Message[] = [{ role: 'user', content: [{ type: 'text', text: 'Hello' }] }];

async function errorReplaying(file: string, baseURL: string): Promise<ReturnType<typeof errorOf>> {
  const provider = new OpenAIProvider({ apiKey: 'k', baseURL, fetch: capturingFetch(recordedResponse(file)).fetch });
  return errorOf(await collect(provider.stream({ model: 'm', system: '', messages: hello, tools: [] })));
}

describe('OpenAIProvider: errors as servers send them', () => {
  it('shows the message of an array-shaped error body (Gemini), not "400 status code (no body)"', async () => {
    const error = await errorReplaying('gemini/error-missing-thought-signature.json', 'https://generativelanguage.googleapis.com/v1beta/openai/');
    assert.equal(error.kind, 'bad_request');
    assert.equal(error.status, 400);
    assert.match(error.message, /^The API rejected the request \(400\): Function call is missing a thought_signature/);
  });

  it('classifies a vLLM engine error inside a 200 stream by its code: a server error, retried', async () => {
    const error = await errorReplaying('vllm/stream-error.sse', 'http://localhost:8000/v1');
    assert.equal(error.kind, 'server');
    assert.equal(error.retryable, true);
    assert.match(error.message, /\(500, in the stream\): EngineCore encountered an issue\./);
  });

  it('reads an OpenRouter error object after its comment lines and reasoning, by its code', async () => {
    const error = await errorReplaying('openrouter/stream-error.sse', 'https://openrouter.ai/api/v1');
    assert.equal(error.kind, 'bad_request');
    assert.match(error.message, /\(400, in the stream\): Token limit reached/);
  });
});
