import { randomUUID } from 'node:crypto';
import { constants } from 'node:fs';
import * as fs from 'node:fs/promises';
import * as path from 'node:path';
import type { McpCredentialStore } from '../core/mcp/auth/mcpAuthHost';
import { descriptorPath, descriptorPathsWork } from './guardedFiles/descriptorPath';

/** 0 where the platform has no such flag (Windows). */
const noFollow = constants.O_NOFOLLOW ?? 0;
const folderFlags = constants.O_RDONLY | (constants.O_DIRECTORY ?? 0) | noFollow;

interface CredentialFileContent {
  version: 1;
  entries: Record<string, string>;
}

/** Where the terminal keeps MCP servers' OAuth credentials: a private folder in Elbow's data folder. */
export function mcpCredentialFolder(dataFolder: string): string {
  return path.join(dataFolder, 'credentials');
}

/**
 * MCP servers' OAuth credentials in one JSON file, `credentials/mcp-oauth.json` in Elbow's data
 * folder: the folder 0700 and the file 0600, both owned by the user; a link in their place is
 * refused (opened with O_NOFOLLOW, checked on the opened object), and every write replaces the
 * file atomically. Sandboxed commands never see the data folder.
 */
export class McpCredentialFile implements McpCredentialStore {
  static readonly fileName = 'mcp-oauth.json';
  private queue: Promise<unknown> = Promise.resolve();

  constructor(private readonly folder: string) {}

  get file(): string {
    return path.join(this.folder, McpCredentialFile.fileName);
  }

  async read(key: string): Promise<string | undefined> {
    return this.serially(async () => (await this.withFolder((entry) => readContent(entry, this.file))).entries[key]);
  }

  write(key: string, value: string): Promise<void> {
    return this.change((entries) => ({ ...entries, [key]: value }));
  }

  delete(key: string): Promise<void> {
    return this.change((entries) => Object.fromEntries(Object.entries(entries).filter(([name]) => name !== key)));
  }

  /** Every key stored, e.g. to list the servers signed in to. */
  async keys(): Promise<string[]> {
    return this.serially(async () => Object.keys((await this.withFolder((entry) => readContent(entry, this.file))).entries));
  }

  private change(edit: (entries: Record<string, string>) => Record<string, string>): Promise<void> {
    return this.serially(() => this.withFolder(async (entry) => {
      const content = await readContent(entry, this.file);
      await replace(entry, JSON.stringify({ version: 1, entries: edit(content.entries) } satisfies CredentialFileContent, undefined, 1));
    }));
  }

  private serially<T>(work: () => Promise<T>): Promise<T> {
    const next = this.queue.then(work, work);
    this.queue = next.catch(() => undefined);
    return next;
  }

  /** Opens (creating it 0700) the folder itself, never a link, checks it is the user's own, and reaches names through the opened folder. */
  private async withFolder<T>(use: (entry: (name: string) => string) => Promise<T>): Promise<T> {
    await fs.mkdir(path.dirname(this.folder), { recursive: true, mode: 0o700 });
    await fs.mkdir(this.folder, { mode: 0o700 }).catch((error: unknown) => {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    });
    const handle = await fs.open(this.folder, folderFlags).catch(async (error: unknown) => {
      // Linux answers ENOTDIR, not ELOOP, for a link opened with O_DIRECTORY and O_NOFOLLOW.
      if (isLinkRefusal(error) || (await fs.lstat(this.folder).catch(() => undefined))?.isSymbolicLink() === true) throw linkRefused(this.folder, error);
      throw error;
    });
    try {
      const stat = await handle.stat();
      if (!stat.isDirectory()) throw new Error(`Elbow did not use ${this.folder} for credentials: it is not a folder.`);
      refuseForeign(stat, this.folder);
      if (process.platform !== 'win32' && (stat.mode & 0o777) !== 0o700) await handle.chmod(0o700);
      return await use((name) => path.join(descriptorPathsWork ? descriptorPath(handle) : this.folder, name));
    } finally {
      await handle.close();
    }
  }
}

async function readContent(entry: (name: string) => string, shown: string): Promise<CredentialFileContent> {
  let handle: fs.FileHandle;
  try {
    handle = await fs.open(entry(McpCredentialFile.fileName), constants.O_RDONLY | noFollow);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { version: 1, entries: {} };
    throw isLinkRefusal(error) ? linkRefused(shown, error) : error;
  }
  try {
    const stat = await handle.stat();
    if (!stat.isFile()) throw new Error(`Elbow did not read ${shown}: it is not a regular file.`);
    refuseForeign(stat, shown);
    if (process.platform !== 'win32' && (stat.mode & 0o777) !== 0o600) await handle.chmod(0o600);
    const parsed = JSON.parse(await handle.readFile('utf8')) as Partial<CredentialFileContent> | null;
    const entries = parsed?.entries;
    if (typeof entries !== 'object' || entries === null) throw new Error('no "entries"');
    return { version: 1, entries: Object.fromEntries(Object.entries(entries).filter((pair): pair is [string, string] => typeof pair[1] === 'string')) };
  } catch (error) {
    if (error instanceof SyntaxError || (error instanceof Error && error.message === 'no "entries"')) {
      throw new Error(`${shown} is not a credentials file Elbow wrote (${error.message}); move it away to sign in afresh.`, { cause: error });
    }
    throw error;
  } finally {
    await handle.close();
  }
}

/** A new 0600 file beside the old one, flushed, then renamed over it: a reader sees the old content or the new. */
async function replace(entry: (name: string) => string, text: string): Promise<void> {
  const temporary = entry(`.${McpCredentialFile.fileName}.${randomUUID()}.tmp`);
  try {
    const handle = await fs.open(temporary, constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | noFollow, 0o600);
    try {
      await handle.writeFile(text, 'utf8');
      await handle.sync();
    } finally {
      await handle.close();
    }
    await fs.rename(temporary, entry(McpCredentialFile.fileName));
  } catch (error) {
    await fs.rm(temporary, { force: true }).catch(() => undefined);
    throw error;
  }
}

function refuseForeign(stat: { uid: number }, shown: string): void {
  const uid = process.getuid?.();
  if (uid !== undefined && stat.uid !== uid) throw new Error(`Elbow did not use ${shown} for credentials: it belongs to another user.`);
}

/** O_NOFOLLOW refuses a link with ELOOP (EMLINK on FreeBSD). */
function isLinkRefusal(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException).code;
  return code === 'ELOOP' || code === 'EMLINK';
}

function linkRefused(shown: string, cause: unknown): Error {
  return new Error(`Elbow did not use ${shown} for credentials: it is a symbolic link.`, { cause });
}
