import type { Dirent, Stats } from 'node:fs';
import * as fs from 'node:fs/promises';
import * as path from 'node:path';
import type { DirectoryEntry, FileKind, FileStat, HostFileSystem, OpenedPathCheck } from '../core/host/fileSystem';
import { readFileGuarded } from './guardedFiles/guardedRead';
import { deleteFileGuarded, removeEmptyFolderGuarded, writeFileGuarded } from './guardedFiles/guardedWrite';

/** The host file system on Node's `fs`; reads, writes and deletes go through the guarded opener (`guardedFiles/`). */
export class NodeFileSystem implements HostFileSystem {
  /**
   * A dangling symbolic link is reported as `other` (it exists as an entry), so that callers
   * do not take it for a free name and write through it.
   */
  async stat(filePath: string): Promise<FileStat | undefined> {
    let linkStats: Stats;
    try {
      linkStats = await fs.lstat(filePath);
    } catch (error) {
      if (isMissing(error)) return undefined;
      throw error;
    }
    if (!linkStats.isSymbolicLink()) return { kind: kindOf(linkStats), size: linkStats.size, isSymbolicLink: false, mode: linkStats.mode & 0o7777 };
    try {
      const target = await fs.stat(filePath);
      return { kind: kindOf(target), size: target.size, isSymbolicLink: true, mode: target.mode & 0o7777 };
    } catch (error) {
      if (isMissing(error) || isLinkLoop(error)) return { kind: 'other', size: 0, isSymbolicLink: true };
      throw error;
    }
  }

  readFile(filePath: string, allowed?: OpenedPathCheck): Promise<Uint8Array> {
    return readFileGuarded(filePath, allowed);
  }

  writeFile(filePath: string, data: Uint8Array, allowed?: OpenedPathCheck, mode?: number): Promise<void> {
    return writeFileGuarded(filePath, data, allowed, mode);
  }

  deleteFile(filePath: string, allowed?: OpenedPathCheck): Promise<void> {
    return deleteFileGuarded(filePath, allowed);
  }

  removeEmptyFolder(folder: string, allowed?: OpenedPathCheck): Promise<boolean> {
    return removeEmptyFolderGuarded(folder, allowed);
  }

  async readDirectory(directory: string): Promise<DirectoryEntry[]> {
    const entries = await fs.readdir(directory, { withFileTypes: true });
    return Promise.all(entries.map((entry) => this.describeEntry(directory, entry)));
  }

  async realPath(filePath: string): Promise<string> {
    return fs.realpath(filePath);
  }

  private async describeEntry(directory: string, entry: Dirent): Promise<DirectoryEntry> {
    if (!entry.isSymbolicLink()) return { name: entry.name, kind: kindOf(entry), isSymbolicLink: false };
    const target = await this.stat(path.join(directory, entry.name));
    return { name: entry.name, kind: target?.kind ?? 'other', isSymbolicLink: true };
  }
}

function kindOf(entry: Stats | Dirent): FileKind {
  if (entry.isFile()) return 'file';
  if (entry.isDirectory()) return 'directory';
  return 'other';
}

function errorCode(error: unknown): string | undefined {
  return error instanceof Error && 'code' in error && typeof error.code === 'string' ? error.code : undefined;
}

function isMissing(error: unknown): boolean {
  const code = errorCode(error);
  return code === 'ENOENT' || code === 'ENOTDIR';
}

function isLinkLoop(error: unknown): boolean {
  return errorCode(error) === 'ELOOP';
}
