import * as path from 'node:path';
import type { HostFileSystem } from '../host/fileSystem';

/** The folders of a skill whose files the model is told of (Agent Skills format). */
export const skillResourceFolders = ['scripts', 'references', 'assets'] as const;

/** More are not listed: the model reads the folder itself when it needs to. */
export const maxSkillResources = 50;
const maxDepth = 4;

/**
 * The files under a skill's `scripts/`, `references/` and `assets/`, relative to its folder with
 * `/`, at most `maxSkillResources`; `more` says whether some were left out. Links to folders are
 * not followed.
 */
export async function skillResources(files: HostFileSystem, folder: string): Promise<{ files: string[]; more: boolean }> {
  const found: string[] = [];
  let more = false;
  const walk = async (relative: string, depth: number): Promise<void> => {
    const entries = await files.readDirectory(path.join(folder, ...relative.split('/'))).catch(() => []);
    for (const entry of [...entries].sort((a, b) => a.name.localeCompare(b.name))) {
      const child = `${relative}/${entry.name}`;
      if (entry.kind === 'file') {
        if (found.length >= maxSkillResources) {
          more = true;
          return;
        }
        found.push(child);
      } else if (entry.kind === 'directory' && !entry.isSymbolicLink && depth < maxDepth) {
        await walk(child, depth + 1);
      }
    }
  };
  for (const resourceFolder of skillResourceFolders) await walk(resourceFolder, 1);
  return { files: found, more };
}
