import type { Dirent } from 'node:fs';
import * as fs from 'node:fs/promises';
import * as path from 'node:path';
import type { Ignore } from 'ignore';
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
 * hidden folder is masked whole (nothing below it is looked at). Symbolic links are not
 * followed; `.git` is not entered.
 */
export async function hiddenWorkspacePaths(root: string, rules: Ignore): Promise<HiddenWorkspacePaths> {
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
      if (ignoresPath(rules, relative, isDirectory)) {
        if (!entry.isSymbolicLink()) (isDirectory ? found.directories : found.files).push(path.join(root, relative));
      } else if (isDirectory && entry.name !== '.git') {
        pending.push(relative);
      }
    }
  }
  return found;
}
