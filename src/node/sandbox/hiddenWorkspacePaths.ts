import type { Dirent } from 'node:fs';
import * as fs from 'node:fs/promises';
import * as path from 'node:path';
import type { GitignoreRules } from '../../core/search/gitignoreRules';
import { ignoresPath } from '../../core/search/ignoreRules';

export interface HiddenWorkspacePaths {
  directories: string[];
  files: string[];
  /** The walk stopped at its limit: some hidden paths may be missing. */
  incomplete: boolean;
}

/** Entries looked at before the walk gives up (a workspace with node_modules can hold far more). */
const MOST_ENTRIES = 200_000;

/**
 * The paths of one workspace folder that `.elbowignore` hides, for the sandbox to mask: a
 * hidden folder is masked whole (nothing below it is looked at). A hidden symbolic link is
 * masked at its target (a mask on the link would land there anyway, and reading through it must
 * not work); other links are not followed. `.git` is not entered.
 */
export async function hiddenWorkspacePaths(root: string, rules: GitignoreRules): Promise<HiddenWorkspacePaths> {
  const found: HiddenWorkspacePaths = { directories: [], files: [], incomplete: false };
  let seen = 0;
  const pending: string[] = [''];
  while (pending.length > 0) {
    const relativeFolder = pending.pop() as string;
    let entries: Dirent[];
    try {
      entries = await fs.readdir(path.join(root, relativeFolder), { withFileTypes: true });
    } catch {
      continue;
    }
    for (const entry of entries) {
      if (++seen > MOST_ENTRIES) {
        found.incomplete = true;
        return found;
      }
      const relative = relativeFolder === '' ? entry.name : `${relativeFolder}/${entry.name}`;
      const isDirectory = entry.isDirectory();
      if (entry.isSymbolicLink() && ignoresPath(rules, relative, false)) {
        await addLinkTarget(path.join(root, relative), found);
      } else if (ignoresPath(rules, relative, isDirectory)) {
        (isDirectory ? found.directories : found.files).push(path.join(root, relative));
      } else if (isDirectory && entry.name !== '.git') {
        pending.push(relative);
      }
    }
  }
  return found;
}

async function addLinkTarget(link: string, found: HiddenWorkspacePaths): Promise<void> {
  const target = await fs.realpath(link).catch(() => undefined);
  const stats = target === undefined ? undefined : await fs.stat(target).catch(() => undefined);
  if (target === undefined || stats === undefined) return;
  (stats.isDirectory() ? found.directories : found.files).push(target);
}
