import { constants } from 'node:fs';
import * as fs from 'node:fs/promises';
import * as path from 'node:path';
import { descriptorPath, descriptorPathsWork, realPathOfOpened } from './descriptorPath';
import { OpenedPathRefused } from './openedPathRefused';

const folderFlags = constants.O_RDONLY | constants.O_DIRECTORY;

/** An opened folder whose real path was read from its descriptor; names in it are reached through that descriptor. */
export class VerifiedFolder {
  private constructor(
    private readonly handle: fs.FileHandle,
    readonly real: string,
  ) {}

  /**
   * Opens `folder` and reads the real path of what opened. With `expected`, that must be it
   * (a parent swapped for a link since it was resolved is refused).
   */
  static async open(folder: string, expected?: string, flags = 0): Promise<VerifiedFolder> {
    const handle = await fs.open(folder, folderFlags | flags);
    const real = await realPathOfOpened(handle, folder).catch(() => undefined);
    if (real === undefined || (expected !== undefined && real !== expected)) {
      await handle.close();
      throw new OpenedPathRefused(folder, `the folder ${real === undefined ? 'changed while it was being opened' : `now leads to ${real}`}; it was replaced since it was checked.`);
    }
    return new VerifiedFolder(handle, real);
  }

  /**
   * Opens the folder `real`, creating what is missing of it one name at a time inside folders
   * already verified, so that no link swapped into the chain is followed.
   */
  static async openCreating(real: string): Promise<VerifiedFolder> {
    const missing: string[] = [];
    let existing = real;
    while (!(await exists(existing))) {
      if (path.dirname(existing) === existing) break;
      missing.unshift(path.basename(existing));
      existing = path.dirname(existing);
    }
    let folder = await VerifiedFolder.open(existing, existing);
    for (const name of missing) {
      try {
        await fs.mkdir(folder.entry(name)).catch((error: unknown) => {
          if (!(error instanceof Error && 'code' in error && error.code === 'EEXIST')) throw error;
        });
        const next = await VerifiedFolder.open(folder.entry(name), path.join(folder.real, name), constants.O_NOFOLLOW);
        await folder.close();
        folder = next;
      } catch (error) {
        await folder.close();
        throw error;
      }
    }
    return folder;
  }

  /** The path of `name` in this very folder (Linux: through the descriptor). */
  entry(name: string): string {
    return path.join(descriptorPathsWork ? descriptorPath(this.handle) : this.real, name);
  }

  close(): Promise<void> {
    return this.handle.close();
  }
}

function exists(file: string): Promise<boolean> {
  return fs.lstat(file).then(() => true, () => false);
}
