import assert from 'node:assert/strict';
import * as path from 'node:path';
import { homePrivateTest } from '../../../../src/core/workspace/homePrivatePaths';

describe('the home folder\'s private paths', () => {
  const home = path.join(path.sep, 'home', 'someone');
  const data = path.join(home, '.local', 'share', 'elbow');
  const worktree = path.join(data, 'worktrees', 'fix-a1b2c3d4');

  it('open a task\'s worktree in Elbow\'s data folder when it is a workspace folder, and nothing else of the data folder or the home', () => {
    const isPrivate = homePrivateTest(home, () => [worktree]);
    assert.equal(isPrivate(path.join(worktree, 'src', 'a.ts')), false);
    assert.equal(isPrivate(worktree), false);
    assert.equal(isPrivate(path.join(data, 'transcripts', 'secret.jsonl')), true);
    assert.equal(isPrivate(path.join(data, 'worktrees', 'other-task', 'a.ts')), true);
    assert.equal(isPrivate(path.join(data, 'worktrees', 'fix-a1b2c3d4.worktree.json')), true);
    assert.equal(isPrivate(path.join(home, '.ssh', 'id_ed25519')), true);
  });

  it('leave a task\'s worktree in VS Code\'s storage of the extension alone, where nothing is private', () => {
    for (const storage of [path.join(home, '.config', 'Code', 'User', 'globalStorage', 'elbow.elbow'), path.join(home, '.vscode-server', 'data', 'User', 'globalStorage', 'elbow.elbow')]) {
      const inStorage = path.join(storage, 'worktrees', 'fix-a1b2c3d4');
      assert.equal(homePrivateTest(home, () => [inStorage])(path.join(inStorage, 'a.ts')), false);
    }
  });

  it('stay private when a workspace folder is the data folder itself or another private folder', () => {
    assert.equal(homePrivateTest(home, () => [data])(path.join(data, 'transcripts', 'secret.jsonl')), true);
    assert.equal(homePrivateTest(home, () => [path.join(home, '.ssh')])(path.join(home, '.ssh', 'id_ed25519')), true);
    assert.equal(homePrivateTest(home, () => [path.join(data, 'worktrees')])(path.join(data, 'worktrees', 'x', 'a.ts')), true);
  });
});
