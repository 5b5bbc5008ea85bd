import { randomBytes } from 'node:crypto';
import * as fs from 'node:fs/promises';
import * as path from 'node:path';
import { relativeInside } from '../../core/search/searchScope';
import { git, runGit } from './gitCommand';
import { currentProcess, isRunning } from './ownerProcess';
import { removeFolder } from './removeFolder';
import { WorktreeRegistry } from './worktreeRegistry';
import { snapshotTree, treeChanges } from './worktreeSnapshot';
import { WorktreeError, type Worktree, type WorktreeFileChange } from './worktree';

export { WorktreeError, type Worktree, type WorktreeFileChange } from './worktree';

export interface WorktreeManagerOptions {
  /** Where Elbow keeps worktrees: outside every workspace, in its data folder. */
  folder: string;
  /** A new worktree's id from its label (tests pick their own). */
  newId?: (label: string | undefined) => string;
}

const BRANCH_PREFIX = 'elbow/';
/** Who commits where git knows nobody (a fresh machine): git refuses to commit without a name. */
const FALLBACK_IDENTITY = { GIT_AUTHOR_NAME: 'Elbow', GIT_AUTHOR_EMAIL: 'elbow@localhost', GIT_COMMITTER_NAME: 'Elbow', GIT_COMMITTER_EMAIL: 'elbow@localhost' };

/**
 * Makes, reads and removes the git worktrees tasks run in: each on its own branch `elbow/<id>`,
 * in a folder of its own under `folder`, listed in a registry there with the process that made it,
 * so worktrees left by a crash are found and removed on the next start.
 */
export class WorktreeManager {
  private readonly folder: string;
  private readonly registry: WorktreeRegistry;
  private readonly newId: (label: string | undefined) => string;

  constructor(options: WorktreeManagerOptions) {
    this.folder = path.resolve(options.folder);
    this.registry = new WorktreeRegistry(this.folder);
    this.newId = options.newId ?? defaultId;
  }

  /** A new worktree on branch `elbow/<id>` holding HEAD plus the uncommitted changes of tracked files; nothing is left behind when it fails. */
  async create(repoRoot: string, options: { label?: string } = {}): Promise<Worktree> {
    const top = await repositoryTop(repoRoot);
    if (relativeInside(top, this.folder) !== undefined) throw new WorktreeError(`Worktrees cannot be kept in ${this.folder}: it is inside the repository ${top}. Choose a folder outside it.`);
    const head = (await runGit(['rev-parse', '--verify', '--quiet', 'HEAD^{commit}'], { cwd: top })).stdout.toString('utf8').trim();
    if (head === '') throw new WorktreeError(`The repository ${top} has no commit yet, and a worktree starts from one: make a first commit, then try again.`);
    const id = this.newId(options.label);
    if (!/^[a-z0-9][a-z0-9-]*$/.test(id)) throw new WorktreeError(`"${id}" cannot name a worktree: use lowercase letters, digits and dashes.`);
    const branch = `${BRANCH_PREFIX}${id}`;
    if (await branchTip(top, branch) !== undefined) throw new WorktreeError(`The branch ${branch} already exists in ${top}, so no worktree was made: delete it (git branch -D ${branch}) or try again for a new name.`);
    const folder = this.registry.folderOf(id);
    await fs.mkdir(this.folder, { recursive: true }).catch((error: unknown) => {
      throw new WorktreeError(`The folder for worktrees, ${this.folder}, cannot be made (${error instanceof Error ? error.message : String(error)}): check that it is a folder you can write in.`);
    });
    await this.clearLeftover(id, folder, top);
    const baseCommit = await startingCommit(top, head);
    const worktree: Worktree = { id, repoRoot: top, path: folder, gitDir: '', branch, baseCommit, headCommit: head, createdAt: new Date().toISOString(), ...(options.label === undefined ? {} : { label: options.label }) };
    // Registered before git makes anything, so a crash from here on leaves something cleanUpStale finds.
    await this.registry.add({ worktree, owner: currentProcess() });
    try {
      await git(['worktree', 'add', '-b', branch, folder, baseCommit], { cwd: top }, `git could not make a worktree of ${top} in ${folder}`);
      const gitDir = path.resolve(folder, await git(['rev-parse', '--git-dir'], { cwd: folder }, `The new worktree ${folder} cannot be read`));
      const made = { ...worktree, gitDir };
      const tip = await git(['rev-parse', 'HEAD'], worktreeGit(made), `The new worktree ${folder} cannot be read`);
      if (tip !== baseCommit) throw new WorktreeError(`The new worktree ${folder} is at ${tip}, not at ${baseCommit} as made.`);
      await this.registry.add({ worktree: made, owner: currentProcess() });
      return made;
    } catch (error) {
      await this.discard(worktree, true).catch(() => undefined);
      throw error instanceof WorktreeError ? error : new WorktreeError(`The worktree could not be made: ${error instanceof Error ? error.message : String(error)}.`);
    }
  }

