import assert from 'node:assert/strict';
import type { Message } from '../../../../../src/core/llm/messages';
import { AnthropicProvider } from '../../../../../src/core/llm/providers/anthropicProvider';
import { capturingFetch, recording } from './recordedStream';
import { collect, doneMessage } from './streamHelpers';

const hello: Message[] = [{ role: 'user', content: [{ type: 'text', text: 'Hello' }] }];

function providerAnswering(response: () => Response): AnthropicProvider {
  return new AnthropicProvider({ apiKey: 'k', fetch: capturingFetch(response).fetch });
}

/** The recorded refusal as served: its last event is not closed by a blank line (see the recording's source). */
function refusalStream(): { body: string; contentType: string } {
  const { body, contentType } = recording('anthropic/refusal.sse');
  assert.ok(!body.endsWith('\n\n'));
  return { body, contentType };
}

function sse(body: string, contentType: string): () => Response {
  return () => new Response(body, { status: 200, headers: { 'content-type': contentType } });
}

describe('AnthropicProvider stop reasons', () => {
  it('reports a recorded refusal with no text as a refusal, with the explanation the API gave, though its last event is not closed', async () => {
    const { body, contentType } = refusalStream();
    const provider = providerAnswering(sse(body, contentType));
    const message = doneMessage(await collect(provider.stream({ model: 'claude-opus-4-7', system: '', messages: hello, tools: [] })));
    assert.equal(message.stopReason, 'refusal');
    assert.deepEqual(message.content, []);
    assert.equal(message.stopDetail, 'This request was refused due to policy.');
  });

  it('reports pause_turn as a paused turn', async () => {
    // The recorded refusal stream with the stop reason Anthropic sends when it pauses a long turn
    // ("pause_turn", docs.claude.com, Handling stop reasons) and no stop_details.
    const recorded = refusalStream();
    const body = recorded.body.replace(/"stop_reason":"refusal","stop_sequence":null,"stop_details":\{[^}]*\}/, '"stop_reason":"pause_turn","stop_sequence":null');
    assert.notEqual(body, recorded.body);
    const provider = providerAnswering(sse(body, recorded.contentType));
    const message = doneMessage(await collect(provider.stream({ model: 'claude-opus-4-7', system: '', messages: hello, tools: [] })));
    assert.equal(message.stopReason, 'paused');
    assert.equal(message.stopDetail, undefined);
  });

  it('reports model_context_window_exceeded as a reply cut by the context window, its text kept', async () => {
    const { body, contentType } = recording('anthropic/context-window-exceeded.sse');
    const provider = providerAnswering(sse(body, contentType));
    const message = doneMessage(await collect(provider.stream({ model: 'claude-sonnet-4-6', system: '', messages: hello, tools: [] })));
    assert.equal(message.stopReason, 'context_window');
    const text = message.content.find((block) => block.type === 'text');
    assert.ok(text?.type === 'text' && text.text.endsWith('street:\n\n**At'), JSON.stringify(text));
  });
});
