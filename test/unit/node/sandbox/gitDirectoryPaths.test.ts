import assert from 'node:assert/strict';
import * as fs from 'node:fs/promises';
import * as os from 'node:os';
import * as path from 'node:path';
import { gitDirectoryPaths } from '../../../../src/node/sandbox/gitDirectoryPaths';
import { hiddenWorkspacePaths } from '../../../../src/node/sandbox/hiddenWorkspacePaths';
import { GitignoreRules } from '../../../../src/core/search/gitignoreRules';

describe('paths the sandbox finds in a workspace folder', () => {
  let root: string;
  beforeEach(async () => {
    root = await fs.realpath(await fs.mkdtemp(path.join(os.tmpdir(), 'elbow-gitpaths-')));
  });
  afterEach(() => fs.rm(root, { recursive: true, force: true }));

  it('protects a missing .git as a whole, so that no repository can be made at the root', async () => {
    assert.deepEqual((await gitDirectoryPaths(root)).map((entry) => [entry.path, entry.kind]), [['.git', 'directory']]);
  });

  it('protects the whole git folder, so that no commondir or config.worktree can point git at a configuration of a command\'s making', async () => {
    await fs.mkdir(path.join(root, '.git', 'modules', 'lib'), { recursive: true });
    assert.deepEqual((await gitDirectoryPaths(root)).map((entry) => [entry.path, entry.kind]), [['.git', 'directory']]);
  });

  it('protects a worktree\'s or submodule checkout\'s .git file, whose gitdir line moves the repository', async () => {
    await fs.writeFile(path.join(root, '.git'), 'gitdir: ../elsewhere\n');
    assert.deepEqual((await gitDirectoryPaths(root)).map((entry) => [entry.path, entry.kind]), [['.git', 'file']]);
  });

  it('protects the .git of every submodule .gitmodules lists inside the folder', async () => {
    await fs.mkdir(path.join(root, '.git'));
    await fs.mkdir(path.join(root, 'libs', 'json'), { recursive: true });
    await fs.writeFile(path.join(root, 'libs', 'json', '.git'), 'gitdir: ../../.git/modules/libs/json\n');
    await fs.writeFile(
      path.join(root, '.gitmodules'),
      '[submodule "json"]\n\tpath = libs/json\n\turl = https://example.com/json.git\n[submodule "docs"]\n  path = "docs site"\n[submodule "away"]\n\tpath = ../outside\n[submodule "inner"]\n\tpath = .git/x\n',
    );
    assert.deepEqual((await gitDirectoryPaths(root)).map((entry) => [entry.path, entry.kind]), [
      ['.git', 'directory'],
      ['libs/json/.git', 'file'],
      ['docs site/.git', 'file'],
    ]);
  });

  it('lists what .elbowignore hides, a hidden folder as one entry, without entering .git', async () => {
    for (const file of ['.env', 'src/app.ts', 'src/keys/a.pem', 'secrets/x', 'secrets/y/z', '.git/secrets.pem']) {
      await fs.mkdir(path.dirname(path.join(root, file)), { recursive: true });
      await fs.writeFile(path.join(root, file), '');
    }
    const hidden = await hiddenWorkspacePaths(root, new GitignoreRules({ ignoreCase: true }).add('.env\n*.pem\nsecrets/\n'));
    assert.deepEqual(hidden.directories, [path.join(root, 'secrets')]);
    assert.deepEqual(hidden.files.sort(), [path.join(root, '.env'), path.join(root, 'src', 'keys', 'a.pem')].sort());
    assert.equal(hidden.incomplete, false);
  });
});