  /** Every file that differs from the worktree's base commit, new untracked files included and ignored ones not. */
  async changes(worktree: Worktree): Promise<WorktreeFileChange[]> {
    await this.present(worktree);
    const { env } = worktreeGit(worktree);
    return await treeChanges(worktree.path, env, worktree.baseCommit, await snapshotTree(worktree.path, env));
  }

  /** Commits everything in the worktree's folder on its branch (its hooks are not run: the folder's files were written by a task), then removes the folder. */
  async keepOnBranch(worktree: Worktree, message: string): Promise<{ branch: string; commit?: string }> {
    await this.present(worktree);
    const commit = await commitFolder(worktree, message).catch(async (error: unknown) => {
      await this.leaveForUser(worktree);
      throw new WorktreeError(`${error instanceof Error ? error.message : String(error)} The worktree is left as it is in ${worktree.path} (branch ${worktree.branch}); Elbow will not remove it.`);
    });
    await this.remove(worktree, { deleteBranch: false });
    return commit === undefined ? { branch: worktree.branch } : { branch: worktree.branch, commit };
  }

  /** Removes the worktree's folder and git's record of it; the branch too with `deleteBranch`. */
  async remove(worktree: Worktree, options: { deleteBranch?: boolean } = {}): Promise<void> {
    this.own(worktree);
    await this.discard(worktree, options.deleteBranch === true);
  }

  /** Marks the worktree as one whose changes could not be kept: cleanups leave its folder and branch alone from now on. */
  async leaveForUser(worktree: Worktree): Promise<void> {
    this.own(worktree);
    const entry = (await this.registry.entries()).find((candidate) => candidate.worktree.id === worktree.id);
    await this.registry.add({ ...(entry ?? { worktree, owner: currentProcess() }), leftForUser: true });
  }

  async list(): Promise<Worktree[]> {
    return (await this.registry.entries()).map((entry) => entry.worktree);
  }

  /**
   * Removes the worktrees whose process is gone (a crash): what was changed in one is first
   * committed on its branch, so no work is lost; a branch left with no commit of its own is deleted.
   * One whose changes cannot be committed is left for the user (`leftForUser`), never removed.
   */
  async cleanUpStale(): Promise<StaleWorktree[]> {
    const removed: StaleWorktree[] = [];
    for (const entry of await this.registry.entries()) {
      if (entry.leftForUser === true || isRunning(entry.owner)) continue;
      const { worktree } = entry;
      const keptCommit = await salvage(worktree);
      if (keptCommit === SALVAGE_FAILED) {
        await this.leaveForUser(worktree);
        removed.push({ ...worktree, leftForUser: true });
        continue;
      }
      const tip = await branchTip(worktree.repoRoot, worktree.branch).catch(() => undefined);
      await this.discard(worktree, tip === worktree.baseCommit);
      removed.push(keptCommit === undefined ? worktree : { ...worktree, keptCommit });
    }
    return removed;
  }

  /** A worktree of this manager's folder, on one of Elbow's branches: nothing else is removed. */
  private own(worktree: Worktree): void {
    if (worktree.path !== this.registry.folderOf(worktree.id) || !worktree.branch.startsWith(BRANCH_PREFIX)) {
      throw new WorktreeError(`${worktree.path} is not a worktree Elbow made in ${this.folder}; it was left as it is.`);
    }
  }

  private async present(worktree: Worktree): Promise<void> {
    this.own(worktree);
    const stats = await fs.stat(worktree.path).catch(() => undefined);
    if (stats?.isDirectory() !== true) {
      throw new WorktreeError(`The worktree folder ${worktree.path} is gone (deleted by hand?). What was committed is on the branch ${worktree.branch}; remove the task to tidy up.`);
    }
  }

  private async discard(worktree: Worktree, deleteBranch: boolean): Promise<void> {
    const repository = await fs.stat(worktree.repoRoot).then((stats) => stats.isDirectory(), () => false);
    if (repository) await runGit(['worktree', 'remove', '--force', '--force', worktree.path], { cwd: worktree.repoRoot }).catch(() => undefined);
    await removeFolder(worktree.path);
    if (repository) {
      await runGit(['worktree', 'prune'], { cwd: worktree.repoRoot }).catch(() => undefined);
      if (deleteBranch) await runGit(['branch', '-D', worktree.branch], { cwd: worktree.repoRoot }).catch(() => undefined);
    }
    await this.registry.remove(worktree.id);
  }

