import assert from 'node:assert/strict';
import * as fs from 'node:fs/promises';
import * as os from 'node:os';
import * as path from 'node:path';
import { folderInWorktree, hiddenBesideWorktree, worktreeReadablePaths, worktreeSandboxRoots } from '../../../../src/node/worktrees/worktreeHost';
import type { Worktree } from '../../../../src/node/worktrees/worktree';

const worktree = (base: string): Worktree => ({
  id: 'task-0123abcd',
  repoRoot: path.join(base, 'repo'),
  path: path.join(base, 'data', 'worktrees', 'task-0123abcd'),
  gitDir: path.join(base, 'repo', '.git', 'worktrees', 'task-0123abcd'),
  branch: 'elbow/task-0123abcd',
  baseCommit: 'a'.repeat(40),
  headCommit: 'a'.repeat(40),
  createdAt: '2026-01-01T00:00:00.000Z',
});

describe('a worktree task\'s host and sandbox', () => {
  let base: string;
  beforeEach(async () => (base = await fs.realpath(await fs.mkdtemp(path.join(os.tmpdir(), 'elbow-worktree-host-')))));
  afterEach(() => fs.rm(base, { recursive: true, force: true }));

  it('writes the worktree folder alone and reads the main repository\'s git folder', () => {
    assert.deepEqual(worktreeSandboxRoots(worktree(base)), [path.join(base, 'data', 'worktrees', 'task-0123abcd')]);
    assert.deepEqual(worktreeReadablePaths(worktree(base)), [path.join(base, 'repo', '.git')]);
  });

  it('finds a folder of the repository in the worktree', () => {
    const task = worktree(base);
    assert.equal(folderInWorktree(task, task.repoRoot), task.path);
    assert.equal(folderInWorktree(task, path.join(task.repoRoot, 'packages', 'app')), path.join(task.path, 'packages', 'app'));
    assert.equal(folderInWorktree(task, path.join(base, 'elsewhere')), undefined);
  });

  it('hides everything of the data folder but the way down to the worktree', async () => {
    const task = worktree(base);
    for (const folder of ['data/transcripts', 'data/worktrees/other-99999999', 'data/worktrees/task-0123abcd']) await fs.mkdir(path.join(base, folder), { recursive: true });
    for (const file of ['data/trusted.json', 'data/worktrees/task-0123abcd.worktree.json']) await fs.writeFile(path.join(base, file), '{}');
    assert.deepEqual(hiddenBesideWorktree(path.join(base, 'data'), task).sort(), [
      path.join(base, 'data', 'transcripts'),
      path.join(base, 'data', 'trusted.json'),
      path.join(base, 'data', 'worktrees', 'other-99999999'),
      path.join(base, 'data', 'worktrees', 'task-0123abcd.worktree.json'),
    ]);
    assert.deepEqual(hiddenBesideWorktree(path.join(base, 'other-data'), task), [path.join(base, 'other-data')]);
  });
});
