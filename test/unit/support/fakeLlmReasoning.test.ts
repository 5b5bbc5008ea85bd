import assert from 'node:assert/strict';
import OpenAI from 'openai';
import type { Message } from '../../../src/core/llm/messages';
import { OpenAIProvider } from '../../../src/core/llm/providers/openaiProvider';
import { startFakeLlmServer, text, toolCall, type FakeLlmServer } from '../../support/fakeLlmServer';
import { collect, doneMessage } from '../core/llm/providers/streamHelpers';

type ChatMessage = OpenAI.Chat.Completions.ChatCompletionMessageParam;

describe('fake LLM server: fields on assistant messages', () => {
  let server: FakeLlmServer;
  let openai: OpenAI;
  const user: ChatMessage = { role: 'user', content: 'hi' };
  const answer = (id: string): ChatMessage => ({ role: 'tool', tool_call_id: id, content: 'contents' });

  beforeEach(async () => {
    server = await startFakeLlmServer();
    openai = new OpenAI({ apiKey: server.apiKey, baseURL: server.openaiBaseUrl, maxRetries: 0 });
  });
  afterEach(() => server.close());

  async function rejection(messages: unknown[]): Promise<string> {
    try {
      await openai.chat.completions.create({ model: 'm', messages: messages as ChatMessage[] });
    } catch (error) {
      assert.ok(error instanceof OpenAI.BadRequestError, String(error));
      return error.message;
    }
    assert.fail('the request was accepted');
  }

  it('refuses fields OpenAI does not know, on a message and on a tool call', async () => {
    const call = { id: 'call_1', type: 'function', function: { name: 'read_file', arguments: '{}' } };
    assert.match(await rejection([user, { role: 'assistant', content: 'x', reasoning_content: 'mine' }]), /Additional properties are not allowed \('reasoning_content' was unexpected\) - 'messages.1'/);
    assert.match(
      await rejection([user, { role: 'assistant', content: null, tool_calls: [{ ...call, extra_content: { google: { thought_signature: 's' } } }] }, answer('call_1')]),
      /'extra_content' was unexpected\) - 'messages.1.tool_calls.0'/,
    );
  });

  it('demands back the reasoning_content it streamed with a tool call, as DeepSeek does, and accepts it', async () => {
    server.enqueue({ kind: 'reply', content: [{ type: 'thinking', thinking: 'Look first.' }, toolCall('read_file', { path: 'a' }, 'call_7')] });
    await openai.chat.completions.create({ model: 'm', messages: [user], stream: false });
    const called: ChatMessage = { role: 'assistant', content: null, tool_calls: [{ id: 'call_7', type: 'function', function: { name: 'read_file', arguments: '{"path":"a"}' } }] };
    assert.match(await rejection([user, called, answer('call_7')]), /reasoning_content` in the thinking mode must be passed back/);
    server.enqueue({ kind: 'reply', content: [text('done')] });
    await openai.chat.completions.create({ model: 'm', messages: [user, { ...called, reasoning_content: 'Look first.' } as ChatMessage, answer('call_7')] });
  });

  it('lets Elbow run a thinking tool loop through it', async () => {
    const provider = new OpenAIProvider({ apiKey: server.apiKey, baseURL: server.openaiBaseUrl });
    server.enqueue(
      { kind: 'reply', content: [{ type: 'thinking', thinking: 'Read it first.' }, toolCall('read_file', { path: 'a' }, 'call_1')] },
      { kind: 'reply', content: [text('It says hi.')] },
    );
    const ask: Message = { role: 'user', content: [{ type: 'text', text: 'What is in a?' }] };
    const first = doneMessage(await collect(provider.stream({ model: 'm', system: '', messages: [ask], tools: [] })));
    const results: Message = { role: 'tool', results: [{ type: 'tool_result', toolCallId: 'call_1', toolName: 'read_file', content: [{ type: 'text', text: 'hi' }], isError: false }] };
    const second = doneMessage(await collect(provider.stream({ model: 'm', system: '', messages: [ask, first, results], tools: [] })));
    assert.equal(second.content[0]?.type === 'text' && second.content[0].text, 'It says hi.');
    assert.deepEqual(server.violations, []);
  });
});
