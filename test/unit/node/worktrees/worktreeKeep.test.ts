import assert from 'node:assert/strict';
import * as fs from 'node:fs/promises';
import * as path from 'node:path';
import { WorktreeManager } from '../../../../src/node/worktrees/worktreeManager';
import { worktreeOfCrashedProcess } from '../../../support/crashedWorktree';
import { createTempRepository, runGitSync, useTestGitEnvironment, type TempRepository } from '../../../support/gitRepository';

const exists = (file: string): Promise<boolean> => fs.lstat(file).then(() => true, () => false);

describe('keeping a worktree task\'s work', function () {
  this.timeout(30_000);
  let restoreGit: () => void;
  let temp: TempRepository;
  before(() => (restoreGit = useTestGitEnvironment()));
  after(() => restoreGit());
  beforeEach(async () => (temp = await createTempRepository({ 'a.txt': 'a\n' })));
  afterEach(() => temp.cleanup());

  it('keeps the files of a task that made repositories inside the worktree, leaving those repositories out', async () => {
    const manager = new WorktreeManager({ folder: temp.worktrees });
    const worktree = await manager.create(temp.repo);
    await fs.mkdir(path.join(worktree.path, 'empty'));
    runGitSync(path.join(worktree.path, 'empty'), ['init', '--quiet']);
    await fs.mkdir(path.join(worktree.path, 'deep', 'committed'), { recursive: true });
    runGitSync(path.join(worktree.path, 'deep', 'committed'), ['init', '--quiet']);
    await fs.writeFile(path.join(worktree.path, 'deep', 'committed', 'inner.txt'), 'inner\n');
    runGitSync(path.join(worktree.path, 'deep', 'committed'), ['add', '--all']);
    runGitSync(path.join(worktree.path, 'deep', 'committed'), ['commit', '--quiet', '-m', 'Inner']);
    await fs.writeFile(path.join(worktree.path, 'deep', 'beside.txt'), 'beside\n');
    await fs.writeFile(path.join(worktree.path, 'important.txt'), 'work\n');
    assert.deepEqual((await manager.changes(worktree)).map((change) => change.path), ['deep/beside.txt', 'important.txt']);
    const kept = await manager.keepOnBranch(worktree, 'Work');
    assert.equal(temp.git('rev-parse', worktree.branch), kept.commit);
    assert.deepEqual(temp.git('ls-tree', '-r', '--name-only', worktree.branch).split('\n'), ['a.txt', 'deep/beside.txt', 'important.txt']);
  });

  it('marks a worktree whose changes could not be committed as left for the user, and no cleanup removes it', async () => {
    const manager = new WorktreeManager({ folder: temp.worktrees });
    const worktree = await manager.create(temp.repo);
    await fs.writeFile(path.join(worktree.path, 'important.txt'), 'work\n');
    temp.git('update-ref', '-d', `refs/heads/${worktree.branch}`);
    await assert.rejects(manager.keepOnBranch(worktree, 'Work'), new RegExp(`left as it is in ${worktree.path}`));
    const entry = JSON.parse(await fs.readFile(path.join(temp.worktrees, `${worktree.id}.worktree.json`), 'utf8')) as { leftForUser?: boolean };
    assert.equal(entry.leftForUser, true);
    assert.equal(await fs.readFile(path.join(worktree.path, 'important.txt'), 'utf8'), 'work\n');
  });

  it('leaves the worktree of a crashed task whose changes cannot be committed where it is, every time cleanup runs', async () => {
    const crashed = await worktreeOfCrashedProcess(temp.worktrees, temp.repo);
    await fs.writeFile(path.join(crashed.path, 'important.txt'), 'work\n');
    temp.git('update-ref', '-d', `refs/heads/${crashed.branch}`);
    const manager = new WorktreeManager({ folder: temp.worktrees });
    const first = await manager.cleanUpStale();
    assert.deepEqual(first.map((worktree) => [worktree.id, worktree.leftForUser]), [[crashed.id, true]]);
    assert.deepEqual(await manager.cleanUpStale(), []);
    assert.equal(await fs.readFile(path.join(crashed.path, 'important.txt'), 'utf8'), 'work\n');
    assert.equal(await exists(path.join(temp.worktrees, `${crashed.id}.worktree.json`)), true);
  });
});
