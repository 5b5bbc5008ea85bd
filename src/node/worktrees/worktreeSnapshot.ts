import * as fs from 'node:fs/promises';
import * as os from 'node:os';
import * as path from 'node:path';
import { git, runGit } from './gitCommand';
import { WorktreeError, type WorktreeFileChange } from './worktree';

/**
 * The tree of everything in a worktree's folder now, untracked files included and ignored ones
 * left out, and repositories a task made inside it left out too (git can store one only as a
 * reference to a commit of its own, which is not kept anywhere), written through an index of its own so the worktree's index stays as it was. Reading
 * through git takes a symbolic link as a link: nothing outside the folder is read.
 */
export async function snapshotTree(folder: string, repository: Readonly<Record<string, string>>): Promise<string> {
  const scratch = await fs.mkdtemp(path.join(os.tmpdir(), 'elbow-worktree-index-'));
  try {
    const index = path.join(scratch, 'index');
    const own = path.resolve(folder, await git(['rev-parse', '--git-path', 'index'], { cwd: folder, env: repository }, `Reading the worktree ${folder} failed`));
    // Starting from the worktree's index spares git hashing the files that did not change. The copy keeps the
    // index's time: git trusts an entry's file times only when the file is older than the index it reads.
    await copyWithTimes(own, index);
    const env = { ...repository, GIT_INDEX_FILE: index };
    const embedded = (await embeddedRepositories(folder, env)).map((folderPath) => `:(exclude,literal)${folderPath}`);
    await git(['add', '--all', '--', '.', ...embedded], { cwd: folder, env }, `Reading the files of the worktree ${folder} failed`);
    return await git(['write-tree'], { cwd: folder, env }, `Reading the files of the worktree ${folder} failed`);
  } finally {
    await fs.rm(scratch, { recursive: true, force: true });
  }
}

/** Untracked folders holding a repository of their own: git lists them, and only them, as folders (`sub/`). */
async function embeddedRepositories(folder: string, env: Readonly<Record<string, string>>): Promise<string[]> {
  const listed = await git(['ls-files', '--others', '--exclude-standard', '-z'], { cwd: folder, env }, `Reading the files of the worktree ${folder} failed`);
  return listed.split('\0').filter((entry) => entry.endsWith('/')).map((entry) => entry.slice(0, -1));
}

async function copyWithTimes(from: string, to: string): Promise<void> {
  const stats = await fs.stat(from).catch(() => undefined);
  if (stats === undefined) return;
  await fs.copyFile(from, to);
  await fs.utimes(to, stats.atime, stats.mtime);
}

interface RawChange {
  path: string;
  status: WorktreeFileChange['status'];
  kind: WorktreeFileChange['kind'];
  before?: string;
  after?: string;
}

const NO_OBJECT = /^0+$/;

/** What differs between two trees, each file with its content before and after. */
export async function treeChanges(cwd: string, repository: Readonly<Record<string, string>>, from: string, to: string): Promise<WorktreeFileChange[]> {
  const raw = await git(['diff-tree', '-r', '-z', '--no-renames', '--raw', from, to], { cwd, env: repository }, 'Comparing the worktree with its base failed');
  const changes = parseRawDiff(raw);
  const wanted = changes.flatMap((change) => (change.kind === 'submodule' ? [] : [change.before, change.after])).filter((sha): sha is string => sha !== undefined);
  const blobs = await readBlobs(cwd, repository, [...new Set(wanted)]);
  return changes.map((change) => ({
    path: change.path,
    status: change.status,
    kind: change.kind,
    ...(change.before === undefined || change.kind === 'submodule' ? {} : { before: blobs.get(change.before) }),
    ...(change.after === undefined || change.kind === 'submodule' ? {} : { after: blobs.get(change.after) }),
  }));
}

/** `:100644 100644 <sha> <sha> M\0path\0…` */
function parseRawDiff(raw: string): RawChange[] {
  const parts = raw.split('\0');
  const changes: RawChange[] = [];
  for (let index = 0; index + 1 < parts.length; index += 2) {
    const header = parts[index] ?? '';
    const file = parts[index + 1] ?? '';
    const match = /^:(\d{6}) (\d{6}) ([0-9a-f]+) ([0-9a-f]+) ([A-Z])/.exec(header);
    if (match === null) continue;
    const [, beforeMode = '', afterMode = '', before = '', after = '', letter = ''] = match;
    const status = letter === 'A' ? 'added' : letter === 'D' ? 'deleted' : 'modified';
    const mode = status === 'deleted' ? beforeMode : afterMode;
    changes.push({
      path: file,
      status,
      kind: mode === '120000' ? 'symlink' : mode === '160000' ? 'submodule' : 'file',
      ...(NO_OBJECT.test(before) ? {} : { before }),
      ...(NO_OBJECT.test(after) ? {} : { after }),
    });
  }
  return changes;
}

/** Reads blobs by id with one `git cat-file --batch`. */
async function readBlobs(cwd: string, repository: Readonly<Record<string, string>>, ids: readonly string[]): Promise<Map<string, Uint8Array>> {
  const found = new Map<string, Uint8Array>();
  if (ids.length === 0) return found;
  const result = await runGit(['cat-file', '--batch'], { cwd, env: repository, input: `${ids.join('\n')}\n` });
  if (result.code !== 0) throw new WorktreeError(`Reading the worktree's files from git failed: ${result.stderr}`);
  const out = result.stdout;
  let offset = 0;
  for (const id of ids) {
    const lineEnd = out.indexOf(0x0a, offset);
    if (lineEnd < 0) break;
    const header = out.subarray(offset, lineEnd).toString('utf8').split(' ');
    offset = lineEnd + 1;
    if (header[1] === 'missing') continue;
    const size = Number(header[2]);
    found.set(id, new Uint8Array(out.subarray(offset, offset + size)));
    offset += size + 1;
  }
  return found;
}
