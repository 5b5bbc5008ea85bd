import * as path from 'node:path';
import type { HostFileSystem } from '../host/fileSystem';
import { relativeInside } from '../search/searchScope';
import type { ProtectedPath } from './protectedPaths';

/**
 * The protected entry whose real path holds `realPath`, when a protected name is a symbolic link
 * (`.vscode` → `conf`, `.envrc` → `tools/env.sh`): a change to `conf/settings.json` by that name is
 * a change to `.vscode/settings.json`. Looks at the disk at each call, and only at names that
 * exist: every entry at the folder's root, and the by-name entries in each folder on the way from
 * the root to the changed path (`packages/lib/.vscode` → `packages/lib/conf`).
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
  for (const entry of entries) {
    if (await holds(path.join(root, ...entry.path.split('/')))) return entry;
  }
  const byName = entries.filter((entry) => entry.anyDepth === true && !entry.path.includes('/'));
  for (const folder of foldersOnTheWay(changedRelatives)) {
    const listing = await files.readDirectory(path.join(root, ...folder.split('/'))).catch(() => []);
    for (const item of listing) {
      if (!item.isSymbolicLink) continue;
      const entry = byName.find((candidate) => candidate.path.toLowerCase() === item.name.toLowerCase());
      if (entry !== undefined && (await holds(path.join(root, ...folder.split('/'), item.name)))) return entry;
    }
  }
  return undefined;
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
