import { constants } from 'node:fs';
import * as fs from 'node:fs/promises';
import * as path from 'node:path';

/**
 * The first executable among `candidates` (e.g. the `rg` VS Code ships, see TESTING.md),
 * else `rg` on the PATH; `undefined` when there is none.
 */
export async function findRipgrep(
  candidates: readonly string[] = [],
  environment: { PATH?: string; PATHEXT?: string } = process.env,
): Promise<string | undefined> {
  for (const candidate of candidates) {
    if (await isExecutableFile(candidate)) return candidate;
  }
  const executableNames = process.platform === 'win32'
    ? (environment.PATHEXT ?? '.EXE;.CMD;.BAT;.COM').split(';').map((extension) => `rg${extension.toLowerCase()}`)
    : ['rg'];
  for (const folder of (environment.PATH ?? '').split(path.delimiter)) {
    if (!folder) continue;
    for (const name of executableNames) {
      const candidate = path.join(folder, name);
      if (await isExecutableFile(candidate)) return candidate;
    }
  }
  return undefined;
}

async function isExecutableFile(filePath: string): Promise<boolean> {
  try {
    const stat = await fs.stat(filePath);
    if (!stat.isFile()) return false;
    await fs.access(filePath, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}
