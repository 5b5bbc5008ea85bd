import assert from 'node:assert/strict';
import { protectedPathsOfFolder } from '../../../../src/core/sandbox/workspaceProtectedPaths';
import { NodeFileSystem } from '../../../../src/node/nodeFileSystem';
import { WorktreeManager } from '../../../../src/node/worktrees/worktreeManager';
import { createTempRepository, useTestGitEnvironment, type TempRepository } from '../../../support/gitRepository';

describe('protected paths of a worktree task\'s folder', function () {
  this.timeout(30_000);
  let restoreGit: () => void;
  let temp: TempRepository;
  before(() => (restoreGit = useTestGitEnvironment()));
  after(() => restoreGit());
  beforeEach(async () => (temp = await createTempRepository({ 'a.txt': 'a\n' })));
  afterEach(() => temp.cleanup());

  const hooksEntry = async (root: string): Promise<string | undefined> =>
    (await protectedPathsOfFolder(root, new NodeFileSystem(), [])).find((entry) => entry.why.includes('core.hooksPath'))?.path;

  it('protect the hooks folder the shared repository\'s configuration names, as in the main checkout', async () => {
    temp.git('config', 'core.hooksPath', 'tools/hooks');
    const worktree = await new WorktreeManager({ folder: temp.worktrees }).create(temp.repo);
    assert.equal(await hooksEntry(temp.repo), 'tools/hooks');
    assert.equal(await hooksEntry(worktree.path), 'tools/hooks');
  });

  it('protect the hooks folder the worktree\'s own config.worktree names', async () => {
    const worktree = await new WorktreeManager({ folder: temp.worktrees }).create(temp.repo);
    temp.git('config', 'extensions.worktreeConfig', 'true');
    temp.git('-C', worktree.path, 'config', '--worktree', 'core.hooksPath', 'ci/git-hooks');
    assert.equal(await hooksEntry(worktree.path), 'ci/git-hooks');
  });
});
