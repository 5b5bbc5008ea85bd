import { toolCallsOf, type Message } from '../llm/messages';

export interface TouchedFile {
  path: string;
  /** The last thing done to it. */
  action: 'read' | 'edited' | 'written' | 'deleted';
}

const actions: ReadonlyMap<string, TouchedFile['action']> = new Map([
  ['read_file', 'read'],
  ['edit_file', 'edited'],
  ['write_file', 'written'],
  ['delete_file', 'deleted'],
]);

/** The files the conversation's successful tool calls touched, most recent first, each once. */
export function recentlyTouchedFiles(messages: readonly Message[], limit: number): TouchedFile[] {
  const files: TouchedFile[] = [];
  const seen = new Set<string>();
  for (let index = messages.length - 1; index >= 0 && files.length < limit; index--) {
    const message = messages[index];
    if (message?.role !== 'assistant') continue;
    // Its calls are answered by the tool message right after it: call ids may repeat across runs.
    const answers = messages[index + 1];
    const failed = new Set(answers?.role === 'tool' ? answers.results.filter((result) => result.isError).map((result) => result.toolCallId) : []);
    for (const call of toolCallsOf(message).reverse()) {
      const action = actions.get(call.name);
      const path = action === undefined || failed.has(call.id) ? undefined : pathArgument(call.arguments);
      if (action === undefined || path === undefined || seen.has(path)) continue;
      seen.add(path);
      files.push({ path, action });
      if (files.length >= limit) break;
    }
  }
  return files;
}

function pathArgument(argumentsJson: string): string | undefined {
  try {
    const parsed: unknown = JSON.parse(argumentsJson);
    if (typeof parsed !== 'object' || parsed === null || !('path' in parsed)) return undefined;
    return typeof parsed.path === 'string' && parsed.path.trim() !== '' ? parsed.path.trim() : undefined;
  } catch {
    return undefined;
  }
}
