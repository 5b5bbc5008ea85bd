import { toolCallsOf, type AssistantMessage, type Message, type ToolResultBlock, type ToolResultsMessage } from '../llm/messages';
import { toolErrorResult } from '../tools/registry';

export const INTERRUPTED_TOOL_MESSAGE = 'Interrupted: VS Code was reloaded before this tool finished. Run it again if you still need it.';

/**
 * A history the provider APIs accept, for a conversation stored in the middle of a run: every
 * assistant turn's tool calls are answered by the next message, one result per call in call
 * order (missing ones marked as interrupted, stray ones dropped), and empty assistant turns are
 * removed. Anything else is kept as it was; a valid history comes back equal.
 */
export function repairHistory(messages: readonly Message[]): Message[] {
  const repaired: Message[] = [];
  for (let index = 0; index < messages.length; index++) {
    const message = messages[index] as Message;
    // Tool results are taken with the assistant turn they answer; any others answer nothing.
    if (message.role === 'tool') continue;
    if (message.role === 'user') {
      repaired.push(message);
      continue;
    }
    if (message.content.length === 0) continue;
    repaired.push(message);
    const next = messages[index + 1];
    const answers = next?.role === 'tool' ? next : undefined;
    if (answers) index++;
    if (toolCallsOf(message).length > 0) repaired.push(answersFor(message, answers));
  }
  return repaired;
}

function answersFor(assistant: AssistantMessage, answers: ToolResultsMessage | undefined): ToolResultsMessage {
  const given = answers?.results ?? [];
  const results: ToolResultBlock[] = [];
  const answered = new Set<string>();
  for (const call of toolCallsOf(assistant)) {
    if (answered.has(call.id)) continue;
    answered.add(call.id);
    results.push(given.find((result) => result.toolCallId === call.id) ?? toolErrorResult(call, INTERRUPTED_TOOL_MESSAGE));
  }
  const unchanged = answers !== undefined && results.length === given.length && results.every((result, index) => result === given[index]);
  return unchanged ? answers : { role: 'tool', results };
}
