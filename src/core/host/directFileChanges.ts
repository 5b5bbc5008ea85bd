import { contentBytes, type ChangeOutcome, type FileChanges, type ProposedChange } from './fileChanges';
import type { HostFileSystem } from './fileSystem';

/** Applies changes straight to the file system, as the terminal does: no review, but never over a file that changed since the tool read it. */
export class DirectFileChanges implements FileChanges {
  constructor(private readonly files: HostFileSystem) {}

  async apply(change: ProposedChange): Promise<ChangeOutcome> {
    if (!(await this.holds(change))) return { status: 'stale' };
    if (change.after === undefined) await this.files.deleteFile(change.path, change.allowed);
    else await this.files.writeFile(change.path, contentBytes(change.after), change.allowed, change.mode);
    const note = change.after !== undefined && change.before === undefined ? await this.modeNote(change) : undefined;
    return note === undefined ? { status: 'applied' } : { status: 'applied', note };
  }

  /** The system may refuse a bit silently (setgid for a group the user is not in): a created file that did not get its mode says so. */
  private async modeNote({ path, displayPath, mode }: ProposedChange): Promise<string | undefined> {
    if (mode === undefined) return undefined;
    const given = (await this.files.stat(path))?.mode;
    if (given === undefined || given === mode) return undefined;
    return `Note: ${displayPath} was created with mode ${given.toString(8)}, not ${mode.toString(8)}: the system did not let Elbow set all its permission bits; run chmod on it if they matter.`;
  }

  private async holds({ path, before, allowed }: ProposedChange): Promise<boolean> {
    const stat = await this.files.stat(path);
    if (before === undefined) return stat === undefined;
    if (stat?.kind !== 'file') return false;
    const expected = contentBytes(before);
    return stat.size === expected.length && sameBytes(await this.files.readFile(path, allowed), expected);
  }
}

export function sameBytes(first: Uint8Array, second: Uint8Array): boolean {
  return first.length === second.length && Buffer.from(first.buffer, first.byteOffset, first.length).equals(second);
}
