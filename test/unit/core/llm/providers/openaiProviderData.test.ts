import assert from 'node:assert/strict';
import type { AssistantMessage, Message } from '../../../../../src/core/llm/messages';
import { toOpenAIMessages } from '../../../../../src/core/llm/providers/openaiMessages';
import { OpenAIProvider } from '../../../../../src/core/llm/providers/openaiProvider';
import { OpenAIStreamAssembler } from '../../../../../src/core/llm/providers/openaiStream';
import type { ChatCompletionChunk, ChatCompletionMessageParam } from 'openai/resources/chat/completions';
import { capturingFetch, recordedData, recordedResponse, recording } from './recordedStream';
import { collect, doneMessage } from './streamHelpers';

const tools = [{ name: 'weather', description: 'The weather in a place.', inputSchema: { type: 'object', properties: { location: { type: 'string' } } } }];
const ask: Message = { role: 'user', content: [{ type: 'text', text: 'What is the weather in San Francisco?' }] };
const deepSeekReasoning =
  'The user is asking for the weather in San Francisco. I need to use the weather tool to get this information. Let me invoke the weather tool with the location parameter set to "San Francisco".';

/** The recorded DeepSeek V4 tool call (test/fixtures/recordings/deepseek/thinking-tool-call.sse), assembled. */
async function deepSeekToolCall(): Promise<AssistantMessage> {
  const wire = capturingFetch(recordedResponse('deepseek/thinking-tool-call.sse'));
  const provider = new OpenAIProvider({ apiKey: 'k', baseURL: 'https://api.deepseek.com', fetch: wire.fetch });
  return doneMessage(await collect(provider.stream({ model: 'deepseek-v4-flash', system: '', messages: [ask], tools })));
}

function toolAnswer(message: AssistantMessage): Message {
  const call = message.content.find((block) => block.type === 'tool_call');
  assert.ok(call?.type === 'tool_call');
  return { role: 'tool', results: [{ type: 'tool_result', toolCallId: call.id, toolName: call.name, content: [{ type: 'text', text: '18°C, fog' }], isError: false }] };
}

/** One wire message as a plain record, to read the fields the SDK types do not name. */
function fieldsOf(wire: ChatCompletionMessageParam[], index: number): Record<string, unknown> {
  return { ...wire[index] };
}

function toolCallsOf(wire: ChatCompletionMessageParam[], index: number): Array<Record<string, unknown>> {
  const calls = fieldsOf(wire, index)['tool_calls'];
  assert.ok(Array.isArray(calls));
  return calls as Array<Record<string, unknown>>;
}

function chunk(delta: Record<string, unknown>, finishReason: string | null = null): ChatCompletionChunk {
  return { id: 'c', object: 'chat.completion.chunk', created: 1, model: 'm', choices: [{ index: 0, delta, finish_reason: finishReason, logprobs: null }] } as ChatCompletionChunk;
}

function assemble(chunks: ChatCompletionChunk[], origin: string): AssistantMessage {
  const assembler = new OpenAIStreamAssembler('m', origin);
  for (const piece of chunks) Array.from(assembler.push(piece));
  const done = [...assembler.finish()].at(-1);
  assert.ok(done?.type === 'done');
  return done.message;
}

