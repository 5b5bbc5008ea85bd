import assert from 'node:assert/strict';
import type { ChatCompletionChunk } from 'openai/resources/chat/completions';
import type { ProviderEvent } from '../../../../../src/core/llm/provider';
import { OpenAIStreamAssembler } from '../../../../../src/core/llm/providers/openaiStream';

function chunk(delta: ChatCompletionChunk.Choice.Delta, finishReason: string | null): ChatCompletionChunk {
  // DeepSeek's finish reasons go beyond the SDK's type.
  const choice = { index: 0, delta, finish_reason: finishReason as ChatCompletionChunk.Choice['finish_reason'] };
  return { id: 'c', object: 'chat.completion.chunk', created: 1, model: 'deepseek-chat', choices: [choice] };
}

describe('a reply the server interrupts', () => {
  it('is a retryable overload, not a finished reply whose half-written call would run', () => {
    const assembler = new OpenAIStreamAssembler('deepseek-chat', 'api.deepseek.com');
    const events: ProviderEvent[] = [
      ...assembler.push(chunk({ role: 'assistant', tool_calls: [{ index: 0, id: 'call_1', type: 'function', function: { name: 'list_files', arguments: '' } }] }, null)),
      ...assembler.push(chunk({}, 'insufficient_system_resource')),
      ...assembler.finish(),
    ];
    const last = events.at(-1);
    assert.equal(events.some((event) => event.type === 'done'), false);
    assert.equal(last?.type, 'error');
    assert.equal(last?.type === 'error' && last.error.kind, 'overloaded');
    assert.equal(last?.type === 'error' && last.error.retryable, true);
    assert.match(last?.type === 'error' ? last.error.message : '', /insufficient_system_resource/);
  });
});
