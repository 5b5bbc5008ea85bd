import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import type { HostFileSystem } from '../core/host/fileSystem';
import type { WorkspaceSearcher } from '../core/host/searcher';
import { BuiltinSearcher } from '../core/search/builtinSearcher';
import type { SearchScope } from '../core/search/searchScope';
import { findRipgrep } from './findExecutable';
import { RipgrepSearcher } from './ripgrepSearcher';

export interface CreateWorkspaceSearcherOptions {
  files: HostFileSystem;
  scope: SearchScope;
  /** Where a bundled `rg` may be (e.g. inside VS Code), tried before the PATH. */
  ripgrepCandidates?: readonly string[];
  /** Where `rg` is looked for on the PATH; default `process.env`. */
  environment?: { PATH?: string; PATHEXT?: string };
}

/** ripgrep when one is found and runs, otherwise the built-in searcher. */
export async function createWorkspaceSearcher(options: CreateWorkspaceSearcherOptions): Promise<WorkspaceSearcher> {
  const rgPath = await findRipgrep(options.ripgrepCandidates, options.environment);
  if (rgPath) {
    const version = await ripgrepVersion(rgPath);
    if (version !== undefined) return new RipgrepSearcher({ rgPath, version, files: options.files, scope: options.scope });
  }
  return new BuiltinSearcher(options.files, options.scope);
}

/** e.g. `13.0.0`; `undefined` when the executable does not run. */
export async function ripgrepVersion(rgPath: string): Promise<string | undefined> {
  try {
    const { stdout } = await promisify(execFile)(rgPath, ['--version'], { timeout: 10_000 });
    return /ripgrep\s+(\S+)/.exec(stdout)?.[1] ?? 'unknown version';
  } catch {
    return undefined;
  }
}
