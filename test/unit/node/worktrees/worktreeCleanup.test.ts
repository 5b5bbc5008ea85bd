import assert from 'node:assert/strict';
import * as fs from 'node:fs/promises';
import * as path from 'node:path';
import { WorktreeManager } from '../../../../src/node/worktrees/worktreeManager';
import { worktreeOfCrashedProcess } from '../../../support/crashedWorktree';
import { createTempRepository, useTestGitEnvironment, type TempRepository } from '../../../support/gitRepository';

const exists = (file: string): Promise<boolean> => fs.lstat(file).then(() => true, () => false);

describe('cleaning up worktrees after a crash', () => {
  let restoreGit: () => void;
  let temp: TempRepository;
  before(() => (restoreGit = useTestGitEnvironment()));
  after(() => restoreGit());
  beforeEach(async () => (temp = await createTempRepository({ 'a.txt': 'a\n' })));
  afterEach(() => temp.cleanup());

  it('removes the worktree of a killed process, prunes git\'s record and deletes its empty branch; a running process\'s worktree stays', async function () {
    this.timeout(30_000);
    const crashed = await worktreeOfCrashedProcess(temp.worktrees, temp.repo);
    assert.equal(await exists(crashed.path), true);
    const manager = new WorktreeManager({ folder: temp.worktrees });
    const live = await manager.create(temp.repo);
    const removed = await new WorktreeManager({ folder: temp.worktrees }).cleanUpStale();
    assert.deepEqual(removed.map((worktree) => worktree.id), [crashed.id]);
    assert.equal(await exists(crashed.path), false);
    assert.doesNotMatch(temp.git('worktree', 'list', '--porcelain'), new RegExp(crashed.id));
    assert.equal(temp.git('branch', '--list', crashed.branch), '');
    assert.deepEqual((await manager.list()).map((worktree) => worktree.id), [live.id]);
    assert.equal(await exists(live.path), true);
    assert.match(temp.git('worktree', 'list', '--porcelain'), new RegExp(live.id));
  });

  it('keeps the branch of a crashed task that has commits of its own', async function () {
    this.timeout(30_000);
    const crashed = await worktreeOfCrashedProcess(temp.worktrees, temp.repo);
    await fs.writeFile(path.join(crashed.path, 'b.txt'), 'b\n');
    temp.git('-C', crashed.path, 'add', 'b.txt');
    temp.git('-C', crashed.path, 'commit', '--quiet', '-m', 'Work of the task');
    await new WorktreeManager({ folder: temp.worktrees }).cleanUpStale();
    assert.equal(await exists(crashed.path), false);
    assert.equal(temp.git('log', '-1', '--format=%s', crashed.branch), 'Work of the task');
  });
});
