import assert from 'node:assert/strict';
import { addUsage, emptyUsage, textOf, toolCallsOf, type AssistantMessage } from '../../../src/core/llm/messages';

describe('messages', () => {
  it('sums usage field by field', () => {
    const total = addUsage(emptyUsage(), { inputTokens: 3, outputTokens: 2, cacheReadTokens: 1, cacheWriteTokens: 4 });
    assert.deepEqual(addUsage(total, total), { inputTokens: 6, outputTokens: 4, cacheReadTokens: 2, cacheWriteTokens: 8 });
  });

  it('separates text from tool calls in an assistant message', () => {
    const message: AssistantMessage = {
      role: 'assistant',
      provider: 'openai',
      model: 'm',
      stopReason: 'tool_use',
      content: [
        { type: 'text', text: 'Let me ' },
        { type: 'tool_call', id: 'a', name: 'read_file', arguments: '{}' },
        { type: 'text', text: 'look.' },
      ],
    };
    assert.equal(textOf(message), 'Let me look.');
    assert.deepEqual(toolCallsOf(message).map((call) => call.id), ['a']);
  });
});
