import type { HostFileSystem } from '../core/host/fileSystem';
import type {
  ListFilesOptions,
  ListFilesResult,
  SearchMatch,
  SearchOptions,
  SearchResult,
  WorkspaceSearcher,
} from '../core/host/searcher';
import { BuiltinSearcher } from '../core/search/builtinSearcher';
import { ElbowIgnore } from '../core/search/elbowIgnore';
import { compileIncludeGlob } from '../core/search/includeGlob';
import { InvalidPatternError } from '../core/search/linePattern';
import { locateInScope, type SearchScope } from '../core/search/searchScope';
import { parseRipgrepMatch } from './ripgrepJson';
import { runRipgrep, type RipgrepRunResult } from './ripgrepProcess';
import { openRipgrepRoot } from './ripgrepRoot';
import type { VerifiedFolder } from './guardedFiles/verifiedFolder';

export interface RipgrepSearcherOptions {
  /** Absolute path of the `rg` executable (see `findRipgrep`). */
  rgPath: string;
  /** e.g. `13.0.0`, for `engine`. */
  version?: string;
  files: HostFileSystem;
  scope?: SearchScope;
  /** How long one ripgrep run may take before it is stopped (default 60 s). */
  deadlineMs?: number;
  /** The heap each ripgrep run may grow to, in KiB (see `runRipgrep`). */
  memoryLimitKib?: number;
}

/** Flags that make ripgrep walk exactly as `BuiltinSearcher` does, whatever the user's setup. */
export const RIPGREP_WALK_FLAGS: readonly string[] = [
  '--no-config',
  '--hidden',
  '--no-require-git',
  '--no-ignore-global',
  '--no-ignore-exclude',
  '--glob', '!.git',
  '--path-separator', '/',
  '--no-messages',
];
const INCLUDE_TYPE = 'elbowinclude';

/**
 * Search and recursive listing by ripgrep. A flat listing must show folders, which
 * `rg --files` cannot, so it is the built-in searcher's (same rules). The `.elbowignore` is
 * given to ripgrep to skip hidden folders early, and re-checked on every path because
 * ripgrep lets other ignore files and globs override it.
 *
 * Listing walks in path order so that a capped listing shows the first entries. Search runs
 * ripgrep in parallel (`--sort` would make it single-threaded, about twice as slow) and sorts
 * the matches afterwards; when the limit cuts them, which matches are kept may vary.
 */
export class RipgrepSearcher implements WorkspaceSearcher {
  readonly engine: string;
  private readonly flatLister: BuiltinSearcher;

  constructor(private readonly options: RipgrepSearcherOptions) {
    this.engine = options.version ? `ripgrep ${options.version}` : 'ripgrep';
    this.flatLister = new BuiltinSearcher(options.files, options.scope);
  }

  async listFiles(options: ListFilesOptions): Promise<ListFilesResult> {
    if (!options.recursive) return this.flatLister.listFiles(options);
    const elbowIgnore = await ElbowIgnore.forDirectory(this.options.files, this.options.scope, options.directory);
    const root = await openRipgrepRoot(options.directory, options.allowed);
    try {
      return await this.listOpened(root, options, elbowIgnore);
    } finally {
      await root.close();
    }
  }

  private async listOpened(root: VerifiedFolder, options: ListFilesOptions, elbowIgnore: ElbowIgnore): Promise<ListFilesResult> {
    const target = this.targetFor(options.directory, root);
    const entries: string[] = [];
    let truncated = false;
    const run = await runRipgrep(this.options.rgPath, ['--files', '--null', '--sort', 'path', ...RIPGREP_WALK_FLAGS, ...target.args], {
      cwd: target.cwd,
      separator: 0,
      signal: options.signal,
      deadlineMs: this.deadlineMs,
      memoryLimitKib: this.options.memoryLimitKib,
      onRecord: (record) => {
        const relativePath = target.fromOutput(record);
        if (elbowIgnore.hides(relativePath, false)) return true;
        if (entries.length >= options.limit) {
          truncated = true;
          return false;
        }
        entries.push(relativePath);
        return true;
      },
    });
    throwOnFailure(run);
    return { entries, truncated };
  }

