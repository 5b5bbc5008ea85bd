import assert from 'node:assert/strict';
import type { AssistantMessage, Message, ToolResultsMessage } from '../../../../src/core/llm/messages';
import { presetById } from '../../../../src/core/llm/presets/providerPresets';
import { toAnthropicMessages } from '../../../../src/core/llm/providers/anthropicMessages';
import { withUniqueToolCallIds } from '../../../../src/core/llm/uniqueToolCallIds';

function calls(...ids: string[]): AssistantMessage {
  return { role: 'assistant', provider: 'openai', origin: 'localhost:8080', model: 'm', stopReason: 'tool_use', content: ids.map((id, index) => ({ type: 'tool_call', id, name: 'read_file', arguments: `{"path":"f${index}"}` })) };
}

function results(...ids: string[]): ToolResultsMessage {
  return { role: 'tool', results: ids.map((id, index) => ({ type: 'tool_result', toolCallId: id, toolName: 'read_file', content: [{ type: 'text', text: `r${index}` }], isError: false })) };
}

const user: Message = { role: 'user', content: [{ type: 'text', text: 'go' }] };

describe('withUniqueToolCallIds', () => {
  it('numbers an id a server handed out again in a later turn, and the result that answers it', () => {
    const history: Message[] = [user, calls('call_0'), results('call_0'), calls('call_0'), results('call_0')];
    const unique = withUniqueToolCallIds(history);
    assert.deepEqual(unique.flatMap((message) => (message.role === 'assistant' ? message.content.map((block) => (block.type === 'tool_call' ? block.id : '')) : [])), ['call_0', 'call_0_2']);
    assert.deepEqual(unique.flatMap((message) => (message.role === 'tool' ? message.results.map((result) => result.toolCallId) : [])), ['call_0', 'call_0_2']);
  });

  it('tells apart two calls of one reply with the same id, their results in call order', () => {
    const unique = withUniqueToolCallIds([user, calls('dup', 'dup'), results('dup', 'dup')]);
    const [, assistant, tool] = unique;
    assert.deepEqual(assistant?.role === 'assistant' && assistant.content.map((block) => block.type === 'tool_call' && [block.id, block.arguments]), [['dup', '{"path":"f0"}'], ['dup_2', '{"path":"f1"}']]);
    assert.deepEqual(tool?.role === 'tool' && tool.results.map((result) => [result.toolCallId, result.content]), [['dup', [{ type: 'text', text: 'r0' }]], ['dup_2', [{ type: 'text', text: 'r1' }]]]);
  });

  it('returns a history without repeated ids as it is', () => {
    const history: Message[] = [user, calls('a', 'b'), results('a', 'b')];
    assert.equal(withUniqueToolCallIds(history), history);
  });

  it('sends Anthropic a conversation with a reused id as distinct tool_use ids, each answered once', () => {
    const wire = toAnthropicMessages([user, calls('call_0'), results('call_0'), calls('call_0'), results('call_0')], 'api.anthropic.com', presetById('anthropic'));
    const blocks = wire.flatMap((message) => (typeof message.content === 'string' ? [] : message.content));
    const uses = blocks.flatMap((block) => (block.type === 'tool_use' ? [block.id] : []));
    const answers = blocks.flatMap((block) => (block.type === 'tool_result' ? [block.tool_use_id] : []));
    assert.equal(new Set(uses).size, 2);
    assert.deepEqual(answers, uses);
  });
});
