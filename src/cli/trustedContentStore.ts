import * as fs from 'node:fs/promises';
import * as path from 'node:path';
import * as z from 'zod';
import { writeFileAtomically } from '../node/writeFileAtomically';

/** The contents the user trusted, newest last; the oldest are forgotten beyond this many. */
const MAX_ENTRIES = 1_000;

const entrySchema = z.object({
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
  /** The file it was, for whoever reads the list. */
  path: z.string(),
  trustedAt: z.string(),
});
type TrustEntry = z.infer<typeof entrySchema>;

const storeSchema = z.object({ trusted: z.array(z.unknown()) });

/** Where the list lives in Elbow's data folder. */
export function trustStoreFile(dataFolder: string): string {
  return path.join(dataFolder, 'trusted-mcp-configs.json');
}

/**
 * The workspace files the user trusted by content (MCP configurations, skills, commands, agents,
 * hooks settings), by `customizationHash` of path and bytes, kept in one small JSON file. A file that
 * cannot be read as such counts as an empty list (and is replaced on the next write); writes
 * go to a file beside it that is then renamed over it, and merge with what other runs wrote.
 */
export class TrustedContentStore {
  private entries: Promise<TrustEntry[]> | undefined;
  private writing: Promise<void> = Promise.resolve();

  constructor(private readonly file: string, private readonly warn: (message: string) => void = () => undefined) {}

  async has(hash: string): Promise<boolean> {
    this.entries ??= this.read();
    return (await this.entries).some((entry) => entry.sha256 === hash);
  }

  /** Remembers the content; throws when the list cannot be written. */
  add(hash: string, file: string, now: Date = new Date()): Promise<void> {
    const next = this.writing.catch(() => undefined).then(async () => {
      const current = await this.read();
      const entries = current.some((entry) => entry.sha256 === hash)
        ? current
        : [...current, { sha256: hash, path: path.resolve(file), trustedAt: now.toISOString() }].slice(-MAX_ENTRIES);
      await fs.mkdir(path.dirname(this.file), { recursive: true });
      // Only the user may read it.
      await writeFileAtomically(this.file, `${JSON.stringify({ version: 1, trusted: entries }, undefined, 2)}\n`, 0o600);
      this.entries = Promise.resolve(entries);
    });
    this.writing = next;
    return next;
  }

  private async read(): Promise<TrustEntry[]> {
    let text: string;
    try {
      text = await fs.readFile(this.file, 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
      this.warn(`cannot read the trusted workspace files in ${this.file} (${error instanceof Error ? error.message : String(error)}); none counts as trusted`);
      return [];
    }
    let document: unknown;
    try {
      document = JSON.parse(text);
    } catch {
      document = undefined;
    }
    const checked = storeSchema.safeParse(document);
    if (!checked.success) {
      this.warn(`${this.file} is not a list of trusted workspace files; it is started afresh`);
      return [];
    }
    return checked.data.trusted.flatMap((entry) => {
      const parsed = entrySchema.safeParse(entry);
      return parsed.success ? [parsed.data] : [];
    });
  }
}

