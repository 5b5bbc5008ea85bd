import assert from 'node:assert/strict';
import type { Message } from '../../../../../src/core/llm/messages';
import { AnthropicProvider } from '../../../../../src/core/llm/providers/anthropicProvider';
import { anthropicSse, capturingFetch, recordedChunks, sseResponse } from './recordedStream';
import { collect, doneMessage } from './streamHelpers';

const hello: Message[] = [{ role: 'user', content: [{ type: 'text', text: 'Hello' }] }];

function providerStreaming(chunks: string[]): AnthropicProvider {
  return new AnthropicProvider({ apiKey: 'k', fetch: capturingFetch(sseResponse(anthropicSse(chunks))).fetch });
}

describe('AnthropicProvider stop reasons', () => {
  it('reports a recorded refusal with no content as a refusal, with the explanation the API gave', async () => {
    const message = doneMessage(await collect(providerStreaming(recordedChunks('anthropic-refusal.chunks.txt')).stream({ model: 'claude-fable-5', system: '', messages: hello, tools: [] })));
    assert.equal(message.stopReason, 'refusal');
    assert.deepEqual(message.content, []);
    assert.equal(message.stopDetail, "This request triggered restrictions on violative cyber content and was blocked under Anthropic's Usage Policy.");
  });

  it('reports pause_turn as a paused turn', async () => {
    // The recorded refusal's events with the stop reason Anthropic sends when it pauses a long turn
    // ("pause_turn", docs.anthropic.com, Handling stop reasons); the stream is otherwise the same.
    const chunks = recordedChunks('anthropic-refusal.chunks.txt').map((chunk) =>
      chunk.includes('"message_delta"') ? JSON.stringify({ type: 'message_delta', delta: { stop_reason: 'pause_turn', stop_sequence: null }, usage: { output_tokens: 5 } }) : chunk,
    );
    const message = doneMessage(await collect(providerStreaming(chunks).stream({ model: 'claude-fable-5', system: '', messages: hello, tools: [] })));
    assert.equal(message.stopReason, 'paused');
    assert.equal(message.stopDetail, undefined);
  });
});
