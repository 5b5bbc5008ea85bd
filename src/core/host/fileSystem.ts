/** What the core needs from its host to reach files. All paths are absolute, native separators. */

export type FileKind = 'file' | 'directory' | 'other';

export interface FileStat {
  kind: FileKind;
  size: number;
  /** The entry itself is a symbolic link (stat follows it for `kind` and `size`). */
  isSymbolicLink: boolean;
}

export interface DirectoryEntry {
  name: string;
  kind: FileKind;
  isSymbolicLink: boolean;
}

export interface HostFileSystem {
  /** `undefined` when nothing exists at the path. */
  stat(path: string): Promise<FileStat | undefined>;
  readFile(path: string): Promise<Uint8Array>;
  /** Creates missing parent folders. Replaces the whole content. */
  writeFile(path: string, data: Uint8Array): Promise<void>;
  /** Removes a file; missing already is not an error. */
  deleteFile(path: string): Promise<void>;
  readDirectory(path: string): Promise<DirectoryEntry[]>;
  /** The path with every symbolic link resolved; rejects when it does not exist. */
  realPath(path: string): Promise<string>;
}
