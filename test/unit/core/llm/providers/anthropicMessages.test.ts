import assert from 'node:assert/strict';
import type { AssistantMessage, Message, ToolResultBlock, UserMessage } from '../../../../../src/core/llm/messages';
import { toAnthropicMessages, toAnthropicSystem, toAnthropicTools } from '../../../../../src/core/llm/providers/anthropicMessages';

const cached = { type: 'ephemeral' };

function user(text: string): UserMessage {
  return { role: 'user', content: [{ type: 'text', text }] };
}

function assistant(content: AssistantMessage['content'], provider = 'anthropic'): AssistantMessage {
  return { role: 'assistant', content, stopReason: 'tool_use', provider, model: 'claude' };
}

function result(toolCallId: string, text: string, isError = false): ToolResultBlock {
  return { type: 'tool_result', toolCallId, toolName: 'read_file', isError, content: [{ type: 'text', text }] };
}

/** The wire messages without the cache breakpoint on the last block, for rules unrelated to caching. */
function withoutCache(messages: Message[]): unknown {
  return JSON.parse(JSON.stringify(toAnthropicMessages(messages)).replaceAll(',"cache_control":{"type":"ephemeral"}', ''));
}

describe('toAnthropicMessages', () => {
  it('sends user text and images as blocks, dropping empty and blank text', () => {
    const wire = withoutCache([
      {
        role: 'user',
        content: [
          { type: 'text', text: '' },
          { type: 'text', text: ' \n' },
          { type: 'text', text: 'Look:' },
          { type: 'image', mediaType: 'image/png', data: 'AAAA' },
        ],
      },
    ]);
    assert.deepEqual(wire, [
      {
        role: 'user',
        content: [
          { type: 'text', text: 'Look:' },
          { type: 'image', source: { type: 'base64', media_type: 'image/png', data: 'AAAA' } },
        ],
      },
    ]);
  });

  it('puts all results of a tool message into one user message as tool_result blocks', () => {
    const wire = withoutCache([
      user('go'),
      assistant([
        { type: 'tool_call', id: 'toolu_1', name: 'read_file', arguments: '{"path":"a"}' },
        { type: 'tool_call', id: 'toolu_2', name: 'read_file', arguments: '{"path":"b"}' },
      ]),
      { role: 'tool', results: [result('toolu_1', 'A'), result('toolu_2', 'no such file', true)] },
    ]);
    assert.deepEqual(wire, [
      { role: 'user', content: [{ type: 'text', text: 'go' }] },
      {
        role: 'assistant',
        content: [
          { type: 'tool_use', id: 'toolu_1', name: 'read_file', input: { path: 'a' } },
          { type: 'tool_use', id: 'toolu_2', name: 'read_file', input: { path: 'b' } },
        ],
      },
      {
        role: 'user',
        content: [
          { type: 'tool_result', tool_use_id: 'toolu_1', content: [{ type: 'text', text: 'A' }], is_error: false },
          { type: 'tool_result', tool_use_id: 'toolu_2', content: [{ type: 'text', text: 'no such file' }], is_error: true },
        ],
      },
    ]);
  });

  it('merges a tool message and the user message after it, tool results first', () => {
    const wire = withoutCache([
      user('go'),
      assistant([{ type: 'tool_call', id: 'toolu_1', name: 'read_file', arguments: '{}' }]),
      { role: 'tool', results: [result('toolu_1', 'A')] },
      user('Also check b.'),
    ]);
    assert.deepEqual(wire, [
      { role: 'user', content: [{ type: 'text', text: 'go' }] },
      { role: 'assistant', content: [{ type: 'tool_use', id: 'toolu_1', name: 'read_file', input: {} }] },
      {
        role: 'user',
        content: [
          { type: 'tool_result', tool_use_id: 'toolu_1', content: [{ type: 'text', text: 'A' }], is_error: false },
          { type: 'text', text: 'Also check b.' },
        ],
      },
    ]);
  });

  it('keeps tool results first when a user message came before them', () => {
    const wire = toAnthropicMessages([
      user('go'),
      assistant([{ type: 'tool_call', id: 'toolu_1', name: 'read_file', arguments: '{}' }]),
      user('Stop, read b instead.'),
      { role: 'tool', results: [result('toolu_1', 'cancelled', true)] },
    ]);
    assert.equal(wire.length, 3);
    const last = wire[2]?.content;
    assert.ok(Array.isArray(last));
    assert.deepEqual(
      last.map((block) => block.type),
      ['tool_result', 'text'],
    );
  });

  it('merges two user messages left by a cancelled turn, and skips an assistant turn with nothing to send', () => {
    const wire = withoutCache([user('first'), assistant([{ type: 'text', text: '' }]), user('second')]);
    assert.deepEqual(wire, [
      {
        role: 'user',
        content: [
          { type: 'text', text: 'first' },
          { type: 'text', text: 'second' },
        ],
      },
    ]);
  });

  it('sends its own thinking back with the signature, and redacted thinking as redacted_thinking', () => {
    const wire = withoutCache([
      user('q'),
      assistant([
        { type: 'thinking', thinking: 'Let me think.', signature: 'sig-1' },
        { type: 'thinking', thinking: '', redactedData: 'opaque==' },
        { type: 'text', text: 'Answer.' },
      ]),
      user('next'),
    ]);
    assert.deepEqual((wire as unknown[])[1], {
      role: 'assistant',
      content: [
        { type: 'thinking', thinking: 'Let me think.', signature: 'sig-1' },
        { type: 'redacted_thinking', data: 'opaque==' },
        { type: 'text', text: 'Answer.' },
      ],
    });
  });

  it('drops thinking without a signature, thinking from another provider, and blank text', () => {
    const wire = withoutCache([
      user('q'),
      assistant([
        { type: 'thinking', thinking: 'unsigned' },
        { type: 'text', text: '\n\n' },
        { type: 'text', text: 'A.' },
      ]),
      user('q2'),
      assistant(
        [
          { type: 'thinking', thinking: 'DeepSeek reasoning', signature: 'not-ours' },
          { type: 'text', text: 'B.' },
        ],
        'openai',
      ),
      user('q3'),
    ]);
    const assistants = (wire as Array<{ role: string; content: unknown }>).filter((message) => message.role === 'assistant');
    assert.deepEqual(
      assistants.map((message) => message.content),
      [[{ type: 'text', text: 'A.' }], [{ type: 'text', text: 'B.' }]],
    );
  });

  it('sends parsed arguments as input, and {} for malformed or non-object arguments', () => {
    const wire = withoutCache([
      user('q'),
      assistant([
        { type: 'tool_call', id: 'a', name: 't', arguments: '{"n": 1, "s": "x"}' },
        { type: 'tool_call', id: 'b', name: 't', arguments: '{"path": "a.t' },
        { type: 'tool_call', id: 'c', name: 't', arguments: '[1, 2]' },
        { type: 'tool_call', id: 'd', name: 't', arguments: '' },
      ]),
    ]);
    const content = (wire as Array<{ content: Array<{ input: unknown }> }>)[1]?.content;
    assert.deepEqual(
      content?.map((block) => block.input),
      [{ n: 1, s: 'x' }, {}, {}, {}],
    );
  });

  it('gives an error result without content a text, since the API rejects it empty', () => {
    const wire = withoutCache([
      user('q'),
      assistant([{ type: 'tool_call', id: 'a', name: 't', arguments: '{}' }]),
      { role: 'tool', results: [{ type: 'tool_result', toolCallId: 'a', toolName: 't', isError: true, content: [] }] },
    ]);
    const toolResult = (wire as Array<{ content: unknown[] }>)[2]?.content[0];
    assert.deepEqual(toolResult, { type: 'tool_result', tool_use_id: 'a', content: [{ type: 'text', text: 'Error' }], is_error: true });
  });

  describe('cache breakpoints', () => {
    const call = (id: string): AssistantMessage['content'][number] => ({ type: 'tool_call', id, name: 't', arguments: '{}' });

    /** `[message index, block index]` of every block carrying cache_control. */
    function marks(messages: Message[]): Array<[number, number]> {
      return toAnthropicMessages(messages).flatMap((message, i) =>
        Array.isArray(message.content) ? message.content.flatMap((block, k): Array<[number, number]> => ('cache_control' in block && block.cache_control ? [[i, k]] : [])) : [],
      );
    }

    it('marks only the last block in a fresh one-message conversation', () => {
      assert.deepEqual(marks([user('q')]), [[0, 0]]);
      const wire = toAnthropicMessages([{ role: 'user', content: [{ type: 'text', text: 'Look:' }, { type: 'image', mediaType: 'image/png', data: 'AAAA' }] }]);
      const content = wire[0]?.content;
      assert.ok(Array.isArray(content));
      assert.deepEqual(content[0], { type: 'text', text: 'Look:' });
      assert.deepEqual(content[1], { type: 'image', source: { type: 'base64', media_type: 'image/png', data: 'AAAA' }, cache_control: cached });
    });

    it('marks the last block and the end of the previous request: the user turn before the last assistant turn', () => {
      const history: Message[] = [
        user('go'),
        assistant([call('a'), call('b')]),
        { role: 'tool', results: [result('a', 'A'), result('b', 'B')] },
        assistant([{ type: 'thinking', thinking: 'Next.', signature: 'sig' }, call('c')]),
        { role: 'tool', results: [result('c', 'C')] },
      ];
      const wire = toAnthropicMessages(history);
      assert.deepEqual(
        wire.map((message) => message.role),
        ['user', 'assistant', 'user', 'assistant', 'user'],
      );
      assert.deepEqual(marks(history), [[2, 1], [4, 0]]);
      const previousEnd = wire[2]?.content;
      assert.ok(Array.isArray(previousEnd));
      assert.deepEqual(previousEnd[1], { type: 'tool_result', tool_use_id: 'b', content: [{ type: 'text', text: 'B' }], is_error: false, cache_control: cached });
    });

    it('marks the block the previous request ended with, however many blocks the turn added', () => {
      const first: Message[] = [user('go'), assistant([call('a')]), { role: 'tool', results: [result('a', 'A')] }];
      const calls = Array.from({ length: 12 }, (_, i) => call(`p${i}`));
      const second: Message[] = [...first, assistant(calls), { role: 'tool', results: calls.map((_, i) => result(`p${i}`, `R${i}`)) }];
      assert.deepEqual(marks(first).at(-1), [2, 0]);
      assert.deepEqual(marks(second), [[2, 0], [4, 11]]);
      assert.deepEqual((withoutCache(second) as unknown[]).slice(0, 3), withoutCache(first));
    });

    it('marks the message before a final assistant message too', () => {
      assert.deepEqual(marks([user('q'), assistant([{ type: 'text', text: 'The answer is' }])]), [[0, 0], [1, 0]]);
    });

    it('skips thinking, which cannot carry cache_control', () => {
      assert.deepEqual(marks([user('q'), assistant([{ type: 'text', text: 'A.' }, { type: 'thinking', thinking: 'Hm.', signature: 'sig' }])]), [[0, 0], [1, 0]]);
    });

    it('never uses more than the API\'s four breakpoints together with the system prompt', () => {
      const history: Message[] = [user('go')];
      for (let turn = 0; turn < 6; turn++) {
        history.push(assistant([{ type: 'text', text: `Turn ${turn}.` }, call(`t${turn}a`), call(`t${turn}b`)]));
        history.push({ role: 'tool', results: [result(`t${turn}a`, 'A'), result(`t${turn}b`, 'B')] });
        if (turn % 2 === 1) history.push(user(`More ${turn}.`));
      }
      for (let length = 1; length <= history.length; length++) {
        const wire = { system: toAnthropicSystem('You are Elbow.'), messages: toAnthropicMessages(history.slice(0, length)) };
        const breakpoints = JSON.stringify(wire).split('cache_control').length - 1;
        assert.ok(breakpoints <= 4, `${breakpoints} breakpoints with ${length} messages`);
        assert.ok(breakpoints >= 2, `${breakpoints} breakpoints with ${length} messages`);
      }
    });
  });

  it('returns no messages for an empty history', () => {
    assert.deepEqual(toAnthropicMessages([]), []);
  });
});

describe('toAnthropicSystem', () => {
  it('sends the system prompt as one cached text block, or nothing when empty', () => {
    assert.deepEqual(toAnthropicSystem('You are Elbow.'), [{ type: 'text', text: 'You are Elbow.', cache_control: cached }]);
    assert.equal(toAnthropicSystem(''), undefined);
  });
});

describe('toAnthropicTools', () => {
  it('sends each tool with its JSON Schema as input_schema', () => {
    const schema = { type: 'object', properties: { path: { type: 'string' } }, required: ['path'] };
    assert.deepEqual(toAnthropicTools([{ name: 'read_file', description: 'Read a file.', inputSchema: schema }]), [
      { name: 'read_file', description: 'Read a file.', input_schema: schema },
    ]);
  });
});
