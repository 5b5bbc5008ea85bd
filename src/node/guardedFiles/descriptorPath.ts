import type { FileHandle } from 'node:fs/promises';
import * as fs from 'node:fs/promises';
import * as path from 'node:path';

/**
 * Linux names every open descriptor in `/proc/self/fd`: its link there is the opened object's
 * real path, and paths through it resolve against the opened object, not against a name that
 * may have been swapped since. Elsewhere (macOS) Node has no such name, and the callers fall
 * back to real paths taken before and after opening (see docs/safety.md).
 */
export const descriptorPathsWork = process.platform === 'linux';

/** The path that reaches the opened object itself. */
export function descriptorPath(handle: FileHandle): string {
  return `/proc/self/fd/${handle.fd}`;
}

/**
 * The opened object's real path. Linux reads it from the descriptor; elsewhere the path's real
 * path is taken again and must still name the same object (device and inode), or the open is
 * refused as raced.
 */
export async function realPathOfOpened(handle: FileHandle, openedPath: string): Promise<string | undefined> {
  if (descriptorPathsWork) return fs.readlink(descriptorPath(handle));
  const real = await fs.realpath(openedPath).catch(() => undefined);
  if (real === undefined) return undefined;
  const [opened, named] = await Promise.all([handle.stat(), fs.stat(real).catch(() => undefined)]);
  return named !== undefined && named.dev === opened.dev && named.ino === opened.ino ? path.normalize(real) : undefined;
}
