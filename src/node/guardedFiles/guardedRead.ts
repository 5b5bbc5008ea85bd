import { constants } from 'node:fs';
import * as fs from 'node:fs/promises';
import type { OpenedPathCheck } from '../../core/host/fileSystem';
import { realPathOfOpened } from './descriptorPath';
import { anyOrdinaryPath, isSystemPath, notAllowedReason, OpenedPathRefused } from './openedPathRefused';

/** Never waits on a FIFO's writer, never makes a terminal Elbow's own. */
const readFlags = constants.O_RDONLY | constants.O_NONBLOCK | constants.O_NOCTTY;

/**
 * Reads a file through the object it opened: the descriptor must be a regular file, and its real
 * path (from the descriptor, not the name) must pass `allowed` and lie outside /proc, /sys and
 * /dev. The bytes come from that descriptor, so a link swapped in after the check is caught.
 * A file over `maxBytes` is refused unread.
 */
export async function readFileGuarded(file: string, allowed: OpenedPathCheck = anyOrdinaryPath, maxBytes = Infinity): Promise<Uint8Array> {
  const handle = await openForReading(file);
  try {
    const stat = await handle.stat();
    if (!stat.isFile()) throw new OpenedPathRefused(file, `it is ${describeKind(stat)}, not a regular file.`, stat.isDirectory() ? 'EISDIR' : 'EREFUSED');
    if (stat.size > maxBytes) throw new OpenedPathRefused(file, `it is larger than ${maxBytes.toLocaleString('en-US')} bytes.`);
    const real = await realPathOfOpened(handle, file);
    if (real === undefined) throw new OpenedPathRefused(file, 'it changed while it was being opened. Try again.');
    if (isSystemPath(real)) throw new OpenedPathRefused(file, `it leads to ${real}, a file of the system, not of the workspace.`);
    if (!allowed(real)) throw new OpenedPathRefused(file, notAllowedReason(real));
    return await handle.readFile();
  } finally {
    await handle.close();
  }
}

async function openForReading(file: string): Promise<fs.FileHandle> {
  try {
    return await fs.open(file, readFlags);
  } catch (error) {
    // Opening a Unix socket fails with ENXIO: say what it is.
    if (error instanceof Error && 'code' in error && error.code === 'ENXIO') throw new OpenedPathRefused(file, 'it is a socket or a device without a driver, not a regular file.');
    throw error;
  }
}

function describeKind(stat: { isDirectory(): boolean; isFIFO(): boolean; isSocket(): boolean; isCharacterDevice(): boolean; isBlockDevice(): boolean }): string {
  if (stat.isDirectory()) return 'a folder';
  if (stat.isFIFO()) return 'a named pipe';
  if (stat.isSocket()) return 'a socket';
  if (stat.isCharacterDevice() || stat.isBlockDevice()) return 'a device';
  return 'not a regular file';
}
