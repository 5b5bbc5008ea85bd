import type { SlashEntry, SlashInput, SlashSource } from './slashSource';

/** A typed `/name rest`: the name and the text after it. */
export interface TypedSlash {
  name: string;
  text: string;
}

/** The command a line starts with, if it starts with one. */
export function typedSlash(line: string): TypedSlash | undefined {
  const match = /^\/([A-Za-z0-9][A-Za-z0-9_.:-]*)(?:\s+([\s\S]*))?$/.exec(line.trim());
  if (match === null) return undefined;
  return { name: match[1] ?? '', text: (match[2] ?? '').trim() };
}

/**
 * Every slash command the chat offers, Elbow's own first and then each source's in order: a name
 * taken already is not offered again, so what the picker shows is what runs.
 */
export class SlashCatalog {
  private readonly found: Array<{ entry: SlashEntry; source?: SlashSource }> = [];

  constructor(own: readonly SlashEntry[], sources: readonly SlashSource[]) {
    const taken = new Set<string>();
    const add = (entry: SlashEntry, source?: SlashSource): void => {
      if (taken.has(entry.name)) return;
      taken.add(entry.name);
      this.found.push(source === undefined ? { entry } : { entry, source });
    };
    for (const entry of own) add(entry);
    for (const source of sources) for (const entry of source.entries()) add(entry, source);
  }

  entries(): SlashEntry[] {
    return this.found.map((each) => each.entry);
  }

  /** The entry of this name and the source that expands it (none for Elbow's own). */
  find(name: string): { entry: SlashEntry; source?: SlashSource } | undefined {
    return this.found.find((each) => each.entry.name === name);
  }

  /** The message for the model; throws an Error the user reads. */
  expand(name: string, input: SlashInput, signal: AbortSignal): ReturnType<SlashSource['expand']> {
    const found = this.find(name);
    if (found?.source === undefined) return Promise.reject(new Error(`/${name} is not a command`));
    return found.source.expand(found.entry, input, signal);
  }
}

/** The values an entry asks for that `values` lacks. */
export function missingArguments(entry: SlashEntry, values: Readonly<Record<string, string>>): SlashEntry['arguments'] {
  return entry.arguments.filter((argument) => argument.required && (values[argument.name] ?? '').trim() === '');
}

/** One line per entry for a terminal list: `/name hint   description (source)`. */
export function slashHelpLines(entries: readonly SlashEntry[]): string {
  return entries.map((entry) => {
    const head = `/${entry.name}${entry.argumentHint ? ` ${entry.argumentHint}` : ''}`;
    const note = entry.note ? ` [${entry.note}]` : '';
    return `  ${head.padEnd(18)} ${entry.description}${note} (${entry.source})\n`;
  }).join('');
}
