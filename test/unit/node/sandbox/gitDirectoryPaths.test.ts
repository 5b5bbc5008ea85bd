import assert from 'node:assert/strict';
import * as fs from 'node:fs/promises';
import * as os from 'node:os';
import * as path from 'node:path';
import { gitDirectoryPaths } from '../../../../src/node/sandbox/gitDirectoryPaths';
import { hiddenWorkspacePaths } from '../../../../src/node/sandbox/hiddenWorkspacePaths';
import ignore from 'ignore';

describe('paths the sandbox finds in a workspace folder', () => {
  let root: string;
  beforeEach(async () => {
    root = await fs.realpath(await fs.mkdtemp(path.join(os.tmpdir(), 'elbow-gitpaths-')));
  });
  afterEach(() => fs.rm(root, { recursive: true, force: true }));

  it('protects a missing .git as a whole, so that no repository can be made at the root', async () => {
    assert.deepEqual((await gitDirectoryPaths(root)).map((entry) => [entry.path, entry.kind]), [['.git', 'directory']]);
    await fs.writeFile(path.join(root, '.git'), 'gitdir: ../elsewhere\n');
    assert.deepEqual(await gitDirectoryPaths(root), [], 'a worktree or submodule checkout keeps its git folder elsewhere');
  });

  it('protects the configuration and hooks of every submodule, however its name nests', async () => {
    for (const module of ['modules/lib', 'modules/libs/json', 'modules/lib/modules/inner']) {
      await fs.mkdir(path.join(root, '.git', module), { recursive: true });
      await fs.writeFile(path.join(root, '.git', module, 'HEAD'), 'ref: refs/heads/main\n');
    }
    const paths = (await gitDirectoryPaths(root)).map((entry) => entry.path).sort();
    assert.deepEqual(paths, [
      '.git/modules/lib/config',
      '.git/modules/lib/hooks',
      '.git/modules/lib/modules/inner/config',
      '.git/modules/lib/modules/inner/hooks',
      '.git/modules/libs/json/config',
      '.git/modules/libs/json/hooks',
    ]);
  });

  it('lists what .elbowignore hides, a hidden folder as one entry, without entering .git', async () => {
    for (const file of ['.env', 'src/app.ts', 'src/keys/a.pem', 'secrets/x', 'secrets/y/z', '.git/secrets.pem']) {
      await fs.mkdir(path.dirname(path.join(root, file)), { recursive: true });
      await fs.writeFile(path.join(root, file), '');
    }
    const hidden = await hiddenWorkspacePaths(root, ignore({ ignorecase: true }).add('.env\n*.pem\nsecrets/\n'));
    assert.deepEqual(hidden.directories, [path.join(root, 'secrets')]);
    assert.deepEqual(hidden.files.sort(), [path.join(root, '.env'), path.join(root, 'src', 'keys', 'a.pem')].sort());
    assert.equal(hidden.incomplete, false);
  });
});
