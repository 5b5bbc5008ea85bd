import type { ChangeOutcome, FileChanges, ProposedChange } from './fileChanges';
import type { HostFileSystem } from './fileSystem';

/** Applies changes straight to the file system, as the terminal does: no review, but never over a file that changed since the tool read it. */
export class DirectFileChanges implements FileChanges {
  constructor(private readonly files: HostFileSystem) {}

  async apply(change: ProposedChange): Promise<ChangeOutcome> {
    if (!(await this.holds(change))) return { status: 'stale' };
    if (change.after === undefined) await this.files.deleteFile(change.path, change.allowed);
    else await this.files.writeFile(change.path, change.after, change.allowed, change.mode);
    return { status: 'applied' };
  }

  private async holds({ path, before, allowed }: ProposedChange): Promise<boolean> {
    const stat = await this.files.stat(path);
    if (before === undefined) return stat === undefined;
    if (stat?.kind !== 'file') return false;
    return sameBytes(await this.files.readFile(path, allowed), before);
  }
}

export function sameBytes(first: Uint8Array, second: Uint8Array): boolean {
  return first.length === second.length && Buffer.from(first.buffer, first.byteOffset, first.length).equals(second);
}