  /** A folder where the new worktree goes, left by a crash before it was registered: removed unless a running process owns it. */
  private async clearLeftover(id: string, folder: string, repoRoot: string): Promise<void> {
    if ((await fs.lstat(folder).catch(() => undefined)) === undefined) return;
    const entry = (await this.registry.entries()).find((candidate) => candidate.worktree.id === id);
    if (entry !== undefined && isRunning(entry.owner)) throw new WorktreeError(`The worktree folder ${folder} belongs to a task that is still running; try again for a new name.`);
    await removeFolder(folder);
    await runGit(['worktree', 'prune'], { cwd: repoRoot }).catch(() => undefined);
  }
}

/**
 * A worktree `cleanUpStale` removed; `keptCommit`: the commit on its branch holding what its task had
 * changed. With `leftForUser` it was not removed: its changes could not be committed.
 */
export type StaleWorktree = Worktree & { keptCommit?: string; leftForUser?: true };

const SALVAGE_FAILED = Symbol('salvage failed');

/** Commits everything in the worktree's folder on its branch, when anything differs from the branch; the new commit. */
async function commitFolder(worktree: Worktree, message: string): Promise<string | undefined> {
  const options = worktreeGit(worktree);
  const tip = await branchTip(worktree.repoRoot, worktree.branch);
  if (tip === undefined) throw new WorktreeError(`The branch ${worktree.branch} is gone, so the worktree's changes cannot be kept on it; they are still in ${worktree.path}.`);
  const tree = await snapshotTree(worktree.path, options.env);
  if (tree === await git(['rev-parse', `${tip}^{tree}`], options, 'Reading the branch failed')) return undefined;
  const env = { ...options.env, ...(await identity(worktree.repoRoot)) };
  const commit = await git(['commit-tree', tree, '-p', tip, '-F', '-'], { ...options, env, input: message }, `Committing the changes on ${worktree.branch} failed`);
  await git(['update-ref', '-m', 'elbow: keep a task\'s changes', `refs/heads/${worktree.branch}`, commit, tip], options, `Moving ${worktree.branch} to the new commit failed`);
  return commit;
}

/** The changes of a worktree whose task ended abruptly, committed on its branch; nothing when there are none; `SALVAGE_FAILED` when they cannot be committed. */
async function salvage(worktree: Worktree): Promise<string | undefined | typeof SALVAGE_FAILED> {
  // An entry without its git folder is of a worktree whose making was cut short: it holds no work.
  if (worktree.gitDir === '' || (await fs.stat(worktree.path).catch(() => undefined))?.isDirectory() !== true) return undefined;
  return await commitFolder(worktree, 'Changes of a task that ended abruptly').catch(() => SALVAGE_FAILED);
}

/** Points git at the worktree's own git folder and files, whatever its `.git` file says. */
function worktreeGit(worktree: Worktree): { cwd: string; env: Record<string, string> } {
  return { cwd: worktree.path, env: { GIT_DIR: worktree.gitDir, GIT_WORK_TREE: worktree.path } };
}

async function repositoryTop(folder: string): Promise<string> {
  const stats = await fs.stat(folder).catch(() => undefined);
  if (stats?.isDirectory() !== true) throw new WorktreeError(`${folder} is not a folder, so no worktree can be made of it.`);
  const result = await runGit(['rev-parse', '--show-toplevel'], { cwd: folder });
  const top = result.stdout.toString('utf8').trim();
  if (result.code !== 0 || top === '') throw new WorktreeError(`${folder} is not in a git repository, and a task runs in a worktree of one: run git init and make a first commit, or run the task here.`);
  return await fs.realpath(top);
}

async function branchTip(repoRoot: string, branch: string): Promise<string | undefined> {
  const result = await runGit(['rev-parse', '--verify', '--quiet', `refs/heads/${branch}^{commit}`], { cwd: repoRoot });
  const tip = result.stdout.toString('utf8').trim();
  return result.code === 0 && tip !== '' ? tip : undefined;
}

/** HEAD, or a commit on it holding the uncommitted changes of tracked files (`git stash create` touches neither the stash list nor the files). */
async function startingCommit(repoRoot: string, head: string): Promise<string> {
  const stash = await git(['stash', 'create'], { cwd: repoRoot }, `Reading the uncommitted changes of ${repoRoot} failed`);
  if (stash === '') return head;
  const env = await identity(repoRoot);
  return await git(['commit-tree', `${stash}^{tree}`, '-p', head, '-m', 'Uncommitted changes when the task started'], { cwd: repoRoot, env }, `Taking the uncommitted changes of ${repoRoot} into the worktree failed`);
}

/** The repository's committer, or Elbow where git knows nobody. */
async function identity(repoRoot: string): Promise<Record<string, string>> {
  const known = await runGit(['var', 'GIT_COMMITTER_IDENT'], { cwd: repoRoot });
  return known.code === 0 ? {} : FALLBACK_IDENTITY;
}

function defaultId(label: string | undefined): string {
  const words = (label ?? '').toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '').slice(0, 24).replace(/-+$/, '');
  const suffix = randomBytes(4).toString('hex');
  return words === '' ? suffix : `${words}-${suffix}`;
}
