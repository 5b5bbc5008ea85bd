import { toolCallsOf, type Message } from '../llm/messages';
import type { ToolIdentity } from '../toolContract/toolIdentity';
import type { ToolKind } from '../toolContract/toolKind';
import { callArgumentsObject } from '../toolContract/toolTitleText';

export interface TouchedFile {
  path: string;
  /** The last thing done to it. */
  action: 'read' | 'edited' | 'written' | 'deleted';
}

/** The kinds of tools that act on one file, named by their subject argument. */
const actions: Partial<Record<ToolKind, TouchedFile['action']>> = { read: 'read', edit: 'edited', write: 'written', delete: 'deleted' };

/** The files the conversation's successful tool calls touched, most recent first, each once; `toolOf` finds a call's tool by name. */
export function recentlyTouchedFiles(messages: readonly Message[], limit: number, toolOf: (name: string) => ToolIdentity | undefined): TouchedFile[] {
  const files: TouchedFile[] = [];
  const seen = new Set<string>();
  for (let index = messages.length - 1; index >= 0 && files.length < limit; index--) {
    const message = messages[index];
    if (message?.role !== 'assistant') continue;
    // Its calls are answered by the tool message right after it: call ids may repeat across runs.
    const answers = messages[index + 1];
    const failed = new Set(answers?.role === 'tool' ? answers.results.filter((result) => result.isError).map((result) => result.toolCallId) : []);
    for (const call of toolCallsOf(message).reverse()) {
      const tool = toolOf(call.name);
      const action = tool === undefined ? undefined : actions[tool.kind];
      if (action === undefined || failed.has(call.id)) continue;
      for (const path of callFiles(call.arguments, tool)) {
        if (seen.has(path) || files.length >= limit) continue;
        seen.add(path);
        files.push({ path, action });
      }
      if (files.length >= limit) break;
    }
  }
  return files;
}

function callFiles(argumentsJson: string, tool: ToolIdentity | undefined): string[] {
  const input = callArgumentsObject(argumentsJson);
  if (input === undefined) return [];
  if (tool?.files !== undefined) return tool.files(input);
  const value = input[tool?.subjectArgument ?? 'path'];
  return typeof value === 'string' && value.trim() !== '' ? [value.trim()] : [];
}
