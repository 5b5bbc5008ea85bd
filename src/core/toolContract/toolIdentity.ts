import type { ToolKind } from './toolKind';

/** A call's arguments as far as they parse: possibly partial, of any shape (empty when they are no JSON object). */
export type ToolCallArguments = Readonly<Record<string, unknown>>;

/** What hosts and the loop know a tool by, besides running it. */
export interface ToolIdentity {
  name: string;
  kind: ToolKind;
  /**
   * What a call does while it runs, e.g. `Reading src/app.ts (from line 200)`. Titles are made while the
   * arguments still stream, so this never throws: missing or malformed arguments give a vaguer title.
   */
  title(input: ToolCallArguments): string;
  /** The argument that says what a call is about, e.g. `path`; for the file kinds, the file. Without it, the usual telling arguments. */
  subjectArgument?: string;
  /** For a file kind whose call names several files in one argument (apply_patch's patch): the files, as the call names them; they are its subject. */
  files?(input: ToolCallArguments): string[];
}
