import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { Message } from '../../../../../src/core/llm/messages';
import { OpenAIProvider } from '../../../../../src/core/llm/providers/openaiProvider';
import { capturingFetch, openAiSse, sseResponse } from './recordedStream';
import { collect, errorOf } from './streamHelpers';

const hello: Message[] = [{ role: 'user', content: [{ type: 'text', text: 'Hello' }] }];

function providerAnswering(response: () => Response, baseURL = 'http://localhost:8000/v1'): OpenAIProvider {
  return new OpenAIProvider({ apiKey: 'k', baseURL, fetch: capturingFetch(response).fetch });
}

describe('OpenAIProvider: errors as servers send them', () => {
  it('shows the message of an array-shaped error body (Gemini), not "400 status code (no body)"', async () => {
    const body = fs.readFileSync(path.resolve(__dirname, '../../../../fixtures/wire/gemini-array-error.json'), 'utf8');
    const provider = providerAnswering(() => new Response(body, { status: 400, headers: { 'content-type': 'application/json' } }), 'https://generativelanguage.googleapis.com/v1beta/openai/');
    const error = errorOf(await collect(provider.stream({ model: 'gemini-3-pro-preview', system: '', messages: hello, tools: [] })));
    assert.equal(error.kind, 'bad_request');
    assert.equal(error.status, 400);
    assert.match(error.message, /^The API rejected the request \(400\): Function call is missing a thought_signature/);
  });

  it('classifies a vLLM engine error inside a 200 stream by its code: a server error, retried', async () => {
    // vLLM's create_streaming_error_response (vllm-project/vllm, vllm/entrypoints/openai/serving_engine.py):
    // ErrorResponse(error=ErrorInfo(message, type="InternalServerError", code=500)) sent as an SSE data line.
    const engineError = JSON.stringify({ error: { message: 'EngineCore encountered an issue.', type: 'InternalServerError', param: null, code: 500 } });
    const provider = providerAnswering(sseResponse(openAiSse([engineError])));
    const error = errorOf(await collect(provider.stream({ model: 'qwen', system: '', messages: hello, tools: [] })));
    assert.equal(error.kind, 'server');
    assert.equal(error.retryable, true);
    assert.match(error.message, /\(500, in the stream\): EngineCore encountered an issue\./);
  });
});
