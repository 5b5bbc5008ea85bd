import assert from 'node:assert/strict';
import { compactedHistory } from '../../../../src/core/context/conversationSummary';
import { compactToolResults } from '../../../../src/core/context/toolResultCompaction';
import { userText, type Message, type ToolResultBlock } from '../../../../src/core/llm/messages';
import type { TodoItem } from '../../../../src/core/todo/todoItem';
import { todoListOf } from '../../../../src/core/agent/todoListOf';
import { assistantMessage } from '../../../support/messageBuilders';

function todoCall(id: string, items: unknown, isError = false): Message[] {
  const result: ToolResultBlock = { type: 'tool_result', toolCallId: id, toolName: 'todo', content: [{ type: 'text', text: isError ? 'Refused.' : 'List updated.' }], isError };
  return [assistantMessage({ type: 'tool_call', id, name: 'todo', arguments: JSON.stringify({ items }) }), { role: 'tool', results: [result] }];
}

const first: TodoItem[] = [{ text: 'Read', status: 'in_progress' }, { text: 'Fix', status: 'pending' }];
const second: TodoItem[] = [{ text: 'Read', status: 'done' }, { text: 'Fix', status: 'in_progress' }];

describe('the task list of a conversation', () => {
  it('is the newest todo call that succeeded: each call replaces the list, a refused one leaves it', () => {
    assert.deepEqual(todoListOf([userText('go')]), []);
    const history = [userText('go'), ...todoCall('a', first), ...todoCall('b', second), ...todoCall('c', [{ text: 'x', status: 'done' }], true)];
    assert.deepEqual(todoListOf(history), second);
  });

  it('is found again in a summary that kept it, and a later call replaces it', () => {
    const summary = compactedHistory({ summary: '## Goal\nFix it.', originalRequest: 'go', latestRequest: undefined, touchedFiles: [], archive: undefined, todos: second });
    const text = JSON.stringify(summary);
    assert.match(text, /## Task list \(kept verbatim; update it with the todo tool\)\\n- \[x\] Read\\n- \[~\] Fix/);
    assert.deepEqual(todoListOf(summary), second);
    assert.deepEqual(todoListOf([...summary, ...todoCall('d', first)]), first);
  });

  it('survives older tool results being shortened (layer 1): the list lives in the calls', () => {
    const padding: Message[] = Array.from({ length: 4 }, (_, index) => [
      assistantMessage({ type: 'tool_call', id: `r${index}`, name: 'read_file', arguments: '{"path":"a.ts"}' }),
      { role: 'tool' as const, results: [{ type: 'tool_result' as const, toolCallId: `r${index}`, toolName: 'read_file', content: [{ type: 'text' as const, text: 'line\n'.repeat(2_000) }], isError: false }] },
    ]).flat();
    const history = [userText('go'), ...todoCall('a', second), ...padding];
    const shortened = compactToolResults(history, 0);
    assert.ok(shortened.shortened >= 3);
    assert.deepEqual(todoListOf(shortened.messages), second);
  });
});
