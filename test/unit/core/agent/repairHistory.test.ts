import assert from 'node:assert/strict';
import { INTERRUPTED_TOOL_MESSAGE, repairHistory } from '../../../../src/core/agent/repairHistory';
import { userText, type Message, type ToolCallBlock, type ToolResultBlock, type ToolResultsMessage } from '../../../../src/core/llm/messages';
import { assistantMessage } from '../../../support/messageBuilders';

function call(id: string, name = 'read_file'): ToolCallBlock {
  return { type: 'tool_call', id, name, arguments: '{"path":"a.txt"}' };
}

function result(id: string, text = `result ${id}`, name = 'read_file'): ToolResultBlock {
  return { type: 'tool_result', toolCallId: id, toolName: name, content: [{ type: 'text', text }], isError: false };
}

function tool(...results: ToolResultBlock[]): ToolResultsMessage {
  return { role: 'tool', results };
}

function interrupted(id: string, name = 'read_file'): ToolResultBlock {
  return { type: 'tool_result', toolCallId: id, toolName: name, content: [{ type: 'text', text: INTERRUPTED_TOOL_MESSAGE }], isError: true };
}

describe('repairHistory', () => {
  it('gives back a valid history deep-equal, without changing the input', () => {
    const history: Message[] = [
      userText('read a and b'),
      assistantMessage({ type: 'thinking', thinking: 'hmm', signature: 'sig' }, { type: 'text', text: 'Reading.' }, call('1'), call('2')),
      tool(result('1'), result('2')),
      assistantMessage({ type: 'text', text: 'Both say alpha.' }),
      userText('thanks'),
      assistantMessage({ type: 'text', text: 'You are welcome.' }),
    ];
    const before = structuredClone(history);
    assert.deepEqual(repairHistory(history), history);
    assert.deepEqual(history, before);
  });

  it('answers the calls of a last turn cut short as interrupted', () => {
    const history: Message[] = [userText('go'), assistantMessage(call('1'), call('2', 'edit_file'))];
    assert.deepEqual(repairHistory(history), [...history, tool(interrupted('1'), interrupted('2', 'edit_file'))]);
  });

  it('adds the results missing from a tool message, in call order', () => {
    const history: Message[] = [userText('go'), assistantMessage(call('1'), call('2'), call('3')), tool(result('2'))];
    assert.deepEqual(repairHistory(history), [history[0], history[1], tool(interrupted('1'), result('2'), interrupted('3'))]);
  });

  it('puts the results in call order and keeps one per call', () => {
    const history: Message[] = [userText('go'), assistantMessage(call('1'), call('2')), tool(result('2'), result('1'), result('1', 'again'))];
    assert.deepEqual(repairHistory(history).at(-1), tool(result('1'), result('2')));
  });

  it('drops results for calls the turn before did not make', () => {
    const history: Message[] = [userText('go'), assistantMessage(call('1')), tool(result('1'), result('x'))];
    assert.deepEqual(repairHistory(history), [history[0], history[1], tool(result('1'))]);
  });

  it('drops tool messages that answer no assistant turn', () => {
    const history: Message[] = [userText('go'), tool(result('x')), assistantMessage({ type: 'text', text: 'hi' }), tool(result('y')), userText('next')];
    assert.deepEqual(repairHistory(history), [history[0], history[2], history[4]]);
  });

  it('answers calls followed by a user message instead of results', () => {
    const history: Message[] = [userText('go'), assistantMessage(call('1')), userText('are you there?')];
    assert.deepEqual(repairHistory(history), [history[0], history[1], tool(interrupted('1')), history[2]]);
  });

  it('removes assistant messages with no content, and the results that followed them', () => {
    const history: Message[] = [userText('go'), assistantMessage(), tool(result('1')), userText('again'), assistantMessage({ type: 'text', text: 'ok' })];
    assert.deepEqual(repairHistory(history), [history[0], history[3], history[4]]);
  });

  it('answers each call id once when a turn repeats one', () => {
    const history: Message[] = [userText('go'), assistantMessage(call('1'), call('1'))];
    assert.deepEqual(repairHistory(history).at(-1), tool(interrupted('1')));
  });

  it('returns an empty history for an empty one', () => {
    assert.deepEqual(repairHistory([]), []);
  });
});
