import type { HostFileSystem } from '../host/fileSystem';
import type {
  ListFilesOptions,
  ListFilesResult,
  SearchMatch,
  SearchOptions,
  SearchResult,
  WorkspaceSearcher,
} from '../host/searcher';
import { looksBinary } from './binaryContent';
import { ElbowIgnore } from './elbowIgnore';
import { compileIncludeGlob } from './includeGlob';
import { compileLinePattern } from './linePattern';
import { LineMatcher, type SearchableText } from './lineMatcher';
import type { SearchScope } from './searchScope';
import { walkWorkspace, type WalkedEntry } from './workspaceWalker';

/** ripgrep decides a file is binary when its first buffer (64 KB) holds a NUL byte. */
const BINARY_SNIFF_BYTES = 64 * 1024;
/** Larger files are not searched, to bound memory (ripgrep has no such limit). */
const MAX_SEARCHED_FILE_BYTES = 20 * 1024 * 1024;
/** Files go to the matching thread in batches, growing up to about this many characters, to keep messages few. */
const MAX_BATCH_CHARS = 256 * 1024;
const FIRST_BATCH_CHARS = 16 * 1024;

export interface BuiltinSearcherOptions {
  /** How long one search may spend matching its pattern; see `LineMatcher`. */
  matchTimeLimitMs?: number;
}

/**
 * A searcher in plain TypeScript over the host's file system, for when ripgrep is not
 * available. It follows ripgrep's rules (see `walkWorkspace`); patterns are JavaScript
 * regular expressions matched line by line, in a worker thread with a time limit (`LineMatcher`).
 */
export class BuiltinSearcher implements WorkspaceSearcher {
  readonly engine = 'built-in';

  constructor(
    private readonly files: HostFileSystem,
    private readonly scope?: SearchScope,
    private readonly options: BuiltinSearcherOptions = {},
  ) {}

  async listFiles(options: ListFilesOptions): Promise<ListFilesResult> {
    const elbowIgnore = await ElbowIgnore.forDirectory(this.files, this.scope, options.directory);
    const entries: string[] = [];
    const walk = walkWorkspace(this.files, options.directory, { recursive: options.recursive, elbowIgnore, signal: options.signal });
    for await (const entry of walk) {
      if (entries.length >= options.limit) return { entries, truncated: true };
      entries.push(entry.kind === 'directory' ? `${entry.relativePath}/` : entry.relativePath);
    }
    return { entries, truncated: false };
  }

  async search(options: SearchOptions): Promise<SearchResult> {
    options.signal?.throwIfAborted();
    const pattern = compileLinePattern(options.pattern, options);
    const isIncluded = options.include ? compileIncludeGlob(options.include) : () => true;
    const elbowIgnore = await ElbowIgnore.forDirectory(this.files, this.scope, options.directory);
    const walk = walkWorkspace(this.files, options.directory, { recursive: true, elbowIgnore, signal: options.signal });
    const matches: SearchMatch[] = [];
    const matcher = new LineMatcher(pattern, { timeLimitMs: this.options.matchTimeLimitMs, signal: options.signal });
    /** Keeps what was found up to the limit; true when there was more. */
    const overflows = (found: SearchMatch[]): boolean => {
      for (const match of found) {
        if (matches.length >= options.limit) return true;
        matches.push(match);
      }
      return false;
    };
    try {
      // One batch is matched while the next is read.
      let matching: Promise<SearchMatch[]> | undefined;
      for await (const batch of this.textBatches(walk, isIncluded, options.signal)) {
        if (matching && overflows(await matching)) return { matches, truncated: true };
        matching = matcher.match(batch, options.limit - matches.length + 1);
        // Awaited once the next batch is read; a rejection meanwhile is not unhandled.
        matching.catch(() => undefined);
      }
      if (matching && overflows(await matching)) return { matches, truncated: true };
    } finally {
      matcher.close();
    }
    return { matches, truncated: false };
  }

  /** The searchable texts of the walked files, in walk order, grouped into batches. */
  private async *textBatches(
    walk: AsyncIterable<WalkedEntry>,
    isIncluded: (relativePath: string) => boolean,
    signal: AbortSignal | undefined,
  ): AsyncGenerator<SearchableText[]> {
    let batch: SearchableText[] = [];
    let batchChars = 0;
    // Small at first, so that a search that soon has all the matches it wants reads little more.
    let batchLimit = FIRST_BATCH_CHARS;
    for await (const file of walk) {
      signal?.throwIfAborted();
      if (!isIncluded(file.relativePath)) continue;
      const text = await this.readSearchableText(file.absolutePath);
      if (text === undefined) continue;
      batch.push({ path: file.relativePath, text });
      batchChars += text.length;
      if (batchChars < batchLimit) continue;
      yield batch;
      batch = [];
      batchChars = 0;
      batchLimit = Math.min(batchLimit * 2, MAX_BATCH_CHARS);
    }
    if (batch.length > 0) yield batch;
  }

  /** The text to search, or `undefined` for binary, huge or unreadable files. */
  private async readSearchableText(absolutePath: string): Promise<string | undefined> {
    let bytes: Uint8Array;
    try {
      const stat = await this.files.stat(absolutePath);
      if (!stat || stat.size > MAX_SEARCHED_FILE_BYTES) return undefined;
      bytes = await this.files.readFile(absolutePath);
    } catch {
      return undefined;
    }
    if (looksBinary(bytes, BINARY_SNIFF_BYTES)) return undefined;
    // Like ripgrep, stop at a NUL byte found later on.
    const firstNul = bytes.indexOf(0);
    return new TextDecoder().decode(firstNul === -1 ? bytes : bytes.subarray(0, firstNul));
  }
}
