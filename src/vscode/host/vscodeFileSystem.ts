import type { DirectoryEntry, FileStat, HostFileSystem, OpenedPathCheck } from '../../core/host/fileSystem';
import { checkWriteTarget } from '../../node/guardedFiles/guardedWrite';
import { NodeFileSystem } from '../../node/nodeFileSystem';
import { openDocument } from '../review/currentText';
import type { DocumentWriter } from '../review/documentWriter';

const utf8Strict = new TextDecoder('utf-8', { fatal: true });
const byteOrderMark = '\uFEFF';

/**
 * Files as the user sees them in VS Code. Reads come from the open document when there is
 * one (unsaved changes included); writes go through the editor (`DocumentWriter`).
 *
 * Metadata (stat, listing, real paths) comes from Node: the extension runs where the
 * workspace lives, and `workspace.fs` can neither resolve real paths nor report a dangling
 * symbolic link, which the path checks depend on.
 */
export class VscodeFileSystem implements HostFileSystem {
  private readonly node = new NodeFileSystem();

  constructor(private readonly writer: DocumentWriter) {}

  stat(path: string): Promise<FileStat | undefined> {
    return this.node.stat(path);
  }

  /** No document holds a folder: straight to disk through the guarded opener. */
  removeEmptyFolder(path: string, allowed?: OpenedPathCheck): Promise<boolean> {
    return this.node.removeEmptyFolder(path, allowed);
  }

  readDirectory(path: string): Promise<DirectoryEntry[]> {
    return this.node.readDirectory(path);
  }

  realPath(path: string): Promise<string> {
    return this.node.realPath(path);
  }

  /** From the disk through the guarded opener (`node/guardedFiles/`), unless a document holds the file. */
  async readFile(path: string, allowed?: OpenedPathCheck): Promise<Uint8Array> {
    const document = openDocument(path);
    if (document) return new TextEncoder().encode(document.getText());
    return this.node.readFile(path, allowed);
  }

  /**
   * Text goes through the editor (see DocumentWriter), checked right before as VS Code's save
   * follows links; other bytes straight to disk through the guarded writer, as no document can hold them.
   */
  async writeFile(path: string, data: Uint8Array, allowed?: OpenedPathCheck): Promise<void> {
    const text = decodeText(data);
    if (text === undefined) {
      await this.node.writeFile(path, data, allowed);
      return;
    }
    if (allowed !== undefined) await checkWriteTarget(path, allowed);
    await this.writer.write(path, text.startsWith(byteOrderMark) ? text.slice(1) : text);
  }

  async deleteFile(path: string, allowed?: OpenedPathCheck): Promise<void> {
    if (allowed !== undefined) await checkWriteTarget(path, allowed, true);
    return this.writer.delete(path);
  }
}

function decodeText(data: Uint8Array): string | undefined {
  try {
    return utf8Strict.decode(data);
  } catch {
    return undefined;
  }
}
