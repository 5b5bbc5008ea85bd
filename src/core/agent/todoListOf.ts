import { toolCallsOf, type Message, type ToolCallBlock, type ToolResultBlock } from '../llm/messages';
import { isCompactedHistory } from '../context/conversationSummary';
import { parseToolArguments } from '../tools/toolArguments';
import { todoItemsOf, todoTool } from '../tools/builtin/todo';
import type { TodoItem } from '../todo/todoItem';
import { parseTodoListText } from '../todo/todoListText';

/**
 * The task list as the conversation left it: the newest `todo` call that succeeded, or the list a
 * compaction's summary kept. Derived, never stored, so a restored history restores the list.
 */
export function todoListOf(messages: readonly Message[]): TodoItem[] {
  let list: TodoItem[] = [];
  let calls = new Map<string, ToolCallBlock>();
  for (const message of messages) {
    if (message.role === 'assistant') {
      calls = new Map(toolCallsOf(message).map((call) => [call.id, call]));
    } else if (message.role === 'tool') {
      for (const result of message.results) {
        const call = calls.get(result.toolCallId);
        list = (call === undefined ? undefined : todoListSetBy(call, result)) ?? list;
      }
    } else if (isCompactedHistory(message)) {
      for (const block of message.content) list = (block.type === 'text' ? parseTodoListText(block.text) : undefined) ?? list;
    }
  }
  return list;
}

/** The list a call set: a `todo` call that succeeded, read from its arguments; undefined for any other call. */
export function todoListSetBy(call: ToolCallBlock, result: ToolResultBlock): TodoItem[] | undefined {
  if (call.name !== todoTool.name || result.isError) return undefined;
  const parsed = parseToolArguments(todoTool.name, call.arguments);
  return parsed.ok ? todoItemsOf(parsed.value) : undefined;
}
