import type { OpenedPathCheck } from './fileSystem';

/**
 * Fast listing and content search over a workspace folder. Implementations honour
 * `.gitignore` files (nested ones too) and the ignore file given, include hidden files,
 * and never enter `.git`.
 */

export interface ListFilesOptions {
  /** Absolute folder to list. */
  directory: string;
  recursive: boolean;
  /** Stop after this many entries and report `truncated`. */
  limit: number;
  signal?: AbortSignal;
  /** What the opened folder's real path must pass (a link swapped in after the check fails it). */
  allowed?: OpenedPathCheck;
}

export interface ListFilesResult {
  /** Paths relative to `directory`, `/`-separated; folders end with `/` (non-recursive only). */
  entries: string[];
  truncated: boolean;
}

export interface SearchOptions {
  /** Absolute folder to search under. */
  directory: string;
  pattern: string;
  /** Treat `pattern` as a literal string instead of a regular expression. */
  literal: boolean;
  caseSensitive: boolean;
  /** Glob on paths relative to `directory`, e.g. `*.ts` or `src/**`. */
  include?: string;
  /** Stop after this many matching lines and report `truncated`. */
  limit: number;
  signal?: AbortSignal;
  /** What the opened folder's real path must pass (a link swapped in after the check fails it). */
  allowed?: OpenedPathCheck;
}

export interface SearchMatch {
  /** Relative to `directory`, `/`-separated. */
  path: string;
  /** 1-based. */
  line: number;
  /** Where the first match starts in `text` (UTF-16 code units), when the searcher knows. */
  column?: number;
  text: string;
}

export interface SearchResult {
  matches: SearchMatch[];
  truncated: boolean;
}

export interface WorkspaceSearcher {
  /** Human-readable name of the engine for logs, e.g. `ripgrep 14.1.0` or `built-in`. */
  readonly engine: string;
  listFiles(options: ListFilesOptions): Promise<ListFilesResult>;
  /** Rejects with an Error whose message is fit for the model when the pattern is invalid. */
  search(options: SearchOptions): Promise<SearchResult>;
}
