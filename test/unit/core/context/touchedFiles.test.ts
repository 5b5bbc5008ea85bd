import assert from 'node:assert/strict';
import { recentlyTouchedFiles } from '../../../../src/core/context/touchedFiles';
import { builtinTools } from '../../../../src/core/tools/builtin';
import { ToolRegistry } from '../../../../src/core/tools/registry';
import { userText, type Message, type ToolCallBlock, type ToolResultBlock, type ToolResultsMessage } from '../../../../src/core/llm/messages';
import { assistantMessage } from '../../../support/messageBuilders';

const registry = new ToolRegistry();
for (const builtin of builtinTools()) registry.register(builtin);
const toolOf = (name: string) => registry.identity(name);

function call(id: string, name: string, args: unknown): ToolCallBlock {
  return { type: 'tool_call', id, name, arguments: typeof args === 'string' ? args : JSON.stringify(args) };
}

function ok(id: string, name: string): ToolResultBlock {
  return { type: 'tool_result', toolCallId: id, toolName: name, content: [{ type: 'text', text: 'done' }], isError: false };
}

function failed(id: string, name: string): ToolResultBlock {
  return { type: 'tool_result', toolCallId: id, toolName: name, content: [{ type: 'text', text: 'Error: no such file' }], isError: true };
}

function tool(...results: ToolResultBlock[]): ToolResultsMessage {
  return { role: 'tool', results };
}

/** One assistant turn calling `calls`, answered by successful results. */
function turn(...calls: ToolCallBlock[]): Message[] {
  return [assistantMessage(...calls), tool(...calls.map((block) => ok(block.id, block.name)))];
}

describe('recentlyTouchedFiles', () => {
  it('lists the files most recent first, each once with the last thing done to it', () => {
    const messages: Message[] = [
      userText('go'),
      ...turn(call('1', 'read_file', { path: 'a.ts' })),
      ...turn(call('2', 'edit_file', { path: 'a.ts', old: 'x', new: 'y' }), call('3', 'read_file', { path: 'b.ts' })),
      ...turn(call('4', 'write_file', { path: 'c.ts', content: '' }), call('5', 'delete_file', { path: 'd.ts' })),
      ...turn(call('6', 'read_file', { path: 'b.ts' })),
    ];
    assert.deepEqual(recentlyTouchedFiles(messages, 10, toolOf), [
      { path: 'b.ts', action: 'read' },
      { path: 'd.ts', action: 'deleted' },
      { path: 'c.ts', action: 'written' },
      { path: 'a.ts', action: 'edited' },
    ]);
  });

  it('lists every file an apply_patch call names', () => {
    const input = '*** Begin Patch\n*** Update File: a.ts\n@@\n-x\n+y\n*** Add File: b.ts\n+b\n*** End Patch';
    const messages: Message[] = [userText('go'), ...turn(call('1', 'read_file', { path: 'c.ts' })), ...turn(call('2', 'apply_patch', { input }))];
    assert.deepEqual(recentlyTouchedFiles(messages, 10, toolOf), [
      { path: 'a.ts', action: 'edited' },
      { path: 'b.ts', action: 'edited' },
      { path: 'c.ts', action: 'read' },
    ]);
  });

  it('ignores calls that failed', () => {
    const messages: Message[] = [
      userText('go'),
      ...turn(call('1', 'read_file', { path: 'a.ts' })),
      assistantMessage(call('2', 'edit_file', { path: 'a.ts' }), call('3', 'write_file', { path: 'b.ts' })),
      tool(failed('2', 'edit_file'), failed('3', 'write_file')),
    ];
    assert.deepEqual(recentlyTouchedFiles(messages, 10, toolOf), [{ path: 'a.ts', action: 'read' }]);
  });

  it('tells a call from an earlier run that reused its id', () => {
    const messages: Message[] = [
      userText('first'),
      assistantMessage(call('call_0', 'edit_file', { path: 'first.ts' })),
      tool(failed('call_0', 'edit_file')),
      userText('second'),
      assistantMessage(call('call_0', 'write_file', { path: 'second.ts' })),
      tool(ok('call_0', 'write_file')),
      userText('third'),
      assistantMessage(call('call_1', 'read_file', { path: 'third.ts' })),
      tool(ok('call_1', 'read_file')),
      assistantMessage(call('call_1', 'delete_file', { path: 'fourth.ts' })),
      tool(failed('call_1', 'delete_file')),
    ];
    assert.deepEqual(recentlyTouchedFiles(messages, 10, toolOf), [
      { path: 'third.ts', action: 'read' },
      { path: 'second.ts', action: 'written' },
    ]);
  });

  it('ignores malformed arguments and other tools, and trims paths', () => {
    const messages: Message[] = [
      userText('go'),
      ...turn(
        call('1', 'read_file', '{"path":"cut'),
        call('2', 'read_file', '[]'),
        call('3', 'read_file', 'null'),
        call('4', 'read_file', { path: 5 }),
        call('5', 'read_file', { path: '   ' }),
        call('6', 'read_file', { file: 'other.ts' }),
        call('7', 'run_command', { path: 'script.sh' }),
        call('8', 'constructor', { path: 'proto.ts' }),
        call('9', 'edit_file', { path: '  spaced.ts ' }),
      ),
    ];
    assert.deepEqual(recentlyTouchedFiles(messages, 10, toolOf), [{ path: 'spaced.ts', action: 'edited' }]);
  });

  it('stops at the limit, keeping the most recent', () => {
    const messages: Message[] = [userText('go'), ...['a', 'b', 'c', 'd'].flatMap((name, index) => turn(call(String(index), 'read_file', { path: `${name}.ts` })))];
    assert.deepEqual(recentlyTouchedFiles(messages, 2, toolOf), [{ path: 'd.ts', action: 'read' }, { path: 'c.ts', action: 'read' }]);
    const oneTurn: Message[] = [userText('go'), ...turn(call('1', 'read_file', { path: 'a.ts' }), call('2', 'read_file', { path: 'b.ts' }), call('3', 'read_file', { path: 'c.ts' }))];
    assert.deepEqual(recentlyTouchedFiles(oneTurn, 2, toolOf), [{ path: 'c.ts', action: 'read' }, { path: 'b.ts', action: 'read' }]);
    assert.deepEqual(recentlyTouchedFiles(messages, 0, toolOf), []);
  });

  it('finds nothing in a conversation without file tools', () => {
    assert.deepEqual(recentlyTouchedFiles([userText('hi'), { role: 'assistant', content: [{ type: 'text', text: 'hello' }], stopReason: 'end_turn', provider: 'p', model: 'm' }], 10, toolOf), []);
  });
});
