import * as path from 'node:path';
import type { HostFileSystem } from '../host/fileSystem';
import { relativeInside } from '../search/searchScope';
import type { ProtectedPath } from './protectedPaths';

/**
 * The protected entry whose real path holds `realPath`, when a protected name is a symbolic link
 * (`.vscode` → `conf`, `.envrc` → `tools/env.sh`): a change to `conf/settings.json` by that name is
 * a change to `.vscode/settings.json`. Looks at the disk at each call, and only at names that
 * exist: every entry at the folder's root, and the by-name entries in each folder on the way from
 * the root to the changed path (`packages/lib/.vscode` → `packages/lib/conf`); links inside a
 * protected folder (`.vscode/tasks.json` → `conf/tasks.json`) count too.
 */
export async function protectedLinkTargetHolding(
  realPath: string,
  root: string,
  changedRelatives: readonly string[],
  entries: readonly ProtectedPath[],
  files: HostFileSystem,
): Promise<ProtectedPath | undefined> {
  const holds = async (named: string): Promise<boolean> => {
    const real = await files.realPath(named).catch(() => undefined);
    return real !== undefined && relativeInside(real, realPath) !== undefined;
  };
  const budget = { entries: MAX_ENTRIES_LISTED };
  const linkInside = (folder: string): Promise<boolean> => holdsThroughLinkInside(folder, holds, files, budget);
  for (const entry of entries) {
    const named = path.join(root, ...entry.path.split('/'));
    if ((await holds(named)) || (entry.kind === 'directory' && (await linkInside(named)))) return entry;
  }
  const byName = entries.filter((entry) => entry.anyDepth === true && !entry.path.includes('/'));
  for (const folder of foldersOnTheWay(changedRelatives)) {
    const listing = await files.readDirectory(path.join(root, ...folder.split('/'))).catch(() => []);
    for (const item of listing) {
      const entry = byName.find((candidate) => candidate.path.toLowerCase() === item.name.toLowerCase());
      if (entry === undefined) continue;
      const named = path.join(root, ...folder.split('/'), item.name);
      if (item.isSymbolicLink ? await holds(named) : item.kind === 'directory' && (await linkInside(named))) return entry;
    }
  }
  return undefined;
}

/** Protected folders are small (`.vscode`, `.husky`, `.git/hooks`); a huge one is looked through this far. */
const MAX_ENTRIES_LISTED = 2_000;

/** Whether a symbolic link somewhere inside `folder` (not itself a link) leads to the changed path or a folder holding it. */
async function holdsThroughLinkInside(folder: string, holds: (named: string) => Promise<boolean>, files: HostFileSystem, budget: { entries: number }): Promise<boolean> {
  const listing = await files.readDirectory(folder).catch(() => []);
  for (const item of listing) {
    if (--budget.entries < 0) return false;
    const named = path.join(folder, item.name);
    if (item.isSymbolicLink ? await holds(named) : item.kind === 'directory' && (await holdsThroughLinkInside(named, holds, files, budget))) return true;
  }
  return false;
}

/** The folders strictly between the root and each path (`a`, `a/b` for `a/b/c.txt`), each once. */
function foldersOnTheWay(relatives: readonly string[]): string[] {
  const folders = new Set<string>();
  for (const relative of relatives) {
    const segments = relative.split('/').filter((segment) => segment !== '' && segment !== '.');
    for (let end = 1; end < segments.length; end++) folders.add(segments.slice(0, end).join('/'));
  }
  return [...folders];
}
