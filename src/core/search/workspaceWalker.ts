import * as path from 'node:path';
import type { DirectoryEntry, FileKind, HostFileSystem } from '../host/fileSystem';
import type { ElbowIgnore } from './elbowIgnore';
import { IgnoreChain } from './ignoreChain';
import { joinRelative } from './searchScope';

export interface WalkedEntry {
  /** Relative to the walked folder, `/`-separated. */
  relativePath: string;
  absolutePath: string;
  kind: FileKind;
}

export interface WalkOptions {
  recursive: boolean;
  elbowIgnore: ElbowIgnore;
  signal?: AbortSignal;
}

/**
 * Visits what ripgrep would: hidden files included, `.git` skipped, ignored paths left out
 * (ignored folders are not entered), entries in name order, depth first. A recursive walk
 * yields files only and does not follow symbolic links (like `rg --files`); a flat walk
 * yields the folder's entries of every kind, symbolic links as what they point to.
 */
export async function* walkWorkspace(files: HostFileSystem, directory: string, options: WalkOptions): AsyncGenerator<WalkedEntry> {
  const inherited = await IgnoreChain.forAncestorsOf(files, directory);
  yield* walkFolder(files, directory, '', inherited, options);
}

async function* walkFolder(
  files: HostFileSystem,
  folder: string,
  relativeFolder: string,
  inherited: IgnoreChain,
  options: WalkOptions,
): AsyncGenerator<WalkedEntry> {
  options.signal?.throwIfAborted();
  const entries = relativeFolder === '' ? sortByName(await files.readDirectory(folder)) : await readEntries(files, folder);
  const chain = await inherited.enter(files, folder, entries);
  for (const entry of entries) {
    if (entry.name === '.git') continue;
    if (options.recursive && entry.isSymbolicLink) continue;
    const isDirectory = entry.kind === 'directory';
    const absolutePath = path.join(folder, entry.name);
    const relativePath = joinRelative(relativeFolder, entry.name);
    if (options.elbowIgnore.hides(relativePath, isDirectory) || chain.ignores(absolutePath, isDirectory)) continue;
    if (!options.recursive) {
      yield { relativePath, absolutePath, kind: entry.kind };
    } else if (isDirectory) {
      yield* walkFolder(files, absolutePath, relativePath, chain, options);
    } else if (entry.kind === 'file') {
      yield { relativePath, absolutePath, kind: 'file' };
    }
  }
}

async function readEntries(files: HostFileSystem, folder: string): Promise<DirectoryEntry[]> {
  try {
    return sortByName(await files.readDirectory(folder));
  } catch {
    // Unreadable subfolders are skipped, as ripgrep does.
    return [];
  }
}

/** Byte order of names, as `rg --sort path` walks. */
function sortByName(entries: DirectoryEntry[]): DirectoryEntry[] {
  return entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}
