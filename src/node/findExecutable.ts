import { constants } from 'node:fs';
import * as fs from 'node:fs/promises';
import * as path from 'node:path';

/**
 * The first executable among `candidates`, else the program `name` on the PATH (with the
 * Windows extensions of PATHEXT); `undefined` when there is none. Relative PATH entries (`.`,
 * `bin`, `node_modules/.bin`) are skipped: they name folders of the workspace Elbow runs in,
 * where a repository or a sandboxed command could put a program of that name, which Elbow would
 * then start outside the sandbox. So are absolute entries inside `writableFolders` (the workspace,
 * the temporary folders: a CI runner puts `.venv/bin` or `node_modules/.bin` of the checkout on the PATH).
 */
export async function findExecutable(
  name: string,
  candidates: readonly string[] = [],
  environment: { PATH?: string; PATHEXT?: string } = process.env,
  writableFolders: readonly string[] = [],
): Promise<string | undefined> {
  for (const candidate of candidates) {
    if (await isExecutableFile(candidate)) return candidate;
  }
  const executableNames = process.platform === 'win32'
    ? (environment.PATHEXT ?? '.EXE;.CMD;.BAT;.COM').split(';').map((extension) => `${name}${extension.toLowerCase()}`)
    : [name];
  for (const folder of await trustedPathFolders(environment.PATH ?? '', writableFolders)) {
    for (const executableName of executableNames) {
      const candidate = path.join(folder, executableName);
      if (await isExecutableFile(candidate)) return candidate;
    }
  }
  return undefined;
}

/**
 * The absolute entries of a PATH that are not inside any of `writableFolders`, compared as written and
 * with symbolic links resolved (a folder that does not exist yet may be made later).
 */
export async function trustedPathFolders(searchPath: string, writableFolders: readonly string[]): Promise<string[]> {
  const writable = (await Promise.all(writableFolders.map(spellings))).flat();
  const trusted: string[] = [];
  for (const folder of searchPath.split(path.delimiter)) {
    if (!folder || !path.isAbsolute(folder)) continue;
    const inside = (await spellings(folder)).some((spelling) => writable.some((parent) => isSameOrInside(spelling, parent)));
    if (!inside) trusted.push(folder);
  }
  return trusted;
}

async function spellings(folder: string): Promise<string[]> {
  const resolved = path.resolve(folder);
  return [resolved, await fs.realpath(resolved).catch(() => resolved)];
}

function isSameOrInside(folder: string, parent: string): boolean {
  const relative = path.relative(parent, folder);
  return relative === '' || (relative !== '..' && !relative.startsWith(`..${path.sep}`) && !path.isAbsolute(relative));
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
