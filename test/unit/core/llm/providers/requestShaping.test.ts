import assert from 'node:assert/strict';
import type { AssistantMessage, Message } from '../../../../../src/core/llm/messages';
import { OpenAIProvider } from '../../../../../src/core/llm/providers/openaiProvider';
import { toolResultsBridge } from '../../../../../src/core/llm/providers/openaiMessages';
import { capturingFetch, recordedResponse } from './recordedStream';
import { collect, doneMessage } from './streamHelpers';

const ask: Message = { role: 'user', content: [{ type: 'text', text: 'What is the weather in San Francisco?' }] };
const tools = [{ name: 'weather', description: 'The weather in a place.', inputSchema: { type: 'object', properties: { location: { type: 'string' } } } }];
const openaiCall: AssistantMessage = {
  role: 'assistant',
  content: [{ type: 'tool_call', id: 'call_ZR5UUuTt3pf61kjwAJIYdVMj', name: 'weather', arguments: '{"location":"San Francisco"}' }],
  stopReason: 'tool_use',
  provider: 'openai',
  origin: 'api.openai.com',
  model: 'gpt-4o-mini',
};
const result: Message = { role: 'tool', results: [{ type: 'tool_result', toolCallId: 'call_ZR5UUuTt3pf61kjwAJIYdVMj', toolName: 'weather', content: [{ type: 'text', text: '18°C' }], isError: false }] };

function provider(baseURL: string, ...responses: string[]): { provider: OpenAIProvider; bodies: ReturnType<typeof capturingFetch>['bodies'] } {
  const wire = capturingFetch(...responses.map(recordedResponse));
  return { provider: new OpenAIProvider({ apiKey: 'k', baseURL, fetch: wire.fetch }), bodies: wire.bodies };
}

describe('requests shaped for the server they go to', () => {
  it('sends Mistral no stream_options and its output limit as max_tokens, and still counts the usage Mistral sends unasked', async () => {
    const { provider: mistral, bodies } = provider('https://api.mistral.ai/v1', 'mistral/text-answer.sse');
    const events = await collect(mistral.stream({ model: 'o3', system: '', messages: [ask], tools, maxOutputTokens: 1000 }));
    const body: Record<string, unknown> = bodies[0] ?? {};
    assert.equal('stream_options' in body, false);
    assert.equal('max_completion_tokens' in body, false);
    assert.equal(body['max_tokens'], 1000);
    assert.deepEqual(doneMessage(events).usage, { inputTokens: 13, outputTokens: 8, cacheReadTokens: 0, cacheWriteTokens: 0 });
  });

  it('keeps stream_options for OpenAI, which sends usage only when asked', async () => {
    const { provider: openai, bodies } = provider('https://api.openai.com/v1', 'openai/answer-after-tool.sse');
    await collect(openai.stream({ model: 'gpt-4o-mini', system: '', messages: [ask], tools }));
    assert.deepEqual(bodies[0]?.['stream_options'], { include_usage: true });
  });

  it('sends Mistral another server\'s tool call under a nine-character id, the same on the call and its result', async () => {
    const { provider: mistral, bodies } = provider('https://api.mistral.ai/v1', 'mistral/text-answer.sse');
    await collect(mistral.stream({ model: 'mistral-small-latest', system: '', messages: [ask, openaiCall, result], tools }));
    const [, call, answer] = bodies[0]?.messages ?? [];
    const id = (call?.['tool_calls'] as Array<{ id: string }> | undefined)?.[0]?.id;
    assert.match(id ?? '', /^[a-zA-Z0-9]{9}$/);
    assert.equal(answer?.['tool_call_id'], id);
  });

  it('puts an assistant message between tool results and a new question for Mistral, and for no other server', async () => {
    const messages: Message[] = [ask, openaiCall, result, { role: 'user', content: [{ type: 'text', text: 'And tomorrow?' }] }];
    const mistral = provider('https://api.mistral.ai/v1', 'mistral/text-answer.sse');
    await collect(mistral.provider.stream({ model: 'mistral-small-latest', system: '', messages, tools }));
    assert.deepEqual(mistral.bodies[0]?.messages.map((message) => message['role']), ['user', 'assistant', 'tool', 'assistant', 'user']);
    assert.equal(mistral.bodies[0]?.messages[3]?.['content'], toolResultsBridge);
    const openai = provider('https://api.openai.com/v1', 'openai/answer-after-tool.sse');
    await collect(openai.provider.stream({ model: 'gpt-4o-mini', system: '', messages, tools }));
    assert.deepEqual(openai.bodies[0]?.messages.map((message) => message['role']), ['user', 'assistant', 'tool', 'user']);
  });

  it('gives Gemini the documented stand-in signature on a tool call another server made', async () => {
    const { provider: gemini, bodies } = provider('https://generativelanguage.googleapis.com/v1beta/openai', 'openai/answer-after-tool.sse');
    await collect(gemini.stream({ model: 'gemini-3-pro-preview', system: '', messages: [ask, openaiCall, result], tools }));
    const call = (bodies[0]?.messages[1]?.['tool_calls'] as Array<Record<string, unknown>> | undefined)?.[0];
    assert.deepEqual(call?.['extra_content'], { google: { thought_signature: 'skip_thought_signature_validator' } });
  });

  it('sends DeepSeek an empty reasoning_content on another server\'s tool-loop message', async () => {
    const { provider: deepseek, bodies } = provider('https://api.deepseek.com', 'deepseek/thinking-answer.sse');
    await collect(deepseek.stream({ model: 'deepseek-reasoner', system: '', messages: [ask, openaiCall, result], tools }));
    assert.equal(bodies[0]?.messages[1]?.['reasoning_content'], '');
  });
});