  async search(options: SearchOptions): Promise<SearchResult> {
    const elbowIgnore = await ElbowIgnore.forDirectory(this.options.files, this.options.scope, options.directory);
    const root = await openRipgrepRoot(options.directory, options.allowed);
    try {
      return await this.searchOpened(root, options, elbowIgnore);
    } finally {
      await root.close();
    }
  }

  private get deadlineMs(): number {
    return this.options.deadlineMs ?? 60_000;
  }

  private async searchOpened(root: VerifiedFolder, options: SearchOptions, elbowIgnore: ElbowIgnore): Promise<SearchResult> {
    const target = this.targetFor(options.directory, root);
    const includeFlags: string[] = [];
    let isIncluded: (relativePath: string) => boolean = () => true;
    if (options.include && !options.include.includes('/')) {
      // A file type, unlike `--glob`, does not override .gitignore and friends.
      includeFlags.push('--type-add', `${INCLUDE_TYPE}:${options.include}`, '--type', INCLUDE_TYPE);
    } else if (options.include) {
      isIncluded = compileIncludeGlob(options.include);
    }
    const searchFlags = [
      '--json',
      '--crlf',
      options.caseSensitive ? '--case-sensitive' : '--ignore-case',
      ...(options.literal ? ['--fixed-strings'] : []),
      ...includeFlags,
      '--regexp', options.pattern,
    ];
    const matches: SearchMatch[] = [];
    let truncated = false;
    const run = await runRipgrep(this.options.rgPath, [...searchFlags, ...RIPGREP_WALK_FLAGS, ...target.args], {
      cwd: target.cwd,
      separator: 0x0a,
      signal: options.signal,
      deadlineMs: this.deadlineMs,
      memoryLimitKib: this.options.memoryLimitKib,
      onRecord: (record) => {
        const match = parseRipgrepMatch(record);
        if (!match) return true;
        const relativePath = target.fromOutput(match.path);
        if (!isIncluded(relativePath) || elbowIgnore.hides(relativePath, false)) return true;
        if (matches.length >= options.limit) {
          truncated = true;
          return false;
        }
        matches.push({ path: relativePath, line: match.line, text: match.text, ...(match.column === undefined ? {} : { column: match.column }) });
        return true;
      },
    });
    throwOnFailure(run, options.pattern);
    return { matches: matches.sort(byPathThenLine), truncated };
  }

  /**
   * ripgrep runs in the opened folder itself (through its descriptor) and walks `.`, so its
   * paths are already relative to `directory`. `--ignore-file` patterns are read relative to
   * the working folder, so the `.elbowignore` is given to ripgrep only at a workspace root;
   * below it, every path is still checked against it afterwards.
   */
  private targetFor(directory: string, root: VerifiedFolder): { cwd: string; args: string[]; fromOutput(path: string): string } {
    const located = locateInScope(this.options.scope, directory);
    const args = located?.relativeDirectory === '' ? ['--ignore-file', located.ignoreFile] : [];
    return { cwd: root.entry(''), args, fromOutput: (path) => path };
  }
}

/** ripgrep's `--sort path` order: folder by folder, then by line. */
function byPathThenLine(a: SearchMatch, b: SearchMatch): number {
  if (a.path === b.path) return a.line - b.line;
  const left = a.path.split('/');
  const right = b.path.split('/');
  for (let index = 0; index < Math.min(left.length, right.length); index++) {
    const segmentA = left[index] as string;
    const segmentB = right[index] as string;
    if (segmentA !== segmentB) return segmentA < segmentB ? -1 : 1;
  }
  return left.length - right.length;
}

/**
 * Exit code 1 means no match. With `--no-messages`, errors about single files leave
 * stderr empty (the rest was searched); anything ripgrep prints is fatal.
 */
function throwOnFailure(run: RipgrepRunResult, pattern?: string): void {
  const message = run.stderr.trim();
  if (run.exitCode === null || run.exitCode <= 1 || message === '') return;
  if (pattern !== undefined && message.startsWith('regex parse error')) {
    const lines = message.split('\n');
    const reason = lines.at(-1)?.replace(/^error:\s*/, '') ?? message;
    const diagram = lines.slice(1, -1).join('\n');
    throw new InvalidPatternError(`Invalid regular expression ${JSON.stringify(pattern)}: ${reason}${diagram ? `\n${diagram}` : ''}`);
  }
  throw new Error(`ripgrep failed (exit code ${String(run.exitCode)}): ${message}`);
}
