import type { AssistantMessage, Message, ToolResultsMessage } from './messages';

/**
 * The history with every tool call id used once. Some servers hand out the same id again in a
 * later turn (`call_0` each time) or twice in one reply; a server that checks ids (Anthropic:
 * "tool_use ids must be unique") refuses the whole conversation then. A repeated id gets a
 * numbered one, and the results after its message follow it, in call order. Messages without a
 * repeated id are returned as they are.
 */
export function withUniqueToolCallIds(messages: readonly Message[]): readonly Message[] {
  const used = new Set<string>();
  let renamed = new Map<string, string[]>();
  let changed = false;
  const unique = messages.map((message): Message => {
    if (message.role === 'assistant') {
      const result = uniqueCalls(message, used);
      renamed = result.renamed;
      changed ||= result.message !== message;
      return result.message;
    }
    if (message.role === 'tool') {
      const result = followRenames(message, renamed);
      changed ||= result !== message;
      return result;
    }
    renamed = new Map();
    return message;
  });
  return changed ? unique : messages;
}

/** The message with its repeated call ids replaced, and for each original id the ids its calls now have, in order. */
function uniqueCalls(message: AssistantMessage, used: Set<string>): { message: AssistantMessage; renamed: Map<string, string[]> } {
  const renamed = new Map<string, string[]>();
  let changed = false;
  const content = message.content.map((block) => {
    if (block.type !== 'tool_call') return block;
    const id = used.has(block.id) ? freshId(block.id, used) : block.id;
    used.add(id);
    renamed.set(block.id, [...(renamed.get(block.id) ?? []), id]);
    if (id === block.id) return block;
    changed = true;
    return { ...block, id };
  });
  return { message: changed ? { ...message, content } : message, renamed };
}

function followRenames(message: ToolResultsMessage, renamed: Map<string, string[]>): ToolResultsMessage {
  let changed = false;
  const results = message.results.map((result) => {
    const id = renamed.get(result.toolCallId)?.shift() ?? result.toolCallId;
    if (id === result.toolCallId) return result;
    changed = true;
    return { ...result, toolCallId: id };
  });
  return changed ? { ...message, results } : message;
}

function freshId(id: string, used: ReadonlySet<string>): string {
  for (let count = 2; ; count++) {
    const candidate = `${id}_${count}`;
    if (!used.has(candidate)) return candidate;
  }
}