describe('OpenAI-compatible provider data', () => {
  it('keeps DeepSeek reasoning_content with the recorded tool call, tagged with the server it came from', async () => {
    const message = await deepSeekToolCall();
    assert.equal(message.origin, 'api.deepseek.com');
    assert.deepEqual(message.providerData, { reasoning_content: deepSeekReasoning });
    assert.deepEqual(message.content[0], { type: 'thinking', thinking: deepSeekReasoning });
  });

  it('sends reasoning_content back to DeepSeek on the assistant messages of a tool loop, in every later request', async () => {
    const message = await deepSeekToolCall();
    const final: AssistantMessage = { role: 'assistant', content: [{ type: 'thinking', thinking: 'Answer now.' }, { type: 'text', text: 'Foggy, 18°C.' }], stopReason: 'end_turn', provider: 'openai', origin: 'api.deepseek.com', providerData: { reasoning_content: 'Answer now.' }, model: 'deepseek-v4-flash' };
    const history: Message[] = [ask, message, toolAnswer(message), final, { role: 'user', content: [{ type: 'text', text: 'And tomorrow?' }] }];
    const wire = toOpenAIMessages('', history, 'api.deepseek.com');
    assert.equal(fieldsOf(wire, 1)['reasoning_content'], deepSeekReasoning);
    assert.equal(fieldsOf(wire, 3)['reasoning_content'], 'Answer now.');
  });

  it('gives a tool-loop message without reasoning an empty reasoning_content once DeepSeek has shown it thinks, as its accepted requests do', async () => {
    const message = await deepSeekToolCall();
    // Recorded: the request DeepSeek accepted carries "" on the tool-call message that had no reasoning.
    const accepted = JSON.parse(recording('deepseek/tool-loop-request-accepted.json').body) as { messages: Array<Record<string, unknown>> };
    assert.ok(accepted.messages.some((sent) => sent['role'] === 'assistant' && sent['tool_calls'] !== undefined && sent['reasoning_content'] === ''));
    const unthought: AssistantMessage = { role: 'assistant', content: [{ type: 'tool_call', id: 'call_2', name: 'weather', arguments: '{"location":"Oakland"}' }], stopReason: 'tool_use', provider: 'openai', origin: 'api.openai.com', model: 'gpt-4.1' };
    const history: Message[] = [ask, message, toolAnswer(message), unthought, toolAnswer(unthought)];
    assert.equal(fieldsOf(toOpenAIMessages('', history, 'api.deepseek.com'), 3)['reasoning_content'], '');
    assert.equal('reasoning_content' in fieldsOf(toOpenAIMessages('', [ask, unthought, toolAnswer(unthought)], 'api.deepseek.com'), 1), false);
  });

  it('leaves reasoning_content out of exchanges without tool calls, where DeepSeek ignores it', () => {
    const answer: AssistantMessage = { role: 'assistant', content: [{ type: 'thinking', thinking: 'Easy.' }, { type: 'text', text: '9.11 is smaller.' }], stopReason: 'end_turn', provider: 'openai', origin: 'api.deepseek.com', providerData: { reasoning_content: 'Easy.' }, model: 'deepseek-v4-flash' };
    const wire = toOpenAIMessages('', [ask, answer, { role: 'user', content: [{ type: 'text', text: 'Sure?' }] }], 'api.deepseek.com');
    assert.deepEqual(wire[1], { role: 'assistant', content: '9.11 is smaller.' });
  });

  it('never sends one server\'s fields to another: a conversation moved from DeepSeek to OpenAI', async () => {
    const message = await deepSeekToolCall();
    const wire = capturingFetch(recordedResponse('deepseek/thinking-tool-call.sse'));
    const openai = new OpenAIProvider({ apiKey: 'k', fetch: wire.fetch });
    doneMessage(await collect(openai.stream({ model: 'gpt-4.1', system: '', messages: [ask, message, toolAnswer(message)], tools })));
    const assistant = wire.bodies[0]?.messages[1];
    assert.deepEqual(Object.keys(assistant ?? {}).sort(), ['content', 'role', 'tool_calls']);
  });

  it('sends nothing extra for messages saved before their server was recorded', async () => {
    const message = await deepSeekToolCall();
    const { origin: _origin, ...saved } = message;
    const wire = toOpenAIMessages('', [ask, saved, toolAnswer(saved)], 'api.deepseek.com');
    assert.equal('reasoning_content' in (wire[1] ?? {}), false);
  });

  it('keeps the thought signature Gemini 2.5 puts on the message and returns it to Gemini only', () => {
    // Recorded non-streamed (test/fixtures/recordings/gemini/tool-call-thought-signature.json); streamed, the message is the delta.
    const recorded = JSON.parse(recording('gemini/tool-call-thought-signature.json').body) as { choices: Array<{ message: Record<string, unknown> & { tool_calls: object[] } }> };
    const sent = recorded.choices[0]?.message;
    assert.ok(sent);
    const delta = { ...sent, tool_calls: sent.tool_calls.map((call, index) => ({ ...call, index })) };
    const message = assemble([chunk(delta), chunk({}, 'tool_calls')], 'generativelanguage.googleapis.com');
    assert.deepEqual(message.providerData, { extra_content: sent['extra_content'] });
    const history = [ask, message, toolAnswer(message)];
    assert.deepEqual(fieldsOf(toOpenAIMessages('', history, 'generativelanguage.googleapis.com'), 1)['extra_content'], sent['extra_content']);
    assert.equal('extra_content' in fieldsOf(toOpenAIMessages('', history, 'api.openai.com'), 1), false);
  });

  it('keeps a Gemini 3 thought signature on its tool call and returns it on the same call, to Gemini only', () => {
    // Where Gemini 3 puts it: tool_calls[].extra_content.google.thought_signature (ai.google.dev/gemini-api/docs/thought-signatures,
    // "OpenAI compatibility"); no public recording of it streamed exists.
    const extra = { google: { thought_signature: 'CrICAdHtim827fQ' } };
    const message = assemble([
      chunk({ role: 'assistant', tool_calls: [{ index: 0, id: 'call_1', type: 'function', function: { name: 'weather', arguments: '{"location":"Paris"}' }, extra_content: extra }] }),
      chunk({ tool_calls: [{ index: 1, id: 'call_2', type: 'function', function: { name: 'weather', arguments: '{"location":"Rome"}' } }] }),
      chunk({}, 'tool_calls'),
    ], 'generativelanguage.googleapis.com');
    const calls = message.content.filter((block) => block.type === 'tool_call');
    assert.deepEqual(calls.map((call) => call.providerData), [{ extra_content: extra }, undefined]);
    const gemini = toolCallsOf(toOpenAIMessages('', [ask, message], 'generativelanguage.googleapis.com'), 1);
    assert.deepEqual(gemini.map((call) => call['extra_content']), [extra, undefined]);
    const elsewhere = toolCallsOf(toOpenAIMessages('', [ask, message], 'api.openai.com'), 1);
    assert.equal(elsewhere.some((call) => 'extra_content' in call), false);
  });

  it('returns OpenRouter reasoning_details as received', async () => {
    const wire = capturingFetch(recordedResponse('openrouter/reasoning-stream.sse'));
    const provider = new OpenAIProvider({ apiKey: 'k', baseURL: 'https://openrouter.ai/api/v1', fetch: wire.fetch });
    const message = doneMessage(await collect(provider.stream({ model: 'openai/o3', system: '', messages: [ask], tools: [] })));
    const recorded = recordedData('openrouter/reasoning-stream.sse').flatMap((data) => {
      const details = (data as { choices?: Array<{ delta?: { reasoning_details?: unknown[] } }> }).choices?.[0]?.delta?.reasoning_details;
      return details ?? [];
    });
    assert.equal(recorded.length, 1);
    assert.deepEqual(message.providerData, { reasoning_details: recorded });
    assert.deepEqual(fieldsOf(toOpenAIMessages('', [ask, message, { role: 'user', content: [{ type: 'text', text: 'More' }] }], 'openrouter.ai'), 1)['reasoning_details'], recorded);
  });

  it('joins the streamed pieces of one reasoning_details entry', () => {
    // Recorded (test/fixtures/recordings/openrouter/stream-error.sse): pieces of index 0, then an empty list, then an error.
    const chunks = recordedData('openrouter/stream-error.sse').filter((data) => !('error' in (data as object))) as ChatCompletionChunk[];
    const assembler = new OpenAIStreamAssembler('minimax/minimax-m2:free', 'openrouter.ai');
    for (const piece of chunks) Array.from(assembler.push(piece));
    const done = [...assembler.finish()].at(-1);
    assert.ok(done?.type === 'done');
    assert.deepEqual(done.message.providerData, {
      reasoning_details: [{ type: 'reasoning.text', text: 'We need to respond to a greeting. The user', index: 0, format: null }],
    });
  });
});
