/** A place in a file: 0-based line and character, as language servers count them. */
export interface SourcePosition {
  line: number;
  character: number;
}

/** A range in a file, by absolute path. */
export interface SourceLocation {
  path: string;
  start: SourcePosition;
  end: SourcePosition;
}

/** A symbol of a file's outline, its children nested. */
export interface OutlineSymbol {
  name: string;
  /** e.g. `class`, `method`, `function`. */
  kind: string;
  /** Extra text the language server gives, such as a signature. */
  detail?: string;
  start: SourcePosition;
  children: OutlineSymbol[];
}

/** A symbol found by name across the workspace. */
export interface NamedSymbol {
  name: string;
  kind: string;
  /** The class or module holding it, when known. */
  container?: string;
  location: SourceLocation;
}

/**
 * What the editor's language servers know. Each method answers `undefined` when no language server
 * answered for the file (no provider for its language, or none yet after waiting), and a list
 * (possibly empty) when one did.
 */
export interface CodeNavigation {
  definitions(path: string, position: SourcePosition, signal: AbortSignal): Promise<SourceLocation[] | undefined>;
  references(path: string, position: SourcePosition, signal: AbortSignal): Promise<SourceLocation[] | undefined>;
  /** Hover texts (type, signature, documentation) as markdown. */
  hover(path: string, position: SourcePosition, signal: AbortSignal): Promise<string[] | undefined>;
  documentSymbols(path: string, signal: AbortSignal): Promise<OutlineSymbol[] | undefined>;
  workspaceSymbols(query: string, signal: AbortSignal): Promise<NamedSymbol[] | undefined>;
}
