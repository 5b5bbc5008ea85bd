import * as fs from 'node:fs/promises';
import * as path from 'node:path';
import type { ProtectedPath } from '../../core/sandbox/protectedPaths';
import { relativeInside } from '../../core/search/searchScope';

/**
 * Protected paths git adds in one workspace folder. Git reads far more than `config` and `hooks`
 * in a git folder as instructions (`commondir` and `config.worktree` move its configuration
 * elsewhere, a `.git` file's `gitdir:` line moves the whole repository), and the editor's git
 * runs outside the sandbox, so the whole `.git` is read-only there, whatever it is: a folder, the
 * file of a worktree or submodule checkout, or, where there is none, an empty placeholder (a
 * repository a command made would be opened, and its configuration run, by the editor). The
 * `.git` files of the submodules `.gitmodules` lists get the same, since the editor opens those too.
 */
export async function gitDirectoryPaths(root: string, isPlaceholder: (folder: string) => boolean = () => false): Promise<ProtectedPath[]> {
  const gitPath = path.join(root, '.git');
  const stats = await fs.lstat(gitPath).catch(() => undefined);
  if (stats === undefined || isPlaceholder(gitPath)) return [{ path: '.git', kind: 'directory', why: 'a repository made here would be opened, and its configuration run, by your editor' }];
  const found: ProtectedPath[] = [
    { path: '.git', kind: stats.isDirectory() ? 'directory' : 'file', why: 'git runs what its configuration, hooks and pointers to other git folders name; change it with git outside the sandbox' },
  ];
  for (const submodule of await submodulePaths(root)) {
    const submoduleGit = await fs.lstat(path.join(root, ...submodule.split('/'), '.git')).catch(() => undefined);
    found.push({ path: `${submodule}/.git`, kind: submoduleGit?.isDirectory() ? 'directory' : 'file', why: "a submodule's git folder, which your editor opens and git runs the configuration of" });
  }
  return found;
}

/** The `path = …` entries of `.gitmodules` that stay inside the folder. */
async function submodulePaths(root: string): Promise<string[]> {
  const text = await fs.readFile(path.join(root, '.gitmodules'), 'utf8').catch(() => '');
  const paths = new Set<string>();
  for (const match of text.matchAll(/^\s*path\s*=\s*(.+?)\s*$/gm)) {
    const written = (match[1] ?? '').replace(/^"(.*)"$/, '$1');
    const relative = relativeInside(root, path.resolve(root, written));
    if (relative !== undefined && relative !== '' && !relative.split('/').includes('.git')) paths.add(relative);
  }
  return [...paths];
}
