import assert from 'node:assert/strict';
import * as fs from 'node:fs/promises';
import * as path from 'node:path';
import { WorktreeError, WorktreeManager, type Worktree, type WorktreeFileChange } from '../../../../src/node/worktrees/worktreeManager';
import { createTempRepository, runGitSync, useTestGitEnvironment, type TempRepository } from '../../../support/gitRepository';

const text = (bytes: Uint8Array | undefined): string | undefined => (bytes === undefined ? undefined : Buffer.from(bytes).toString('utf8'));
const summary = (changes: WorktreeFileChange[]): string[][] => changes.map((change) => [change.path, change.status, change.kind, text(change.before) ?? '-', text(change.after) ?? '-']);
const exists = (file: string): Promise<boolean> => fs.lstat(file).then(() => true, () => false);

describe('WorktreeManager', function () {
  this.timeout(30_000);
  let restoreGit: () => void;
  let temp: TempRepository;
  let manager: WorktreeManager;
  before(() => (restoreGit = useTestGitEnvironment()));
  after(() => restoreGit());
  beforeEach(async () => {
    temp = await createTempRepository({ 'src/a.ts': 'one\n', 'README.md': 'readme\n', '.gitignore': 'dist/\n' });
    manager = new WorktreeManager({ folder: temp.worktrees });
  });
  afterEach(() => temp.cleanup());

  it('makes a worktree on a branch of its own, in its folder, from HEAD and the uncommitted changes of tracked files, leaving the user\'s files and stash alone', async () => {
    await fs.writeFile(path.join(temp.repo, 'src/a.ts'), 'one, changed\n');
    await fs.writeFile(path.join(temp.repo, 'notes.txt'), 'untracked\n');
    const statusBefore = temp.git('status', '--porcelain');
    const worktree = await manager.create(temp.repo, { label: 'Fix the parser' });
    assert.match(worktree.id, /^fix-the-parser-[0-9a-f]{8}$/);
    assert.equal(worktree.branch, `elbow/${worktree.id}`);
    assert.equal(worktree.path, path.join(temp.worktrees, worktree.id));
    assert.equal(worktree.repoRoot, temp.repo);
    assert.equal(worktree.headCommit, temp.git('rev-parse', 'HEAD'));
    assert.equal(await fs.readFile(path.join(worktree.path, 'src/a.ts'), 'utf8'), 'one, changed\n');
    assert.equal(await exists(path.join(worktree.path, 'notes.txt')), false);
    assert.equal(temp.git('rev-parse', worktree.branch), worktree.baseCommit);
    assert.equal(temp.git('rev-parse', `${worktree.baseCommit}^`), worktree.headCommit);
    assert.equal(temp.git('status', '--porcelain'), statusBefore);
    assert.equal(temp.git('stash', 'list'), '');
    assert.deepEqual(await manager.changes(worktree), []);
    assert.deepEqual((await manager.list()).map((listed) => listed.id), [worktree.id]);
  });

  it('starts from HEAD itself when nothing is uncommitted', async () => {
    const worktree = await manager.create(temp.repo);
    assert.equal(worktree.baseCommit, temp.git('rev-parse', 'HEAD'));
    assert.match(worktree.id, /^[0-9a-f]{8}$/);
  });

  it('lists every change since the base with its content, new untracked files included and ignored ones not, a link as its target\'s text', async () => {
    const worktree = await manager.create(temp.repo);
    await fs.writeFile(path.join(worktree.path, 'src/a.ts'), 'two\n');
    await fs.writeFile(path.join(worktree.path, 'src/b.ts'), 'new\n');
    await fs.rm(path.join(worktree.path, 'README.md'));
    await fs.mkdir(path.join(worktree.path, 'dist'));
    await fs.writeFile(path.join(worktree.path, 'dist/out.js'), 'built\n');
    await fs.symlink('/etc/passwd', path.join(worktree.path, 'link'));
    assert.deepEqual(summary(await manager.changes(worktree)), [
      ['README.md', 'deleted', 'file', 'readme\n', '-'],
      ['link', 'added', 'symlink', '-', '/etc/passwd'],
      ['src/a.ts', 'modified', 'file', 'one\n', 'two\n'],
      ['src/b.ts', 'added', 'file', '-', 'new\n'],
    ]);
    assert.equal(runGitSync(worktree.path, ['status', '--porcelain']).split('\n').sort().join(','), ' D README.md, M src/a.ts,?? link,?? src/b.ts', 'the worktree\'s own index is as it was');
  });

  it('keeps the changes as a commit on the branch and removes the folder, the user\'s working tree untouched', async () => {
    const worktree = await manager.create(temp.repo);
    await fs.writeFile(path.join(worktree.path, 'src/b.ts'), 'new\n');
    const kept = await manager.keepOnBranch(worktree, 'Add b');
    assert.equal(kept.branch, worktree.branch);
    assert.equal(temp.git('rev-parse', worktree.branch), kept.commit);
    assert.equal(temp.git('log', '-1', '--format=%s', worktree.branch), 'Add b');
    assert.equal(temp.git('show', `${worktree.branch}:src/b.ts`), 'new');
    assert.equal(temp.git('rev-parse', `${worktree.branch}^`), worktree.baseCommit);
    assert.equal(await exists(worktree.path), false);
    assert.equal(await exists(path.join(temp.repo, 'src/b.ts')), false);
    assert.equal(temp.git('status', '--porcelain'), '');
    assert.doesNotMatch(temp.git('worktree', 'list'), new RegExp(worktree.id));
    assert.deepEqual(await manager.list(), []);
  });

  it('keeps a branch with no new commit when nothing changed', async () => {
    const worktree = await manager.create(temp.repo);
    assert.deepEqual(await manager.keepOnBranch(worktree, 'Nothing'), { branch: worktree.branch });
    assert.equal(temp.git('rev-parse', worktree.branch), worktree.baseCommit);
  });

  it('runs no hook of the repository when keeping changes a task wrote', async () => {
    const worktree = await manager.create(temp.repo);
    const marker = path.join(temp.base, 'hook-ran');
    for (const hook of ['pre-commit', 'commit-msg', 'post-commit']) await fs.writeFile(path.join(temp.repo, '.git/hooks', hook), `#!/bin/sh\ntouch '${marker}'\n`, { mode: 0o755 });
    await fs.writeFile(path.join(worktree.path, 'b.ts'), 'new\n');
    assert.ok((await manager.keepOnBranch(worktree, 'Add b')).commit);
    assert.equal(await exists(marker), false);
  });

  it('reads the worktree through its own git folder, whatever its .git file or the environment point at', async () => {
    const worktree = await manager.create(temp.repo);
    const decoy = await createTempRepository({ 'decoy.txt': 'decoy\n' });
    const savedGitDir = process.env.GIT_DIR;
    try {
      await fs.writeFile(path.join(worktree.path, '.git'), `gitdir: ${path.join(decoy.repo, '.git')}\n`);
      process.env.GIT_DIR = path.join(decoy.repo, '.git');
      await fs.writeFile(path.join(worktree.path, 'src/a.ts'), 'two\n');
      assert.deepEqual(summary(await manager.changes(worktree)).map(([file, status]) => [file, status]), [['src/a.ts', 'modified']]);
    } finally {
      if (savedGitDir === undefined) Reflect.deleteProperty(process.env, 'GIT_DIR');
      else process.env.GIT_DIR = savedGitDir;
      await decoy.cleanup();
    }
  });

  it('removes a worktree and, when asked, its branch', async () => {
    const kept = await manager.create(temp.repo);
    const dropped = await manager.create(temp.repo);
    await manager.remove(kept);
    await manager.remove(dropped, { deleteBranch: true });
    assert.equal(await exists(kept.path), false);
    assert.match(temp.git('branch', '--list', 'elbow/*'), new RegExp(kept.id));
    assert.doesNotMatch(temp.git('branch', '--list', 'elbow/*'), new RegExp(dropped.id));
    assert.deepEqual(await manager.list(), []);
  });

  it('says what is wrong with a folder that is no git repository, or one with no commit', async () => {
    const plain = path.join(temp.base, 'plain');
    await fs.mkdir(plain);
    await assert.rejects(manager.create(plain), (error: unknown) => error instanceof WorktreeError && /is not in a git repository/.test(error.message));
    const empty = await createTempRepository(null);
    try {
      await assert.rejects(manager.create(empty.repo), (error: unknown) => error instanceof WorktreeError && /has no commit yet.*make a first commit/.test(error.message));
    } finally {
      await empty.cleanup();
    }
    assert.deepEqual(await manager.list(), []);
  });

  it('refuses a branch name that is taken, leaving nothing behind', async () => {
    temp.git('branch', 'elbow/taken');
    const named = new WorktreeManager({ folder: temp.worktrees, newId: () => 'taken' });
    await assert.rejects(named.create(temp.repo), (error: unknown) => error instanceof WorktreeError && /elbow\/taken already exists/.test(error.message));
    assert.equal(await exists(path.join(temp.worktrees, 'taken')), false);
    assert.deepEqual(await named.list(), []);
  });

  it('cleans up everything when git cannot make the worktree', async () => {
    // A file where git keeps its worktrees' folders.
    await fs.writeFile(path.join(temp.repo, '.git/worktrees'), 'not a folder');
    await assert.rejects(manager.create(temp.repo), (error: unknown) => error instanceof WorktreeError && /git could not make a worktree/.test(error.message));
    assert.equal(temp.git('branch', '--list', 'elbow/*'), '');
    assert.deepEqual(await fs.readdir(temp.worktrees), []);
  });

  it('says so when the folder for worktrees cannot be made', async () => {
    await fs.mkdir(path.dirname(temp.worktrees), { recursive: true });
    await fs.writeFile(temp.worktrees, 'a file where the folder should be');
    await assert.rejects(manager.create(temp.repo), (error: unknown) => error instanceof WorktreeError && /cannot be made/.test(error.message));
    assert.equal(temp.git('branch', '--list', 'elbow/*'), '');
  });

  it('says git is missing when it cannot be run', async () => {
    const savedPath = process.env.PATH;
    process.env.PATH = path.join(temp.base, 'nothing-here');
    try {
      await assert.rejects(manager.create(temp.repo), (error: unknown) => error instanceof WorktreeError && /install git/.test(error.message));
    } finally {
      process.env.PATH = savedPath;
    }
  });

  it('takes the place of a folder a crash left where the new worktree goes', async () => {
    const named = new WorktreeManager({ folder: temp.worktrees, newId: () => 'again' });
    await fs.mkdir(path.join(temp.worktrees, 'again', 'half'), { recursive: true });
    const worktree = await named.create(temp.repo);
    assert.equal(await exists(path.join(worktree.path, 'half')), false);
    assert.equal(await fs.readFile(path.join(worktree.path, 'src/a.ts'), 'utf8'), 'one\n');
  });

  it('says so when the worktree folder was deleted by hand, and still removes the rest', async () => {
    const worktree = await manager.create(temp.repo);
    await fs.rm(worktree.path, { recursive: true });
    await assert.rejects(manager.changes(worktree), (error: unknown) => error instanceof WorktreeError && /is gone/.test(error.message));
    await manager.remove(worktree, { deleteBranch: true });
    assert.doesNotMatch(temp.git('worktree', 'list'), new RegExp(worktree.id));
    assert.equal(temp.git('branch', '--list', 'elbow/*'), '');
  });

  it('works with spaces in the repository\'s and the worktrees\' paths', async () => {
    const spaced = await createTempRepository({ 'a file.txt': 'x\n' }, { repo: 'my repo', worktrees: 'data folder' });
    try {
      const spacedManager = new WorktreeManager({ folder: spaced.worktrees });
      const worktree = await spacedManager.create(spaced.repo);
      await fs.writeFile(path.join(worktree.path, 'a file.txt'), 'y\n');
      assert.deepEqual(summary(await spacedManager.changes(worktree)), [['a file.txt', 'modified', 'file', 'x\n', 'y\n']]);
      await spacedManager.keepOnBranch(worktree, 'Change');
      assert.equal(spaced.git('show', `${worktree.branch}:a file.txt`), 'y');
    } finally {
      await spaced.cleanup();
    }
  });

  it('refuses to remove what is not one of its worktrees', async () => {
    const stranger: Worktree = { id: 'x', repoRoot: temp.repo, path: temp.repo, gitDir: path.join(temp.repo, '.git'), branch: 'main', baseCommit: '0'.repeat(40), headCommit: '0'.repeat(40), createdAt: '' };
    await assert.rejects(manager.remove(stranger, { deleteBranch: true }), WorktreeError);
    assert.equal(await exists(path.join(temp.repo, 'src/a.ts')), true);
  });
});
