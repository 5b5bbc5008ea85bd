import type { UserMessage } from '../llm/messages';

/** Where a slash command comes from. */
export type SlashEntryKind = 'elbow' | 'prompt' | 'skill' | 'mcp';

/** A named value asked for before the command runs (an MCP prompt's argument, a prompt file's `${input:name}`). */
export interface SlashArgument {
  name: string;
  description?: string;
  required: boolean;
}

/** One row of the `/` picker (and of the REPL's `/help`). */
export interface SlashEntry {
  /** What follows the `/`. */
  name: string;
  description: string;
  kind: SlashEntryKind;
  /** What to type after the name, e.g. `[file] [focus]`. */
  argumentHint?: string;
  arguments: readonly SlashArgument[];
  /** A file's path, an MCP server's name, or `Elbow`. */
  source: string;
  /** What the user should know before choosing it (e.g. a file that asks for tools it is not given). */
  note?: string;
}

/** What the user gave a command: the text after its name, and the named values asked for. */
export interface SlashInput {
  text: string;
  values: Readonly<Record<string, string>>;
}

/**
 * A kind of slash command: prompt files, skills, an MCP server's prompts. `expand` turns a chosen
 * entry and its input into the message that goes to the model; it throws an Error whose message
 * the user reads (a missing required value, a command that may not run yet).
 */
export interface SlashSource {
  entries(): readonly SlashEntry[];
  /** For entries that change while Elbow runs (an MCP server's prompts): called after they may have. */
  onDidChange?(listener: () => void): { dispose(): void };
  expand(entry: SlashEntry, input: SlashInput, signal: AbortSignal): Promise<string | UserMessage['content']>;
}
