import * as fs from 'node:fs/promises';
import * as path from 'node:path';
import { z } from 'zod';
import { writeFileAtomically } from '../writeFileAtomically';
import type { OwnerProcess } from './ownerProcess';
import type { Worktree } from './worktree';

/** A worktree Elbow made, with the process that made it. */
export interface RegisteredWorktree {
  worktree: Worktree;
  owner: OwnerProcess;
  /** Its changes could not be committed: the folder stays for the user, and no cleanup removes it. */
  leftForUser?: boolean;
}

const entrySchema = z.object({
  worktree: z.object({
    id: z.string().regex(/^[a-z0-9-]+$/),
    repoRoot: z.string(),
    path: z.string(),
    gitDir: z.string(),
    branch: z.string().startsWith('elbow/'),
    baseCommit: z.string().regex(/^[0-9a-f]{40,64}$/),
    headCommit: z.string().regex(/^[0-9a-f]{40,64}$/),
    createdAt: z.string(),
    label: z.string().optional(),
  }),
  owner: z.object({ pid: z.number().int().positive(), startedAt: z.string().optional(), host: z.string().optional() }),
  leftForUser: z.boolean().optional(),
});

const ENTRY_SUFFIX = '.worktree.json';

/**
 * Which worktrees Elbow made: one small file per worktree beside the worktrees' folders, each
 * written whole (a new file and a rename), so processes that make worktrees at once never lose
 * each other's entries.
 */
export class WorktreeRegistry {
  constructor(private readonly folder: string) {}

  async add(entry: RegisteredWorktree): Promise<void> {
    await fs.mkdir(this.folder, { recursive: true });
    await writeFileAtomically(this.file(entry.worktree.id), `${JSON.stringify(entry, undefined, 2)}\n`);
  }

  async remove(id: string): Promise<void> {
    await fs.rm(this.file(id), { force: true });
  }

  /** Entries that cannot be read are left out; what a worktree's path names must be its own folder here. */
  async entries(): Promise<RegisteredWorktree[]> {
    const names = await fs.readdir(this.folder).catch(() => []);
    const found: RegisteredWorktree[] = [];
    for (const name of names.filter((candidate) => candidate.endsWith(ENTRY_SUFFIX)).sort()) {
      const text = await fs.readFile(path.join(this.folder, name), 'utf8').catch(() => undefined);
      const parsed = text === undefined ? undefined : entrySchema.safeParse(safeJson(text));
      if (!parsed?.success) continue;
      const entry = parsed.data;
      if (`${entry.worktree.id}${ENTRY_SUFFIX}` !== name || entry.worktree.path !== this.folderOf(entry.worktree.id)) continue;
      found.push(entry);
    }
    return found;
  }

  /** Where the worktree `id` lives. */
  folderOf(id: string): string {
    return path.join(this.folder, id);
  }

  private file(id: string): string {
    return path.join(this.folder, `${id}${ENTRY_SUFFIX}`);
  }
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}
