/** What the core needs from its host to reach files. All paths are absolute, native separators. */

export type FileKind = 'file' | 'directory' | 'other';

export interface FileStat {
  kind: FileKind;
  size: number;
  /** The entry itself is a symbolic link (stat follows it for `kind` and `size`). */
  isSymbolicLink: boolean;
  /** Permission bits (`0o755`, with setuid, setgid and sticky: `0o4755`), where the host knows them. */
  mode?: number;
}

export interface DirectoryEntry {
  name: string;
  kind: FileKind;
  isSymbolicLink: boolean;
}

/**
 * Whether Elbow may use an object it opened, judged on that object's real path as the host reads
 * it from the opened descriptor, not on the path checked before: a link swapped in between the
 * check and the use points elsewhere and fails it. Made by `Workspace.openedPathCheck`.
 */
export type OpenedPathCheck = (realPath: string) => boolean;

/**
 * Reads, writes and deletes refuse devices, FIFOs, sockets and anything under /proc, /sys and
 * /dev whatever `allowed` says; writes replace the name in its verified folder and never follow
 * a link that appears there.
 */
export interface HostFileSystem {
  /** `undefined` when nothing exists at the path. */
  stat(path: string): Promise<FileStat | undefined>;
  /** A regular file's bytes, read from the opened object whose real path passed `allowed`. */
  readFile(path: string, allowed?: OpenedPathCheck): Promise<Uint8Array>;
  /**
   * Creates missing parent folders. Replaces the whole content, keeping the file's permissions; a new file
   * gets `mode` (permission bits) when given. A symbolic link is written at its target's real path, which must pass `allowed`.
   */
  writeFile(path: string, data: Uint8Array, allowed?: OpenedPathCheck, mode?: number): Promise<void>;
  /** Removes a file (a link itself, not its target), whose place in its opened folder must pass `allowed`; missing already is not an error. */
  deleteFile(path: string, allowed?: OpenedPathCheck): Promise<void>;
  /** Removes a folder only when it is empty (never a link); its place in its opened parent must pass `allowed`. False when it is not empty or gone. */
  removeEmptyFolder(path: string, allowed?: OpenedPathCheck): Promise<boolean>;
  readDirectory(path: string): Promise<DirectoryEntry[]>;
  /** The path with every symbolic link resolved; rejects when it does not exist. */
  realPath(path: string): Promise<string>;
}
