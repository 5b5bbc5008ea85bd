import { toolCallsOf, type Message } from '../llm/messages';
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
  let calls = new Map<string, string>();
  for (const message of messages) {
    if (message.role === 'assistant') {
      calls = new Map(toolCallsOf(message).map((call) => [call.id, call.arguments]));
    } else if (message.role === 'tool') {
      for (const result of message.results) {
        const argumentsJson = calls.get(result.toolCallId);
        if (result.toolName !== todoTool.name || result.isError || argumentsJson === undefined) continue;
        const parsed = parseToolArguments(todoTool.name, argumentsJson);
        list = (parsed.ok ? todoItemsOf(parsed.value) : undefined) ?? list;
      }
    } else if (isCompactedHistory(message)) {
      for (const block of message.content) list = (block.type === 'text' ? parseTodoListText(block.text) : undefined) ?? list;
    }
  }
  return list;
}
