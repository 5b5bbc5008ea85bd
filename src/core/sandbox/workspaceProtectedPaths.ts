import * as path from 'node:path';
import type { HostFileSystem } from '../host/fileSystem';
import { relativeInside } from '../search/searchScope';
import { hooksPathOf } from './gitHooksPath';
import { builtinProtectedPaths, protectedPathFromSetting, type ProtectedPath } from './protectedPaths';

/**
 * Everything protected in one workspace folder: the built-in list, the user's additions, and the
 * hooks folder git's configuration points it at when it lies inside the folder (for husky's
 * `<folder>/_`, the whole `<folder>`), read from the git folder a worktree's `.git` file names too.
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
    entries.push({ path: hooks, kind: 'directory', why: "git runs the hooks in it (core.hooksPath in git's configuration)" });
  }
  return entries;
}

async function configuredHooksFolder(root: string, files: HostFileSystem): Promise<string | undefined> {
  let written: string | undefined;
  for (const file of await configFiles(root, files)) written = hooksPathOf(await readText(files, file) ?? '') ?? written;
  if (written === undefined || written.startsWith('~')) return undefined;
  // Git reads a relative hooksPath from the top of the working tree.
  const relative = relativeInside(root, path.resolve(root, written))?.split(path.sep).join('/');
  if (relative === undefined || relative === '') return undefined;
  // Husky points git at `<folder>/_`, whose scripts run the hooks of `<folder>` itself.
  return relative.endsWith('/_') ? relative.slice(0, -'/_'.length) : relative;
}

/**
 * The configuration files git reads for the folder, later ones winning: `.git/config`, or for a
 * worktree (whose `.git` is a file naming its git folder) the shared repository's `config` (its
 * `commondir`) and the worktree's own `config.worktree`.
 */
async function configFiles(root: string, files: HostFileSystem): Promise<string[]> {
  const pointer = /^gitdir:\s*(.+?)\s*$/m.exec(await readText(files, path.join(root, '.git')) ?? '')?.[1];
  if (pointer === undefined) return [path.join(root, '.git', 'config')];
  const gitDir = path.resolve(root, pointer);
  const common = (await readText(files, path.join(gitDir, 'commondir')))?.trim();
  const commonDir = common === undefined || common === '' ? gitDir : path.resolve(gitDir, common);
  return [path.join(commonDir, 'config'), path.join(gitDir, 'config.worktree')];
}

async function readText(files: HostFileSystem, file: string): Promise<string | undefined> {
  try {
    return new TextDecoder().decode(await files.readFile(file));
  } catch {
    return undefined;
  }
}
