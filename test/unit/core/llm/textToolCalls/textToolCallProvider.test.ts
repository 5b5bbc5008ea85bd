import assert from 'node:assert/strict';
import type { AssistantMessage } from '../../../../../src/core/llm/messages';
import type { ChatRequest, Provider, ProviderEvent, ToolSpec } from '../../../../../src/core/llm/provider';
import { TextToolCallProvider } from '../../../../../src/core/llm/textToolCalls/textToolCallProvider';
import { collect, doneMessage, textDeltas } from '../providers/streamHelpers';

const tools: ToolSpec[] = [{ name: 'run_command', description: '', inputSchema: { type: 'object', properties: { command: { type: 'string' } } } }];

/** A provider that streams `pieces` as text and ends the reply with `end_turn`. */
function textProvider(pieces: string[]): Provider {
  return {
    name: 'openai',
    async *stream(): AsyncGenerator<ProviderEvent> {
      for (const text of pieces) yield { type: 'text_delta', text };
      const message: AssistantMessage = { role: 'assistant', content: [{ type: 'text', text: pieces.join('') }], stopReason: 'end_turn', provider: 'openai', model: 'm' };
      yield { type: 'done', message };
    },
  };
}

function request(model: string, offered = tools): ChatRequest {
  return { model, system: '', messages: [{ role: 'user', content: [{ type: 'text', text: 'hi' }] }], tools: offered };
}

const callPieces = ['I will list it.\n', '<tool', '_call>\n<function=run', '_command>\n<parameter=command>\nls\n</parameter>\n</function>\n</tool_call>'];

describe('TextToolCallProvider', () => {
  it('turns a trailing Qwen XML call into a tool call; the prose streams, the XML is never shown', async () => {
    const events = await collect(new TextToolCallProvider(textProvider(callPieces), false).stream(request('qwen3coder30b')));
    assert.equal(textDeltas(events).join(''), 'I will list it.\n');
    assert.ok(!textDeltas(events).join('').includes('<'));
    const message = doneMessage(events);
    assert.equal(message.stopReason, 'tool_use');
    assert.deepEqual(message.content.map((block) => block.type), ['text', 'tool_call']);
    assert.deepEqual(message.content[0], { type: 'text', text: 'I will list it.' });
    const call = message.content[1];
    assert.equal(call?.type === 'tool_call' && call.name, 'run_command');
    assert.equal(call?.type === 'tool_call' && call.arguments, '{"command":"ls"}');
    const start = events.find((event) => event.type === 'tool_call_start');
    assert.equal(start?.type === 'tool_call_start' && start.id, call?.type === 'tool_call' ? call.id : undefined);
  });

  it('recovers for any model when the preset says the server sends calls as text', async () => {
    const events = await collect(new TextToolCallProvider(textProvider(callPieces), true).stream(request('my-finetune')));
    assert.equal(doneMessage(events).stopReason, 'tool_use');
  });

  it('releases a malformed call as text exactly as received, at the end', async () => {
    const pieces = ['Running:\n', '<tool_call>\n{"name": "run_command", ', '"arguments": {"command": "ls"}\n</tool_call>'];
    const events = await collect(new TextToolCallProvider(textProvider(pieces), true).stream(request('qwen3')));
    assert.equal(textDeltas(events).join(''), pieces.join(''));
    assert.deepEqual(doneMessage(events).content, [{ type: 'text', text: pieces.join('') }]);
    assert.equal(doneMessage(events).stopReason, 'end_turn');
  });

  it('releases a call nested too deep to read as text exactly as received, never throwing', async () => {
    const deep = '['.repeat(20_000) + ']'.repeat(20_000);
    const pieces = ['Reading:\n', `<tool_call>{"name": "run_command", "arguments": {"command": ${deep}}}</tool_call>`];
    const events = await collect(new TextToolCallProvider(textProvider(pieces), true).stream(request('qwen3')));
    assert.equal(textDeltas(events).join(''), pieces.join(''));
    assert.equal(doneMessage(events).stopReason, 'end_turn');
  });

  it('releases the held text unchanged when reading the calls fails unexpectedly', async () => {
    const failing: ToolSpec = {
      description: '',
      inputSchema: { type: 'object' },
      get name(): string {
        throw new Error('unreadable tool');
      },
    };
    const pieces = ['Running:\n', '<tool_call>\n{"name": "run_command", "arguments": {"command": "ls"}}\n</tool_call>'];
    const events = await collect(new TextToolCallProvider(textProvider(pieces), true).stream(request('qwen3', [failing])));
    assert.equal(textDeltas(events).join(''), pieces.join(''));
    assert.deepEqual(doneMessage(events).content, [{ type: 'text', text: pieces.join('') }]);
    assert.equal(events.some((event) => event.type === 'error'), false);
  });

  it('leaves a call in the middle of prose as text', async () => {
    const pieces = ['A call looks like <tool_call>\n{"name": "run_command", "arguments": {"command": "ls"}}\n</tool_call>', ' in the text.'];
    const events = await collect(new TextToolCallProvider(textProvider(pieces), true).stream(request('qwen3')));
    assert.equal(textDeltas(events).join(''), pieces.join(''));
    assert.equal(doneMessage(events).stopReason, 'end_turn');
  });

  it('passes text through untouched for other models, and when no tools were offered', async () => {
    for (const [model, offered] of [['gpt-4.1', tools], ['qwen3', []]] as const) {
      const events = await collect(new TextToolCallProvider(textProvider(callPieces), false).stream(request(model, [...offered])));
      assert.deepEqual(textDeltas(events), callPieces);
      assert.equal(doneMessage(events).stopReason, 'end_turn');
    }
  });

  it('streams a "<" that opens no call without waiting for the end', async () => {
    const events = await collect(new TextToolCallProvider(textProvider(['if a <', ' b then']), true).stream(request('qwen3')));
    assert.deepEqual(textDeltas(events), ['if a ', '< b then']);
  });

  it('stays linear over many small deltas that each may open a call', async () => {
    const pieces = Array.from({ length: 50_000 }, () => 'a <b ');
    const started = performance.now();
    const events = await collect(new TextToolCallProvider(textProvider(pieces), true).stream(request('qwen3')));
    assert.equal(textDeltas(events).join(''), pieces.join(''));
    assert.ok(performance.now() - started < 3000, `took ${Math.round(performance.now() - started)} ms`);
  });
});
