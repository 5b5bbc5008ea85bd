import assert from 'node:assert/strict';
import type { Message, ThinkingBlock } from '../../../../../src/core/llm/messages';
import { AnthropicProvider } from '../../../../../src/core/llm/providers/anthropicProvider';
import { toAnthropicMessages } from '../../../../../src/core/llm/providers/anthropicMessages';
import { capturingFetch, recordedData, recordedResponse } from './recordedStream';
import { collect, doneMessage } from './streamHelpers';

const ask: Message = { role: 'user', content: [{ type: 'text', text: 'Hello' }] };
const next: Message = { role: 'user', content: [{ type: 'text', text: 'Go on' }] };

interface StartEvent {
  type: string;
  content_block?: { type: string; data?: string; signature?: string };
}

async function replay(file: string): Promise<ReturnType<typeof doneMessage>> {
  const provider = new AnthropicProvider({ apiKey: 'k', fetch: capturingFetch(recordedResponse(file)).fetch });
  return doneMessage(await collect(provider.stream({ model: 'claude-sonnet-4-5', system: '', messages: [ask], tools: [] })));
}

describe('AnthropicProvider thinking, replayed from recordings', () => {
  it('sends recorded redacted thinking back unchanged, in order, before the text', async () => {
    const message = await replay('anthropic/redacted-thinking.sse');
    const recorded = (recordedData('anthropic/redacted-thinking.sse') as StartEvent[])
      .flatMap((event) => (event.type === 'content_block_start' && event.content_block?.type === 'redacted_thinking' ? [event.content_block.data] : []));
    assert.equal(recorded.length, 2);
    const [, assistant] = toAnthropicMessages([ask, message, next]);
    const sent = (assistant?.content ?? []) as Array<{ type: string; data?: string }>;
    assert.deepEqual(sent.filter((block) => block.type === 'redacted_thinking').map((block) => block.data), recorded);
    assert.equal(sent.at(-1)?.type, 'text');
  });

  it('sends recorded thinking back with the signature streamed for it', async () => {
    const message = await replay('anthropic/thinking-text.sse');
    const thinking = message.content.find((block): block is ThinkingBlock => block.type === 'thinking');
    assert.ok(thinking?.signature, 'the signature_delta was kept');
    const [, assistant] = toAnthropicMessages([ask, message, next]);
    const first = (assistant?.content as Array<{ type: string; thinking?: string; signature?: string }>)[0];
    assert.deepEqual(first, { type: 'thinking', thinking: thinking.thinking, signature: thinking.signature });
  });

  it('sends thinking only to the server that signed it; saved messages without a server keep theirs', async () => {
    const message = await replay('anthropic/thinking-text.sse');
    assert.equal(message.origin, 'api.anthropic.com');
    const types = (origin: string | undefined, sent = message): string[] =>
      ((toAnthropicMessages([ask, sent, next], origin)[1]?.content ?? []) as Array<{ type: string }>).map((block) => block.type);
    assert.deepEqual(types('api.anthropic.com'), ['thinking', 'text']);
    assert.deepEqual(types('api.deepseek.com'), ['text']);
    const { origin: _origin, ...saved } = message;
    assert.deepEqual(types('api.deepseek.com', saved), ['thinking', 'text']);
  });
});
