import * as path from 'node:path';
import type { HostFileSystem } from '../host/fileSystem';
import { ElbowIgnore } from '../search/elbowIgnore';
import { walkWorkspace } from '../search/workspaceWalker';

/** A file or folder the user can mention; `path` is as shown: relative, `/`-separated, with the folder's name first in a multi-root workspace. */
export interface WorkspaceEntry {
  kind: 'file' | 'folder';
  path: string;
}

/** Most files listed: enough for any path a person types, small enough to rank on each key press. */
export const maxListedFiles = 20_000;

/**
 * The workspace's files and the folders that hold them, as the search tools see them: `.elbowignore`,
 * `.gitignore` and the other ignore files honoured, `.git` left out. Stops at `limit` files.
 */
export async function listWorkspaceEntries(files: HostFileSystem, roots: readonly string[], limit = maxListedFiles, signal?: AbortSignal): Promise<WorkspaceEntry[]> {
  const filePaths: string[] = [];
  const folders = new Set<string>();
  for (const root of roots) {
    const prefix = roots.length > 1 ? `${path.basename(root)}/` : '';
    const elbowIgnore = await ElbowIgnore.forDirectory(files, { roots }, root);
    for await (const entry of walkWorkspace(files, root, { recursive: true, elbowIgnore, signal })) {
      if (filePaths.length >= limit) break;
      const shown = prefix + entry.relativePath;
      filePaths.push(shown);
      for (let slash = shown.lastIndexOf('/'); slash > 0; slash = shown.lastIndexOf('/', slash - 1)) {
        const folder = shown.slice(0, slash);
        if (folders.has(folder)) break;
        folders.add(folder);
      }
    }
  }
  return [...[...folders].sort().map((folder) => ({ kind: 'folder' as const, path: folder })), ...filePaths.map((file) => ({ kind: 'file' as const, path: file }))];
}
