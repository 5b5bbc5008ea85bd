import * as path from 'node:path';

/** The file at each workspace root whose gitignore-style patterns hide paths from every tool. */
export const ELBOW_IGNORE_FILE_NAME = '.elbowignore';

/**
 * Where a searcher runs: the workspace roots, so that it can find the `.elbowignore` that
 * applies to a folder (patterns in it are relative to its root). Both searchers take it, so
 * they hide the same paths.
 */
export interface SearchScope {
  /** Absolute workspace folders. */
  roots: readonly string[];
  /** Defaults to `.elbowignore`. */
  ignoreFileName?: string;
}

export interface ScopedDirectory {
  root: string;
  /** `directory` relative to `root`, `/`-separated; `''` for the root itself. */
  relativeDirectory: string;
  ignoreFile: string;
}

export function toSlashes(relativePath: string): string {
  return path.sep === '\\' ? relativePath.split('\\').join('/') : relativePath;
}

/** `child` relative to `parent` with `/`, or `undefined` when `child` is not inside `parent`. */
export function relativeInside(parent: string, child: string): string | undefined {
  const relative = path.relative(parent, child);
  if (relative === '') return '';
  if (relative === '..' || relative.startsWith(`..${path.sep}`) || path.isAbsolute(relative)) return undefined;
  return toSlashes(relative);
}

/** The innermost root that contains `directory`, if any. */
export function locateInScope(scope: SearchScope | undefined, directory: string): ScopedDirectory | undefined {
  let best: ScopedDirectory | undefined;
  for (const root of scope?.roots ?? []) {
    const relativeDirectory = relativeInside(root, directory);
    if (relativeDirectory === undefined) continue;
    if (best && best.root.length >= root.length) continue;
    best = { root, relativeDirectory, ignoreFile: path.join(root, scope?.ignoreFileName ?? ELBOW_IGNORE_FILE_NAME) };
  }
  return best;
}

export function joinRelative(base: string, name: string): string {
  return base === '' ? name : `${base}/${name}`;
}
