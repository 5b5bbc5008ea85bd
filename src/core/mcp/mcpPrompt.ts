import type { McpContent } from './mcpToolResult';

/** A prompt as Elbow keeps it from `prompts/list`: bounded, with the fields it reads. */
export interface McpPromptDefinition {
  name: string;
  title?: string;
  description: string;
  arguments: McpPromptArgument[];
}

export interface McpPromptArgument {
  name: string;
  description?: string;
  required: boolean;
}

/** The parts of a `prompts/get` result Elbow reads. */
export interface McpPromptResult {
  description?: string;
  messages: ReadonlyArray<{ role: string; content: McpContent }>;
}

/** Prompts kept of one server; the rest are dropped with a warning. */
export const maxPromptsPerServer = 200;
const maxNameLength = 100;
const maxDescriptionLength = 300;
const maxArguments = 20;
/** A name typed after `/`: no spaces, no control characters. */
const typeableName = /^[^\s\p{C}]+$/u;

/** The prompts of a `prompts/list` answer Elbow offers: well formed, typeable names, at most `maxPromptsPerServer`. */
export function keptPrompts(listed: readonly unknown[]): { prompts: McpPromptDefinition[]; dropped: number } {
  const prompts: McpPromptDefinition[] = [];
  const seen = new Set<string>();
  for (const item of listed) {
    if (prompts.length >= maxPromptsPerServer) break;
    const prompt = promptOf(item);
    if (prompt === undefined || seen.has(prompt.name)) continue;
    seen.add(prompt.name);
    prompts.push(prompt);
  }
  return { prompts, dropped: listed.length - prompts.length };
}

function promptOf(item: unknown): McpPromptDefinition | undefined {
  if (typeof item !== 'object' || item === null) return undefined;
  const { name, title, description, arguments: args } = item as Record<string, unknown>;
  if (typeof name !== 'string' || name.length > maxNameLength || !typeableName.test(name)) return undefined;
  const kept: McpPromptArgument[] = [];
  for (const argument of Array.isArray(args) ? args.slice(0, maxArguments) : []) {
    const parsed = argumentOf(argument);
    if (parsed !== undefined && !kept.some((other) => other.name === parsed.name)) kept.push(parsed);
  }
  return {
    name,
    ...(typeof title === 'string' ? { title: oneLine(title, maxNameLength) } : {}),
    description: typeof description === 'string' ? oneLine(description, maxDescriptionLength) : '',
    arguments: kept,
  };
}

function argumentOf(argument: unknown): McpPromptArgument | undefined {
  if (typeof argument !== 'object' || argument === null) return undefined;
  const { name, description, required } = argument as Record<string, unknown>;
  if (typeof name !== 'string' || name.length > maxNameLength || !typeableName.test(name)) return undefined;
  return { name, ...(typeof description === 'string' ? { description: oneLine(description, maxDescriptionLength) } : {}), required: required === true };
}

function oneLine(text: string, length: number): string {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > length ? `${line.slice(0, length - 1)}…` : line;
}
