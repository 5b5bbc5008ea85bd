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
import type { SearchScope } from './searchScope';
import { walkWorkspace } from './workspaceWalker';

/** ripgrep decides a file is binary when its first buffer (64 KB) holds a NUL byte. */
const BINARY_SNIFF_BYTES = 64 * 1024;
/** Larger files are not searched, to bound memory (ripgrep has no such limit). */
const MAX_SEARCHED_FILE_BYTES = 20 * 1024 * 1024;

/**
 * A searcher in plain TypeScript over the host's file system, for when ripgrep is not
 * available. It follows ripgrep's rules (see `walkWorkspace`); patterns are JavaScript
 * regular expressions matched line by line.
 */
export class BuiltinSearcher implements WorkspaceSearcher {
  readonly engine = 'built-in';

  constructor(
    private readonly files: HostFileSystem,
    private readonly scope?: SearchScope,
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
    const pattern = compileLinePattern(options.pattern, options);
    const isIncluded = options.include ? compileIncludeGlob(options.include) : () => true;
    const elbowIgnore = await ElbowIgnore.forDirectory(this.files, this.scope, options.directory);
    const matches: SearchMatch[] = [];
    const walk = walkWorkspace(this.files, options.directory, { recursive: true, elbowIgnore, signal: options.signal });
    for await (const file of walk) {
      options.signal?.throwIfAborted();
      if (!isIncluded(file.relativePath)) continue;
      const text = await this.readSearchableText(file.absolutePath);
      if (text === undefined) continue;
      const lines = text.split('\n');
      if (lines.at(-1) === '') lines.pop();
      for (const [index, rawLine] of lines.entries()) {
        const line = rawLine.endsWith('\r') ? rawLine.slice(0, -1) : rawLine;
        if (!pattern.test(line)) continue;
        if (matches.length >= options.limit) return { matches, truncated: true };
        matches.push({ path: file.relativePath, line: index + 1, text: line });
      }
    }
    return { matches, truncated: false };
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
