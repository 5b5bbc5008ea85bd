import { cpSync, lstatSync, mkdirSync, renameSync, rmdirSync, rmSync } from 'node:fs';
import * as fs from 'node:fs/promises';
import * as path from 'node:path';
import type { ProtectedPath } from '../../core/sandbox/protectedPaths';

/** A protected path of one workspace folder, as the guard handles it. */
export interface GuardedPath extends ProtectedPath {
  root: string;
  absolute: string;
}

export interface Protection {
  /** Protected paths that exist (placeholders included): mounted read-only. */
  readOnlyPaths: string[];
  /**
   * Which files those are (device, inode, change time): a mount follows the file it was made on, and
   * Linux drops a mount whose path is removed outside the sandbox, so a long-lived sandbox is
   * only as good as long as this stays the same.
   */
  identity: string;
  /** Folders between a workspace folder and a protected path (`.git`), pinned so they cannot be renamed. */
  pinnedDirectories: string[];
  /**
   * Moves aside protected files that appeared since `protect` (a sandboxed command created
   * them, where no mount could stop it); says what it did, one line each.
   */
  check(): Promise<string[]>;
  /** `check`, then removes the placeholders no other sandbox still uses. */
  release(): Promise<string[]>;
  /** `release` at once, for when this process is about to end (an exit handler cannot wait). */
  releaseNow(): string[];
}

/**
 * Keeps protected paths protected while sandboxed commands run: existing ones become read-only
 * mounts; a missing protected folder gets an empty placeholder (a mount needs something to
 * cover), removed again afterwards; a missing protected file cannot be covered without leaving
 * an empty file in the workspace, so one that appears is moved to the quarantine folder.
 */
export class ProtectedPathsGuard {
  private readonly placeholderUsers = new Map<string, number>();
  /** A placeholder's first folder made with it, where its parents were missing too. */
  private readonly placeholderParents = new Map<string, string>();

  constructor(private readonly quarantineFolder: string) {}

  /** `placeholders`: whether missing protected folders need one (mount-based sandboxes). */
  async protect(paths: readonly GuardedPath[], placeholders = true): Promise<Protection> {
    const readOnlyPaths: string[] = [];
    const identities: string[] = [];
    const pinned = new Set<string>();
    const heldPlaceholders: string[] = [];
    const missingFiles: GuardedPath[] = [];
    /**
     * Protected folders, existing or missing: one covers whatever is protected inside it (`.git`
     * holds `.git/config`), which then needs no mount of its own. Parents come first.
     */
    const coveringFolders: string[] = [];
    for (const entry of [...paths].sort((first, second) => first.absolute.length - second.absolute.length)) {
      if (coveringFolders.some((folder) => isInside(folder, entry.absolute))) continue;
      const isPlaceholder = this.placeholderUsers.has(entry.absolute);
      const stats = isPlaceholder ? undefined : await fs.lstat(entry.absolute).catch(() => undefined);
      const exists = stats !== undefined;
      if (!exists && entry.kind === 'file') {
        missingFiles.push(entry);
        continue;
      }
      if (!exists) {
        coveringFolders.push(entry.absolute);
        if (!placeholders || !(await this.addPlaceholder(entry.absolute))) continue;
        heldPlaceholders.push(entry.absolute);
      }
      readOnlyPaths.push(entry.absolute);
      if (stats?.isDirectory()) coveringFolders.push(entry.absolute);
      identities.push(await identityOf(entry.absolute));
      for (let folder = path.dirname(entry.absolute); folder.length > entry.root.length; folder = path.dirname(folder)) pinned.add(folder);
    }
    const check = (): Promise<string[]> => Promise.resolve(this.quarantineAppeared(missingFiles));
    return {
      readOnlyPaths,
      identity: identities.join('\n'),
      pinnedDirectories: [...pinned].filter((folder) => !readOnlyPaths.includes(folder)),
      check,
      release: async () => {
        const notes = await check();
        // Last made first: the one whose missing parent was made with it goes when its siblings are gone.
        for (const placeholder of [...heldPlaceholders].reverse()) await this.removePlaceholder(placeholder);
        return notes;
      },
      releaseNow: () => {
        const notes = this.quarantineAppeared(missingFiles);
        for (const placeholder of heldPlaceholders) {
          try {
            rmdirSync(placeholder);
          } catch {
            // Not empty, or gone: the user's now.
          }
        }
        return notes;
      },
    };
  }

