import { randomUUID } from 'node:crypto';
import { constants } from 'node:fs';
import * as fs from 'node:fs/promises';
import * as path from 'node:path';
import type { OpenedPathCheck } from '../../core/host/fileSystem';
import { anyOrdinaryPath, isSystemPath, notAllowedReason, OpenedPathRefused } from './openedPathRefused';
import { VerifiedFolder } from './verifiedFolder';

const temporaryFlags = constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | constants.O_NOFOLLOW;

/**
 * Writes `data` at the real path of `file` (a link's target, as the path checks saw it), which
 * must pass `allowed`: a temporary file is made in the verified folder and renamed over the name.
 * A rename replaces a link instead of following it, so a link swapped in later is never written
 * through; a name that is no longer a regular file is refused. An existing file keeps its permissions, a new one gets `mode` when given.
 */
export async function writeFileGuarded(file: string, data: Uint8Array, allowed: OpenedPathCheck = anyOrdinaryPath, mode?: number): Promise<void> {
  const target = await realTargetOf(file);
  refuseUnless(file, target, allowed);
  const folder = await VerifiedFolder.openCreating(path.dirname(target));
  try {
    const name = path.basename(target);
    const existing = await fs.lstat(folder.entry(name)).catch(() => undefined);
    if (existing !== undefined && !existing.isFile()) throw new OpenedPathRefused(file, 'it is no longer a regular file (it was replaced by a link or a folder since it was checked).');
    await replaceIn(folder, name, data, existing?.mode ?? (mode === undefined ? undefined : mode & 0o7777));
  } finally {
    await folder.close();
  }
}

/** Removes the name `file` (a link itself, never its target) from its opened folder; its place there must pass `allowed`. */
export async function deleteFileGuarded(file: string, allowed: OpenedPathCheck = anyOrdinaryPath): Promise<void> {
  let folder: VerifiedFolder;
  try {
    folder = await VerifiedFolder.open(path.dirname(file));
  } catch (error) {
    if (isMissing(error)) return;
    throw error;
  }
  try {
    const name = path.basename(file);
    refuseUnless(file, path.join(folder.real, name), allowed);
    const existing = await fs.lstat(folder.entry(name)).catch(() => undefined);
    if (existing === undefined) return;
    if (existing.isDirectory()) throw new OpenedPathRefused(file, 'it is a folder, not a file.');
    await fs.unlink(folder.entry(name)).catch((error: unknown) => {
      if (!isMissing(error)) throw error;
    });
  } finally {
    await folder.close();
  }
}

/** Removes the folder `folder` only when empty (a link there is left alone); its place in its opened parent must pass `allowed`. */
export async function removeEmptyFolderGuarded(folder: string, allowed: OpenedPathCheck = anyOrdinaryPath): Promise<boolean> {
  let parent: VerifiedFolder;
  try {
    parent = await VerifiedFolder.open(path.dirname(folder));
  } catch (error) {
    if (isMissing(error)) return false;
    throw error;
  }
  try {
    const name = path.basename(folder);
    refuseUnless(folder, path.join(parent.real, name), allowed);
    const existing = await fs.lstat(parent.entry(name)).catch(() => undefined);
    if (existing === undefined || !existing.isDirectory()) return false;
    await fs.rmdir(parent.entry(name));
    return true;
  } catch (error) {
    if (isMissing(error) || (error instanceof Error && 'code' in error && (error.code === 'ENOTEMPTY' || error.code === 'EEXIST'))) return false;
    throw error;
  } finally {
    await parent.close();
  }
}

/**
 * For hosts that write through another API (VS Code's save follows links): refuses unless the
 * bytes for `file` would land at a real path that passes `allowed` and is a regular file or free;
 * for a delete, unless the name's place in its folder passes. Call it right before that write.
 * Returns the real path it checked: the one to record as where the change landed, never a second lookup.
 */
export async function checkWriteTarget(file: string, allowed: OpenedPathCheck, deleting = false): Promise<string> {
  if (deleting) {
    const folder = await fs.realpath(path.dirname(file)).catch(() => undefined);
    if (folder === undefined) return file;
    const entry = path.join(folder, path.basename(file));
    refuseUnless(file, entry, allowed);
    return entry;
  }
  const target = await realTargetOf(file);
  refuseUnless(file, target, allowed);
  const existing = await fs.lstat(target).catch(() => undefined);
  if (existing !== undefined && !existing.isFile()) throw new OpenedPathRefused(file, 'it is not a regular file.');
  return target;
}

function refuseUnless(file: string, real: string, allowed: OpenedPathCheck): void {
  if (isSystemPath(real)) throw new OpenedPathRefused(file, `it leads to ${real}, a file of the system, not of the workspace.`);
  if (!allowed(real)) throw new OpenedPathRefused(file, notAllowedReason(real));
}

/** Where the bytes for `file` go: its real path, or for a new file its real parent's real path and its name. */
export async function realTargetOf(file: string): Promise<string> {
  try {
    return await fs.realpath(file);
  } catch (error) {
    if (!isMissing(error)) throw error;
  }
  if (await fs.lstat(file).then(() => true, () => false)) throw new OpenedPathRefused(file, 'it is a symbolic link to nothing; Elbow does not write through it.');
  const missing = [path.basename(file)];
  for (let ancestor = path.dirname(file); ; ancestor = path.dirname(ancestor)) {
    const real = await fs.realpath(ancestor).catch((error: unknown) => {
      if (isMissing(error) && path.dirname(ancestor) !== ancestor) return undefined;
      throw error;
    });
    if (real !== undefined) return path.join(real, ...missing.reverse());
    missing.push(path.basename(ancestor));
  }
}

async function replaceIn(folder: VerifiedFolder, name: string, data: Uint8Array, mode: number | undefined): Promise<void> {
  const temporary = folder.entry(`.${name}.${randomUUID()}.tmp`);
  try {
    const handle = await fs.open(temporary, temporaryFlags, mode === undefined ? 0o666 : mode & 0o777);
    try {
      await handle.writeFile(data);
      if (mode !== undefined) await handle.chmod(mode & 0o7777);
    } finally {
      await handle.close();
    }
    await fs.rename(temporary, folder.entry(name));
  } catch (error) {
    await fs.rm(temporary, { force: true }).catch(() => undefined);
    throw error;
  }
}

function isMissing(error: unknown): boolean {
  return error instanceof Error && 'code' in error && (error.code === 'ENOENT' || error.code === 'ENOTDIR');
}
