import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import * as fs from 'node:fs/promises';
import * as path from 'node:path';
import { WorktreeManager, type Worktree } from '../../../../src/node/worktrees/worktreeManager';
import { createTempRepository, useTestGitEnvironment, type TempRepository } from '../../../support/gitRepository';

const ownerScript = path.resolve(__dirname, '../../../support/worktreeOwner.ts');
const exists = (file: string): Promise<boolean> => fs.lstat(file).then(() => true, () => false);

/** Makes a worktree in another process, then kills that process as a crash would. */
async function worktreeOfCrashedProcess(folder: string, repo: string): Promise<Worktree> {
  const child = spawn(process.execPath, ['--import', 'tsx', ownerScript, folder, repo], { stdio: ['ignore', 'pipe', 'inherit'] });
  const line = await new Promise<string>((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      if (out.includes('\n')) resolve(out.slice(0, out.indexOf('\n')));
    });
    child.on('exit', (code) => reject(new Error(`the process ended (${code}) before making a worktree`)));
  });
  const exited = new Promise((resolve) => child.on('exit', resolve));
  child.kill('SIGKILL');
  await exited;
  return JSON.parse(line) as Worktree;
}

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