  /** The folder is an empty stand-in the guard made, not something of the user's. */
  isPlaceholder(folder: string): boolean {
    return this.placeholderUsers.has(folder);
  }

  private async addPlaceholder(folder: string): Promise<boolean> {
    // Made again even when held: something outside the sandbox may have removed it, and a mount
    // of a path that does not exist fails the whole command.
    try {
      // `.github/prompts` where there is no `.github`: the first folder made is removed with it.
      const made = await fs.mkdir(folder, { recursive: true });
      if (made !== undefined && made !== folder && !this.placeholderParents.has(folder)) this.placeholderParents.set(folder, made);
    } catch {
      return false;
    }
    this.placeholderUsers.set(folder, (this.placeholderUsers.get(folder) ?? 0) + 1);
    return true;
  }

  private async removePlaceholder(folder: string): Promise<void> {
    const users = (this.placeholderUsers.get(folder) ?? 1) - 1;
    if (users > 0) {
      this.placeholderUsers.set(folder, users);
      return;
    }
    this.placeholderUsers.delete(folder);
    const madeFrom = this.placeholderParents.get(folder);
    this.placeholderParents.delete(folder);
    // Only while still empty: the user (outside the sandbox) may have started using it.
    if (!(await fs.rmdir(folder).then(() => true, () => false)) || madeFrom === undefined) return;
    for (let parent = path.dirname(folder); parent.length >= madeFrom.length && !this.placeholderUsers.has(parent); parent = path.dirname(parent)) {
      if (!(await fs.rmdir(parent).then(() => true, () => false)) || parent === madeFrom) return;
    }
  }

  /** Synchronous (a few `lstat`s as a rule), so that it can also run while this process exits. */
  private quarantineAppeared(missingFiles: readonly GuardedPath[]): string[] {
    const notes: string[] = [];
    for (const entry of missingFiles) {
      if (!exists(entry.absolute)) continue;
      const stamp = new Date().toISOString().replace(/[:.]/g, '-');
      const destination = path.join(this.quarantineFolder, stamp, path.basename(entry.root), entry.path);
      try {
        mkdirSync(path.dirname(destination), { recursive: true });
        try {
          renameSync(entry.absolute, destination);
        } catch {
          cpSync(entry.absolute, destination, { recursive: true, verbatimSymlinks: true });
          rmSync(entry.absolute, { recursive: true, force: true });
        }
        notes.push(`The command created ${entry.path}, which is protected (${entry.why}); Elbow moved it to ${destination}. To create it, use write_file: the user is asked first.`);
      } catch (error) {
        notes.push(`The command created ${entry.path}, which is protected, and Elbow could not move it aside (${error instanceof Error ? error.message : String(error)}). Tell the user.`);
      }
    }
    return notes;
  }
}

/**
 * Device, inode and a time: a file removed and made again may get the same inode back. A folder's
 * change time moves with every entry made in it (git's `index.lock`, many times a minute), so
 * folders count by when they were made.
 */
async function identityOf(file: string): Promise<string> {
  const stats = await fs.lstat(file, { bigint: true }).catch(() => undefined);
  if (stats === undefined) return `${file} missing`;
  return `${file} ${stats.dev}:${stats.ino}:${stats.isDirectory() ? stats.birthtimeNs : stats.ctimeNs}`;
}

/** Whether anything (a link included) is at `file`; a parent that is no folder means nothing is. */
function exists(file: string): boolean {
  try {
    return lstatSync(file, { throwIfNoEntry: false }) !== undefined;
  } catch {
    return false;
  }
}

function isInside(folder: string, candidate: string): boolean {
  const relative = path.relative(folder, candidate);
  return relative !== '' && !relative.startsWith('..') && !path.isAbsolute(relative);
}
