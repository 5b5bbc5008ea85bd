import type { ToolCallArguments } from './toolIdentity';

/** The longest title of a running call, in characters. */
export const MAX_TITLE = 80;

/** A non-blank string argument, on one line. */
export function stringArgument(input: ToolCallArguments, key: string): string | undefined {
  const value = input[key];
  if (typeof value !== 'string') return undefined;
  const line = oneLine(value);
  return line === '' ? undefined : line;
}

export function isWorkspaceRoot(path: string): boolean {
  return path === '.' || path === './';
}

export function oneLine(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

export function clip(text: string, max: number): string {
  const line = oneLine(text);
  return line.length > max ? `${line.slice(0, max - 1)}…` : line;
}

/** Paths keep their end, which names the file. */
export function clipPath(path: string, max: number): string {
  return path.length > max ? `…${path.slice(path.length - max + 1)}` : path;
}

/** `Editing src/app.ts`, or `Editing a file` before the path is known. */
export function fileTitle(verb: string, input: ToolCallArguments): string {
  const path = stringArgument(input, 'path');
  return path === undefined ? `${verb} a file` : `${verb} ${clipPath(path, 65)}`;
}

/** A call's arguments as an object; undefined when they are no JSON object (yet). */
export function callArgumentsObject(argumentsJson: string): ToolCallArguments | undefined {
  try {
    const value: unknown = JSON.parse(argumentsJson);
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as ToolCallArguments) : undefined;
  } catch {
    return undefined;
  }
}
