import * as path from 'node:path';
import type { AgentHost } from '../../core/host/host';
import type { ChangeOutcome, FileChanges, ProposedChange } from '../../core/host/fileChanges';

/**
 * The files a run's tools changed, as the result event lists them: every change the host applied
 * (edits, writes, patches, deletions, the subagents' too), workspace-relative with `/`; a file
 * outside the workspace by its absolute path.
 */
export class ChangedFiles {
  private readonly files = new Set<string>();

  constructor(private readonly root: string) {}

  note(absolutePath: string): void {
    const relative = path.relative(this.root, absolutePath);
    const outside = relative === '' || relative.startsWith(`..${path.sep}`) || relative === '..' || path.isAbsolute(relative);
    this.files.add(outside ? absolutePath : relative.split(path.sep).join('/'));
  }

  list(): string[] {
    return [...this.files];
  }
}

/** The host with its file changes watched: `onApplied` hears of each change that reached the disk. */
export function watchingChanges(host: AgentHost, onApplied: ((absolutePath: string) => void) | undefined): AgentHost {
  return onApplied === undefined ? host : { ...host, changes: new WatchedFileChanges(host.changes, onApplied) };
}

class WatchedFileChanges implements FileChanges {
  constructor(private readonly inner: FileChanges, private readonly onApplied: (absolutePath: string) => void) {}

  async apply(change: ProposedChange, signal: AbortSignal): Promise<ChangeOutcome> {
    const outcome = await this.inner.apply(change, signal);
    if (outcome.status === 'applied') this.onApplied(change.path);
    return outcome;
  }
}
