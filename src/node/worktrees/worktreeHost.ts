import { readdirSync } from 'node:fs';
import * as path from 'node:path';
import { relativeInside } from '../../core/search/searchScope';
import type { CommandSandboxOptions } from '../sandbox/commandSandbox';
import type { Worktree } from './worktree';

/**
 * The sandbox of a task's commands, from the host's own: the worktree is the only folder they
 * write, the main repository's git folder is readable, and Elbow's data folders stay hidden but
 * for the worktree itself.
 */
export function worktreeSandboxOptions(worktree: Worktree, options: CommandSandboxOptions): CommandSandboxOptions {
  return {
    ...options,
    roots: () => worktreeSandboxRoots(worktree),
    readablePaths: () => [...(options.readablePaths?.() ?? []), ...worktreeReadablePaths(worktree)],
    ownDataFolders: () => options.ownDataFolders().flatMap((folder) => (relativeInside(folder, worktree.path) === undefined ? [folder] : hiddenBesideWorktree(folder, worktree))),
  };
}

/**
 * What a task's commands may write: its worktree's folder, nothing more. Its `.git` file stays
 * read-only there (the sandbox protects every `.git`), and the worktree's git folder in the main
 * repository stays unwritable: git reads `commondir`, `config.worktree` and the hooks from there
 * and the user's own git runs what they name. Committing is Elbow's, outside the sandbox, when the
 * task's changes are kept (`WorktreeManager.keepOnBranch`).
 */
export function worktreeSandboxRoots(worktree: Worktree): string[] {
  return [worktree.path];
}

/** Where `folder`, a folder of the main repository (a workspace folder inside it), is in the worktree; `undefined` when it is not in the repository. */
export function folderInWorktree(worktree: Worktree, folder: string): string | undefined {
  const inside = relativeInside(worktree.repoRoot, folder);
  if (inside === undefined) return undefined;
  return inside === '' ? worktree.path : path.join(worktree.path, ...inside.split('/'));
}

/** What a task's commands read besides their folder so that git works there (status, diff, log): the main repository's git folder, read-only. */
export function worktreeReadablePaths(worktree: Worktree): string[] {
  // A worktree's git folder is `<common git folder>/worktrees/<name>`.
  return [path.dirname(path.dirname(worktree.gitDir))];
}

/**
 * Elbow's data folder as a task's commands must not see it: everything in it but the way down to
 * the task's own worktree (other conversations' transcripts, other tasks' worktrees). A data folder
 * holding a workspace folder is not hidden whole, so its other entries are hidden one by one.
 */
export function hiddenBesideWorktree(dataFolder: string, worktree: Worktree): string[] {
  const relative = relativeInside(dataFolder, worktree.path);
  if (relative === undefined || relative === '') return [dataFolder];
  const hidden: string[] = [];
  let folder = dataFolder;
  for (const step of relative.split('/')) {
    for (const name of entriesOf(folder)) if (name !== step) hidden.push(path.join(folder, name));
    folder = path.join(folder, step);
  }
  return hidden;
}

function entriesOf(folder: string): string[] {
  try {
    return readdirSync(folder);
  } catch {
    return [];
  }
}
