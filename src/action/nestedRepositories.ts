import * as fs from 'node:fs/promises';
import * as path from 'node:path';

/**
 * The folders below `top` that hold a `.git` (a folder, or a file naming a git folder elsewhere), relative, with `/`:
 * repositories of their own, which a command in the sandbox may have made. Their configuration names programs that
 * git would run when it looks into them, so the action never stages them. Symbolic links are not followed.
 */
export async function nestedRepositories(top: string): Promise<string[]> {
  const found: string[] = [];
  const visit = async (relative: string): Promise<void> => {
    const entries = await fs.readdir(path.join(top, relative), { withFileTypes: true }).catch(() => []);
    if (relative !== '' && entries.some((entry) => entry.name === '.git')) {
      found.push(relative);
      return;
    }
    for (const entry of entries) {
      if (entry.isDirectory() && !(relative === '' && entry.name === '.git')) await visit(relative === '' ? entry.name : `${relative}/${entry.name}`);
    }
  };
  await visit('');
  return found.sort();
}
