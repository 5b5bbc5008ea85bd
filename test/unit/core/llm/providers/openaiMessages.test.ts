import assert from 'node:assert/strict';
import type { AssistantMessage, Message } from '../../../../../src/core/llm/messages';
import { toOpenAIMessages, toOpenAITools } from '../../../../../src/core/llm/providers/openaiMessages';

function assistant(content: AssistantMessage['content'], provider = 'openai'): AssistantMessage {
  return { role: 'assistant', content, stopReason: 'end_turn', provider, model: 'm' };
}

describe('toOpenAIMessages', () => {
  it('puts the system prompt first and omits it when empty', () => {
    const user: Message = { role: 'user', content: [{ type: 'text', text: 'hi' }] };
    assert.deepEqual(toOpenAIMessages('Be brief.', [user]), [
      { role: 'system', content: 'Be brief.' },
      { role: 'user', content: 'hi' },
    ]);
    assert.deepEqual(toOpenAIMessages('', [user]), [{ role: 'user', content: 'hi' }]);
  });

  it('sends text and images of a user message as content parts, images as data URLs', () => {
    const wire = toOpenAIMessages('', [
      {
        role: 'user',
        content: [
          { type: 'text', text: 'What is this?' },
          { type: 'image', mediaType: 'image/png', data: 'iVBORw0KGgo=' },
        ],
      },
    ]);
    assert.deepEqual(wire, [
      {
        role: 'user',
        content: [
          { type: 'text', text: 'What is this?' },
          { type: 'image_url', image_url: { url: 'data:image/png;base64,iVBORw0KGgo=' } },
        ],
      },
    ]);
  });

  it('joins assistant text and sends tool calls with their arguments unchanged, even malformed', () => {
    const wire = toOpenAIMessages('', [
      assistant([
        { type: 'text', text: 'Let me ' },
        { type: 'text', text: 'look.' },
        { type: 'tool_call', id: 'call_1', name: 'read_file', arguments: '{"path": "a.ts"}' },
        { type: 'tool_call', id: 'call_2', name: 'search', arguments: '{"query": "fo' },
      ]),
    ]);
    assert.deepEqual(wire, [
      {
        role: 'assistant',
        content: 'Let me look.',
        tool_calls: [
          { id: 'call_1', type: 'function', function: { name: 'read_file', arguments: '{"path": "a.ts"}' } },
          { id: 'call_2', type: 'function', function: { name: 'search', arguments: '{"query": "fo' } },
        ],
      },
    ]);
  });

  it('sends null content for an assistant turn with only tool calls, and drops thinking', () => {
    const wire = toOpenAIMessages('', [
      assistant([
        { type: 'thinking', thinking: 'The user wants a file.' },
        { type: 'tool_call', id: 'call_1', name: 'list_files', arguments: '{}' },
      ]),
    ]);
    assert.deepEqual(wire, [
      { role: 'assistant', content: null, tool_calls: [{ id: 'call_1', type: 'function', function: { name: 'list_files', arguments: '{}' } }] },
    ]);
  });

  it('sends an empty string for an assistant turn with neither text nor tool calls', () => {
    const wire = toOpenAIMessages('', [assistant([{ type: 'thinking', thinking: 'hm', signature: 'sig' }], 'anthropic')]);
    assert.deepEqual(wire, [{ role: 'assistant', content: '' }]);
  });

  it('sends one tool message per result, in order, with text joined and images as a note', () => {
    const wire = toOpenAIMessages('', [
      {
        role: 'tool',
        results: [
          { type: 'tool_result', toolCallId: 'call_1', toolName: 'read_file', isError: false, content: [{ type: 'text', text: 'line 1' }, { type: 'text', text: 'line 2' }] },
          { type: 'tool_result', toolCallId: 'call_2', toolName: 'screenshot', isError: false, content: [{ type: 'image', mediaType: 'image/png', data: 'AAAA' }] },
          { type: 'tool_result', toolCallId: 'call_3', toolName: 'search', isError: true, content: [{ type: 'text', text: 'Error: bad regex' }] },
        ],
      },
    ]);
    assert.equal(wire.length, 3);
    assert.deepEqual(wire[0], { role: 'tool', tool_call_id: 'call_1', content: 'line 1\nline 2' });
    assert.equal(wire[1]?.role, 'tool');
    assert.match(String(wire[1]?.content), /image \(image\/png\) omitted/);
    assert.deepEqual(wire[2], { role: 'tool', tool_call_id: 'call_3', content: 'Error: bad regex' });
  });

  it('keeps the order of a multi-turn history', () => {
    const wire = toOpenAIMessages('sys', [
      { role: 'user', content: [{ type: 'text', text: 'a' }] },
      assistant([{ type: 'tool_call', id: 'c', name: 't', arguments: '{}' }]),
      { role: 'tool', results: [{ type: 'tool_result', toolCallId: 'c', toolName: 't', isError: false, content: [{ type: 'text', text: 'r' }] }] },
      assistant([{ type: 'text', text: 'done' }]),
      { role: 'user', content: [{ type: 'text', text: 'b' }] },
    ]);
    assert.deepEqual(
      wire.map((message) => message.role),
      ['system', 'user', 'assistant', 'tool', 'assistant', 'user'],
    );
  });
});

describe('toOpenAITools', () => {
  it('wraps each tool as a function with its JSON Schema as parameters', () => {
    const schema = { type: 'object', properties: { path: { type: 'string' } }, required: ['path'] };
    assert.deepEqual(toOpenAITools([{ name: 'read_file', description: 'Read a file.', inputSchema: schema }]), [
      { type: 'function', function: { name: 'read_file', description: 'Read a file.', parameters: schema } },
    ]);
    assert.deepEqual(toOpenAITools([]), []);
  });
});
