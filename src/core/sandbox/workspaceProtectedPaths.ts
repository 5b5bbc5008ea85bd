import * as path from 'node:path';
import type { HostFileSystem } from '../host/fileSystem';
import { relativeInside } from '../search/searchScope';
import { hooksPathOf } from './gitHooksPath';
import { builtinProtectedPaths, protectedPathFromSetting, type ProtectedPath } from './protectedPaths';

/**
 * Everything protected in one workspace folder: the built-in list, the user's additions, and the
 * hooks folder `.git/config` points git at when it lies inside the folder (for husky's
 * `<folder>/_`, the whole `<folder>`).
 */
export async function protectedPathsOfFolder(root: string, files: HostFileSystem, fromSettings: readonly string[]): Promise<ProtectedPath[]> {
  const entries = [...builtinProtectedPaths];
  for (const text of fromSettings) {
    const entry = protectedPathFromSetting(text);
    if (entry && !entries.some((known) => known.path === entry.path)) entries.push(entry);
  }
  const hooks = await configuredHooksFolder(root, files);
  const alreadyCovered = hooks !== undefined && entries.some((known) => known.path === hooks || (known.kind === 'directory' && hooks.startsWith(`${known.path}/`)));
  if (hooks !== undefined && !alreadyCovered) {
    entries.push({ path: hooks, kind: 'directory', why: "git runs the hooks in it (core.hooksPath in .git/config)" });
  }
  return entries;
}

async function configuredHooksFolder(root: string, files: HostFileSystem): Promise<string | undefined> {
  let text: string;
  try {
    text = new TextDecoder().decode(await files.readFile(path.join(root, '.git', 'config')));
  } catch {
    return undefined;
  }
  const written = hooksPathOf(text);
  if (written === undefined || written.startsWith('~')) return undefined;
  // Git reads a relative hooksPath from the top of the working tree.
  const relative = relativeInside(root, path.resolve(root, written))?.split(path.sep).join('/');
  if (relative === undefined || relative === '') return undefined;
  // Husky points git at `<folder>/_`, whose scripts run the hooks of `<folder>` itself.
  return relative.endsWith('/_') ? relative.slice(0, -'/_'.length) : relative;
}
