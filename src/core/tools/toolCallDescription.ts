import type { ToolCallArguments, ToolIdentity } from '../toolContract/toolIdentity';
import type { ToolKind } from '../toolContract/toolKind';
import { callArgumentsObject, clip, MAX_TITLE, oneLine, stringArgument } from '../toolContract/toolTitleText';

/** Argument names that usually say what a call is about, in order of preference, for tools that name no subject argument. */
const tellingKeys = ['path', 'pattern', 'command', 'query', 'url', 'focus'];

/** How hosts show one call of a tool. */
export interface ToolCallDescription {
  /** What the call does, e.g. `Reading src/app.ts (from line 200)`: one line of at most 80 characters. */
  title: string;
  kind: ToolKind;
  /**
   * What the call is about, e.g. its path, on one line: the value of the tool's subject argument or
   * else of its most telling string argument, empty when there is none, the arguments as sent when they are no JSON object.
   */
  subject: string;
}

/**
 * Describes a call of `tool` (undefined: no tool has the name) from its arguments, which may be partial
 * or malformed while they stream: those give a vaguer title, never an error.
 */
export function describeToolCall(tool: ToolIdentity | undefined, name: string, argumentsJson: string): ToolCallDescription {
  const input = callArgumentsObject(argumentsJson);
  return {
    title: clip(titleOf(tool, name, input ?? {}), MAX_TITLE),
    kind: tool?.kind ?? 'unknown',
    subject: input === undefined ? oneLine(argumentsJson) : (subjectOf(tool, input) ?? ''),
  };
}

/** The title of a tool Elbow knows nothing about: its name and most telling argument (`server › tool` for an MCP tool). */
export function genericToolTitle(name: string, input: ToolCallArguments): string {
  const value = subjectOf(undefined, input);
  const mcp = /^mcp__(.+?)__(.+)$/.exec(name);
  const shownName = clip(mcp === null ? name : `${mcp[1]} › ${mcp[2]}`, 40);
  return value === undefined ? shownName : `${shownName}: ${clip(value, MAX_TITLE - shownName.length - 2)}`;
}

function titleOf(tool: ToolIdentity | undefined, name: string, input: ToolCallArguments): string {
  if (tool === undefined) return genericToolTitle(name, input);
  try {
    return tool.title(input);
  } catch {
    // Titles must not throw; one that does still leaves the card a title.
    return genericToolTitle(name, input);
  }
}

function subjectOf(tool: ToolIdentity | undefined, input: ToolCallArguments): string | undefined {
  const files = tool?.files?.(input) ?? [];
  if (files.length > 0) return oneLine(files.join(', '));
  const key = [...(tool?.subjectArgument === undefined ? [] : [tool.subjectArgument]), ...tellingKeys].find((candidate) => stringArgument(input, candidate) !== undefined)
    ?? Object.keys(input).find((candidate) => stringArgument(input, candidate) !== undefined);
  return key === undefined ? undefined : stringArgument(input, key);
}
