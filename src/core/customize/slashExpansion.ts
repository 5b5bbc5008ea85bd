import type { UserMessage } from '../llm/messages';
import { missingArguments, typedSlash, type SlashCatalog } from './slashCatalog';
import type { SlashArgument, SlashEntry } from './slashSource';

/** Asks the user for one value; undefined: they cancelled. */
export type AskSlashArgument = (argument: SlashArgument, entry: SlashEntry) => Promise<string | undefined>;

export type SlashExpansion =
  /** Not a command from a file or server: Elbow's own, or plain text. */
  | { kind: 'none' }
  | { kind: 'message'; entry: SlashEntry; content: string | UserMessage['content'] }
  | { kind: 'cancelled' }
  | { kind: 'error'; message: string };

/**
 * Turns a typed `/name text` into the message for the model. Values the entry asks for may be
 * given as `name=value` words; the rest are asked for with `ask`, or, where nobody can be asked,
 * refused with what to type.
 */
export async function expandTypedSlash(catalog: SlashCatalog, line: string, ask: AskSlashArgument | undefined, signal: AbortSignal): Promise<SlashExpansion> {
  const typed = typedSlash(line);
  const found = typed === undefined ? undefined : catalog.find(typed.name);
  if (typed === undefined || found?.source === undefined) return { kind: 'none' };
  const { entry } = found;
  const { values, text } = namedValues(entry, typed.text);
  for (const argument of missingArguments(entry, values)) {
    if (ask === undefined) return { kind: 'error', message: `/${entry.name} needs ${argument.name}${argument.description ? ` (${argument.description})` : ''}: give it as ${argument.name}=… after the name` };
    const value = await ask(argument, entry);
    if (value === undefined) return { kind: 'cancelled' };
    if (value.trim() === '' && argument.required) return { kind: 'error', message: `/${entry.name} needs ${argument.name}` };
    values[argument.name] = value;
  }
  try {
    return { kind: 'message', entry, content: await catalog.expand(entry.name, { text, values }, signal) };
  } catch (error) {
    return { kind: 'error', message: error instanceof Error ? error.message : String(error) };
  }
}

/** `name=value` words naming the entry's arguments (VS Code's `/prompt name=value`), and the text left. */
function namedValues(entry: SlashEntry, text: string): { values: Record<string, string>; text: string } {
  const names = new Set(entry.arguments.map((argument) => argument.name));
  const values: Record<string, string> = Object.create(null) as Record<string, string>;
  const rest = text.replace(/(?:^|\s)([A-Za-z_][A-Za-z0-9_-]*)=("[^"]*"|\S*)/g, (match: string, name: string, value: string) => {
    if (!names.has(name)) return match;
    values[name] = value.startsWith('"') ? value.slice(1, -1) : value;
    return '';
  });
  return { values, text: rest.trim() };
}
