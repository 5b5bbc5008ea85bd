import * as z from 'zod';

/** Write `content` to `path`, or delete the file when `content` is `null`. */
export interface FileRestore {
  readonly path: string;
  readonly content: string | null;
}

const fileCheckpointsJson = z.object({
  version: z.literal(1),
  checkpoints: z.array(z.object({
    id: z.string(),
    files: z.array(z.object({ path: z.string(), content: z.string().nullable() })),
  })),
});

export type FileCheckpointsJson = z.infer<typeof fileCheckpointsJson>;

interface Checkpoint {
  readonly id: string;
  /** Each path's content just before its first change since this checkpoint (`null`: did not exist). */
  readonly snapshots: Map<string, string | null>;
}

/**
 * One conversation's file history for "Restore checkpoint". A checkpoint is a user message: the
 * controller calls `begin` with each user message's id, in order, and `recordBeforeChange` before
 * every change it makes to a file. Paths are kept as given; the caller keeps them in one form.
 */
export class FileCheckpoints {
  private readonly checkpoints: Checkpoint[] = [];

  /**
   * A new checkpoint; later changes belong to it. An id already begun is ignored (after a restore
   * to it, it is the latest again, so resending that message keeps recording into it).
   */
  begin(checkpointId: string): void {
    if (this.checkpoints.some((checkpoint) => checkpoint.id === checkpointId)) return;
    this.checkpoints.push({ id: checkpointId, snapshots: new Map() });
  }

  /**
   * `path` is about to change; `contentBefore` is its content now (`null`: it does not exist).
   * Only the first change of each path since the latest checkpoint is kept, and nothing is kept
   * before the first checkpoint.
   */
  recordBeforeChange(path: string, contentBefore: string | null): void {
    const latest = this.checkpoints[this.checkpoints.length - 1];
    if (latest !== undefined && !latest.snapshots.has(path)) latest.snapshots.set(path, contentBefore);
  }

  /**
   * What to write to bring every file back to how it was at `checkpointId`: each path changed at
   * or after it, with its earliest content recorded since then. Empty for an unknown checkpoint.
   */
  restorePlan(checkpointId: string): FileRestore[] {
    const index = this.indexOf(checkpointId);
    if (index === -1) return [];
    const plan = new Map<string, string | null>();
    for (const checkpoint of this.checkpoints.slice(index)) {
      for (const [path, content] of checkpoint.snapshots) {
        if (!plan.has(path)) plan.set(path, content);
      }
    }
    return [...plan].map(([path, content]) => ({ path, content }));
  }

  /** The checkpoints some file has changed since, oldest first: those a restore would change. */
  checkpointsWithChanges(): string[] {
    let last = -1;
    this.checkpoints.forEach((checkpoint, index) => {
      if (checkpoint.snapshots.size > 0) last = index;
    });
    return this.checkpoints.slice(0, last + 1).map((checkpoint) => checkpoint.id);
  }

  /**
   * The files have just been restored to `checkpointId` (its `restorePlan` written). The later
   * checkpoints are dropped with their snapshots: the files are as they were at `checkpointId`,
   * so what happened after it can no longer be restored (there is no redo). Its own snapshots are
   * cleared too, since nothing has changed since it now; it stays the latest checkpoint, so the
   * next change records the restored content again. Snapshots taken while writing the restore
   * itself, if the caller recorded them, are dropped by the same rule.
   */
  afterRestore(checkpointId: string): void {
    const index = this.indexOf(checkpointId);
    if (index === -1) return;
    this.checkpoints.splice(index + 1);
    this.checkpoints[index]?.snapshots.clear();
  }

  toJSON(): FileCheckpointsJson {
    return {
      version: 1,
      checkpoints: this.checkpoints.map((checkpoint) => ({
        id: checkpoint.id,
        files: [...checkpoint.snapshots].map(([path, content]) => ({ path, content })),
      })),
    };
  }

  /** History saved by `toJSON`; anything invalid (including a repeated id) gives an empty one. */
  static fromJSON(value: unknown): FileCheckpoints {
    const history = new FileCheckpoints();
    const parsed = fileCheckpointsJson.safeParse(value);
    if (!parsed.success) return history;
    const ids = new Set(parsed.data.checkpoints.map((checkpoint) => checkpoint.id));
    if (ids.size !== parsed.data.checkpoints.length) return history;
    for (const checkpoint of parsed.data.checkpoints) {
      const snapshots = new Map<string, string | null>();
      for (const file of checkpoint.files) {
        if (!snapshots.has(file.path)) snapshots.set(file.path, file.content);
      }
      history.checkpoints.push({ id: checkpoint.id, snapshots });
    }
    return history;
  }

  private indexOf(checkpointId: string): number {
    return this.checkpoints.findIndex((checkpoint) => checkpoint.id === checkpointId);
  }
}
