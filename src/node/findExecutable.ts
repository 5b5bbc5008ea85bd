import { constants } from 'node:fs';
import * as fs from 'node:fs/promises';
import * as path from 'node:path';

/**
 * The first executable among `candidates`, else the program `name` on the PATH (with the
 * Windows extensions of PATHEXT); `undefined` when there is none. Relative PATH entries (`.`,
 * `bin`, `node_modules/.bin`) are skipped: they name folders of the workspace Elbow runs in,
 * where a repository or a sandboxed command could put a program of that name, which Elbow would
 * then start outside the sandbox.
 */
export async function findExecutable(
  name: string,
  candidates: readonly string[] = [],
  environment: { PATH?: string; PATHEXT?: string } = process.env,
): Promise<string | undefined> {
  for (const candidate of candidates) {
    if (await isExecutableFile(candidate)) return candidate;
  }
  const executableNames = process.platform === 'win32'
    ? (environment.PATHEXT ?? '.EXE;.CMD;.BAT;.COM').split(';').map((extension) => `${name}${extension.toLowerCase()}`)
    : [name];
  for (const folder of (environment.PATH ?? '').split(path.delimiter)) {
    if (!folder || !path.isAbsolute(folder)) continue;
    for (const executableName of executableNames) {
      const candidate = path.join(folder, executableName);
      if (await isExecutableFile(candidate)) return candidate;
    }
  }
  return undefined;
}

/** ripgrep: one of `candidates` (e.g. the `rg` VS Code ships, see `vscodeRipgrep.ts`), else `rg` on the PATH. */
export function findRipgrep(candidates: readonly string[] = [], environment: { PATH?: string; PATHEXT?: string } = process.env): Promise<string | undefined> {
  return findExecutable('rg', candidates, environment);
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
