import assert from 'node:assert/strict';
import { messagesTokens } from '../../../../src/core/context/tokenEstimate';
import { compactToolResults, isPlaceholder } from '../../../../src/core/context/toolResultCompaction';
import { userText, type Message, type ToolCallBlock, type ToolResultBlock, type ToolResultsMessage } from '../../../../src/core/llm/messages';
import { assistantMessage } from '../../../support/messageBuilders';

function call(id: string, name: string, args: string): ToolCallBlock {
  return { type: 'tool_call', id, name, arguments: args };
}

function result(id: string, name: string, text: string, isError = false): ToolResultBlock {
  return { type: 'tool_result', toolCallId: id, toolName: name, content: [{ type: 'text', text }], isError };
}

function tool(...results: ToolResultBlock[]): ToolResultsMessage {
  return { role: 'tool', results };
}

function placeholder(what: string, characters: number | undefined): string {
  const size = characters === undefined ? '' : `, ${characters.toLocaleString('en-US')} characters`;
  return `[Earlier tool result compacted: ${what}${size}. Re-run the tool if you need its full output again.]`;
}

function resultsOf(message: Message | undefined): ToolResultBlock[] {
  assert.equal(message?.role, 'tool');
  return message.role === 'tool' ? message.results : [];
}

const big = 'x'.repeat(1_000);
/** A call whose placeholder is itself big enough to be replaced, were it not recognised. */
const longId = `toolu_${'A'.repeat(58)}`;
const longCommand = JSON.stringify({ command: `npm test -- ${'--grep x '.repeat(40)}` });

/** Three tool turns with big results, and a final answer. */
function threeReads(): Message[] {
  return [
    userText('look around'),
    assistantMessage({ type: 'text', text: 'Reading.' }, call('c1', 'read_file', '{"path":"a.ts"}')),
    tool(result('c1', 'read_file', big)),
    assistantMessage(call(longId, 'run_command', `  ${longCommand}  `)),
    tool(result(longId, 'run_command', big, true)),
    assistantMessage(call('c3', 'read_file', '{"path":"c.ts"}')),
    tool(result('c3', 'read_file', big)),
    assistantMessage({ type: 'text', text: 'Done.' }),
  ];
}

