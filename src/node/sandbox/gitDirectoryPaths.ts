import type { Dirent } from 'node:fs';
import * as fs from 'node:fs/promises';
import * as path from 'node:path';
import type { ProtectedPath } from '../../core/sandbox/protectedPaths';

/** Submodules nest their git folders in `.git/modules/<name>/(modules/<name>/…)`; this deep is plenty. */
const DEEPEST_MODULE = 6;

/**
 * Protected paths git adds in one workspace folder: with no `.git` at all (or only the sandbox's
 * empty placeholder for it), the folder itself
 * (a repository a command creates would be opened, and its configuration run, by the editor's
 * git support); with one, the configuration and hooks of every submodule under `.git/modules`.
 */
export async function gitDirectoryPaths(root: string, isPlaceholder: (folder: string) => boolean = () => false): Promise<ProtectedPath[]> {
  const gitFolder = path.join(root, '.git');
  const stats = await fs.lstat(gitFolder).catch(() => undefined);
  if (stats === undefined || isPlaceholder(gitFolder)) return [{ path: '.git', kind: 'directory', why: 'a repository made here would be opened, and its configuration run, by your editor' }];
  if (!stats.isDirectory()) return [];
  const found: ProtectedPath[] = [];
  await addModules(path.join(gitFolder, 'modules'), '.git/modules', 1, found);
  return found;
}

async function addModules(folder: string, relative: string, depth: number, found: ProtectedPath[]): Promise<void> {
  if (depth > DEEPEST_MODULE) return;
  let entries: Dirent[];
  try {
    entries = await fs.readdir(folder, { withFileTypes: true });
  } catch {
    return;
  }
  for (const entry of entries) {
    if (!entry.isDirectory()) continue;
    const entryFolder = path.join(folder, entry.name);
    const entryRelative = `${relative}/${entry.name}`;
    const isGitFolder = await fs.stat(path.join(entryFolder, 'HEAD')).then((head) => head.isFile(), () => false);
    // A module named `libs/json` lives in `modules/libs/json`: folders without HEAD are part of a name.
    if (!isGitFolder) {
      await addModules(entryFolder, entryRelative, depth + 1, found);
      continue;
    }
    found.push(
      { path: `${entryRelative}/config`, kind: 'file', why: 'git runs the programs a submodule configuration names' },
      { path: `${entryRelative}/hooks`, kind: 'directory', why: "git runs a submodule's hooks" },
    );
    await addModules(path.join(entryFolder, 'modules'), `${entryRelative}/modules`, depth + 1, found);
  }
}
