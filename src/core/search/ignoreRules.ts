import type { HostFileSystem } from '../host/fileSystem';
import { GitignoreRules } from './gitignoreRules';

const BYTE_ORDER_MARK = '\uFEFF';

/**
 * Reads a gitignore-syntax file into a matcher; `undefined` when there is no such file. Rules
 * in it match paths relative to the folder the file applies to, `/`-separated.
 */
export async function readIgnoreRules(
  files: HostFileSystem,
  filePath: string,
  options: { ignoreCase: boolean },
): Promise<GitignoreRules | undefined> {
  const stat = await files.stat(filePath);
  if (stat?.kind !== 'file') return undefined;
  let text = new TextDecoder().decode(await files.readFile(filePath));
  if (text.startsWith(BYTE_ORDER_MARK)) text = text.slice(1);
  return new GitignoreRules(options).add(text);
}

/** Matches `relativePath` (never empty) as a folder when `isDirectory`, so `dir/` rules apply. */
export function ignoresPath(rules: GitignoreRules, relativePath: string, isDirectory: boolean): boolean {
  return rules.ignores(isDirectory ? `${relativePath}/` : relativePath);
}