describe('compactToolResults', () => {
  it('replaces older big results by a placeholder naming the tool, its arguments and the size', () => {
    const history = threeReads();
    const compaction = compactToolResults(history, 1);
    assert.equal(compaction.shortened, 2);
    assert.deepEqual(resultsOf(compaction.messages[2]), [
      { type: 'tool_result', toolCallId: 'c1', toolName: 'read_file', content: [{ type: 'text', text: placeholder('read_file {"path":"a.ts"}', 1_000) }], isError: false },
    ]);
    assert.deepEqual(resultsOf(compaction.messages[4]), [
      { type: 'tool_result', toolCallId: longId, toolName: 'run_command', content: [{ type: 'text', text: placeholder(`run_command ${longCommand.slice(0, 199)}…`, 1_000) }], isError: true },
    ]);
    assert.deepEqual(resultsOf(compaction.messages[6]), [result('c3', 'read_file', big)]);
  });

  it('names the call of the assistant message right before, even when an earlier run reused its id', () => {
    const history: Message[] = [
      userText('first'),
      assistantMessage(call('call_0', 'read_file', '{"path":"first.ts"}')),
      tool(result('call_0', 'read_file', big)),
      assistantMessage({ type: 'text', text: 'ok' }),
      userText('second'),
      assistantMessage(call('call_0', 'read_file', '{"path":"second.ts"}')),
      tool(result('call_0', 'read_file', big)),
      assistantMessage(call('call_1', 'list_files', '{}')),
      tool(result('call_1', 'list_files', 'a.ts')),
    ];
    const compaction = compactToolResults(history, 0);
    assert.equal(compaction.shortened, 2);
    assert.deepEqual(resultsOf(compaction.messages[2])[0]?.content, [{ type: 'text', text: placeholder('read_file {"path":"first.ts"}', 1_000) }]);
    assert.deepEqual(resultsOf(compaction.messages[6])[0]?.content, [{ type: 'text', text: placeholder('read_file {"path":"second.ts"}', 1_000) }]);
  });

  it('names only the tool when its call is not found, and cuts long arguments', () => {
    const longArguments = JSON.stringify({ command: 'y'.repeat(500) });
    const history: Message[] = [
      userText('go'),
      tool(result('lost', 'read_file', big)),
      assistantMessage(call('c1', 'run_command', longArguments)),
      tool(result('c1', 'run_command', big)),
      assistantMessage({ type: 'text', text: 'Done.' }),
    ];
    const compaction = compactToolResults(history, 0);
    assert.deepEqual(resultsOf(compaction.messages[1])[0]?.content, [{ type: 'text', text: placeholder('read_file', 1_000) }]);
    assert.deepEqual(resultsOf(compaction.messages[3])[0]?.content, [{ type: 'text', text: placeholder(`run_command ${longArguments.slice(0, 199)}…`, 1_000) }]);
  });

  it('does not cut the arguments inside a character made of two UTF-16 units', () => {
    const args = `{"text":"${'y'.repeat(187)}😀😀😀"}`;
    assert.equal(args.slice(0, 199).at(-1), '\ud83d', 'the cut falls inside the second emoji');
    const history: Message[] = [userText('go'), assistantMessage(call('c1', 'write_file', args)), tool(result('c1', 'write_file', big)), assistantMessage({ type: 'text', text: 'Done.' })];
    const content = resultsOf(compactToolResults(history, 0).messages[2])[0]?.content[0];
    const text = content?.type === 'text' ? content.text : '';
    assert.doesNotMatch(text, /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/);
    assert.ok(text.includes(`${'y'.repeat(187)}😀…`), text);
  });

  it('keeps the most recent results whole, counting results rather than messages', () => {
    const history: Message[] = [
      userText('go'),
      assistantMessage(call('a', 'read_file', '{"path":"a.ts"}'), call('b', 'read_file', '{"path":"b.ts"}'), call('c', 'read_file', '{"path":"c.ts"}')),
      tool(result('a', 'read_file', big), result('b', 'read_file', big), result('c', 'read_file', big)),
      assistantMessage(call('d', 'read_file', '{"path":"d.ts"}')),
      tool(result('d', 'read_file', big)),
      assistantMessage({ type: 'text', text: 'Done.' }),
    ];
    const compaction = compactToolResults(history, 3);
    assert.equal(compaction.shortened, 1);
    const batch = resultsOf(compaction.messages[2]);
    assert.ok(batch[0] !== undefined && isPlaceholder(batch[0]));
    assert.deepEqual(batch.slice(1), [result('b', 'read_file', big), result('c', 'read_file', big)]);
    assert.equal(compaction.messages[4], history[4]);
  });

  it('always keeps the trailing batch the model has not seen yet, even with nothing else kept', () => {
    const history: Message[] = [
      userText('go'),
      assistantMessage(call('a', 'read_file', '{"path":"a.ts"}')),
      tool(result('a', 'read_file', big)),
      assistantMessage(call('b', 'read_file', '{"path":"b.ts"}'), call('c', 'read_file', '{"path":"c.ts"}')),
      tool(result('b', 'read_file', big), result('c', 'read_file', big)),
    ];
    const compaction = compactToolResults(history, 0);
    assert.equal(compaction.shortened, 1);
    assert.ok(resultsOf(compaction.messages[2]).every(isPlaceholder));
    assert.equal(compaction.messages[4], history[4]);
  });

  it('keeps small results, whose placeholder would save next to nothing', () => {
    const history: Message[] = [
      userText('go'),
      assistantMessage(call('a', 'list_files', '{}'), call('b', 'read_file', '{"path":"b.ts"}')),
      tool(result('a', 'list_files', 'a.ts\nb.ts'), result('b', 'read_file', big)),
      assistantMessage({ type: 'text', text: 'Done.' }),
    ];
    const compaction = compactToolResults(history, 0);
    assert.equal(compaction.shortened, 1);
    const results = resultsOf(compaction.messages[2]);
    assert.equal(results[0], resultsOf(history[2])[0]);
    assert.ok(results[1] !== undefined && isPlaceholder(results[1]));
  });

  it('leaves results already replaced alone and does not count them again', () => {
    const once = compactToolResults(threeReads(), 1).messages;
    const more: Message[] = [...once.slice(0, -1), assistantMessage(call('c4', 'read_file', '{"path":"d.ts"}')), tool(result('c4', 'read_file', big)), assistantMessage({ type: 'text', text: 'Done.' })];
    const twice = compactToolResults(more, 1);
    assert.equal(twice.shortened, 1, 'only c3 is new to replace');
    for (const index of [2, 4]) assert.equal(twice.messages[index], more[index]);
    assert.ok(resultsOf(twice.messages[6]).every(isPlaceholder));
    assert.deepEqual(resultsOf(twice.messages[8]), [result('c4', 'read_file', big)]);
  });

  it('gives back the unchanged messages as the same objects, and does not touch its input', () => {
    const history = threeReads();
    const before = structuredClone(history);
    const compaction = compactToolResults(history, 1);
    assert.deepEqual(history, before);
    assert.equal(compaction.messages.length, history.length);
    for (const index of [0, 1, 3, 5, 6, 7]) assert.equal(compaction.messages[index], history[index], `message ${index}`);
    for (const index of [2, 4]) assert.notEqual(compaction.messages[index], history[index], `message ${index}`);
  });

  it('changes nothing when run again on its own output', () => {
    const once = compactToolResults(threeReads(), 1);
    const again = compactToolResults(once.messages, 1);
    assert.equal(again.shortened, 0);
    assert.equal(again.savedTokens, 0);
    assert.equal(JSON.stringify(again.messages), JSON.stringify(once.messages));
    for (const [index, message] of again.messages.entries()) assert.equal(message, once.messages[index]);
  });

  it('reports the tokens it saved as the difference of the quick counts', () => {
    const history = threeReads();
    const compaction = compactToolResults(history, 1);
    assert.ok(compaction.savedTokens > 300, String(compaction.savedTokens));
    assert.equal(compaction.savedTokens, messagesTokens(history) - messagesTokens(compaction.messages));
    const nothing = compactToolResults(history, 10);
    assert.deepEqual({ shortened: nothing.shortened, savedTokens: nothing.savedTokens }, { shortened: 0, savedTokens: 0 });
  });

  it('replaces images in results too, counting only the text characters', () => {
    const image = { type: 'image' as const, mediaType: 'image/png', data: 'A'.repeat(100) };
    const history: Message[] = [
      userText('look'),
      assistantMessage(call('a', 'screenshot', '{}'), call('b', 'read_file', '{"path":"shot.png"}')),
      tool(
        { type: 'tool_result', toolCallId: 'a', toolName: 'screenshot', content: [image], isError: false },
        { type: 'tool_result', toolCallId: 'b', toolName: 'read_file', content: [{ type: 'text', text: 'PNG, 800×600' }, image], isError: false },
      ),
      assistantMessage({ type: 'text', text: 'Seen.' }),
    ];
    const compaction = compactToolResults(history, 0);
    assert.equal(compaction.shortened, 2);
    assert.deepEqual(resultsOf(compaction.messages[2]).map((block) => block.content), [
      [{ type: 'text', text: placeholder('screenshot {}', undefined) }],
      [{ type: 'text', text: placeholder('read_file {"path":"shot.png"}', 12) }],
    ]);
    assert.ok(compaction.savedTokens > 3_000);
  });
});

describe('isPlaceholder', () => {
  it('recognises a placeholder only as the whole content', () => {
    const compacted = resultsOf(compactToolResults(threeReads(), 0).messages[2])[0];
    assert.ok(compacted !== undefined && isPlaceholder(compacted));
    assert.equal(isPlaceholder(result('c1', 'read_file', big)), false);
    assert.equal(isPlaceholder({ ...result('c1', 'read_file', placeholder('read_file', 10)), content: [{ type: 'text', text: placeholder('read_file', 10) }, { type: 'text', text: 'more' }] }), false);
    assert.equal(isPlaceholder({ type: 'tool_result', toolCallId: 'c1', toolName: 'read_file', content: [], isError: false }), false);
  });
});
