import assert from 'node:assert/strict';
import * as fs from 'node:fs/promises';
import * as os from 'node:os';
import * as path from 'node:path';
import { Workspace } from '../../../../src/core/workspace/workspace';
import { createNodeHost } from '../../../../src/node/createNodeHost';
import { reviewTarget } from '../../../../src/vscode/tasks/reviewTarget';

describe('reviewTarget', () => {
  let folder: string;

  beforeEach(async () => {
    folder = await fs.realpath(await fs.mkdtemp(path.join(os.tmpdir(), 'elbow-review-target-')));
  });

  afterEach(async () => {
    await fs.rm(folder, { recursive: true, force: true });
  });

  async function targetOf(changePath: string) {
    const host = await createNodeHost([folder]);
    const workspace = new Workspace({ ...host, workspaceRoots: [folder] });
    return reviewTarget(workspace, { files: host.files, workspaceRoots: [folder], settings: [] }, folder, changePath);
  }

  it('finds the protected file a change reaches through a link, as the chat tools do', async () => {
    await fs.mkdir(path.join(folder, '.vscode'));
    await fs.writeFile(path.join(folder, '.vscode', 'settings.json'), '{}\n');
    await fs.symlink('.vscode', path.join(folder, 'conf'));
    await fs.mkdir(path.join(folder, 'editor'));
    await fs.symlink('editor', path.join(folder, '.claude'));
    await fs.writeFile(path.join(folder, 'plain.txt'), 'x\n');
    for (const changePath of ['conf/settings.json', 'editor/settings.json', '.vscode/settings.json']) {
      const target = await targetOf(changePath);
      assert.equal(target.kind, 'target', changePath);
      assert.ok(target.kind === 'target' && target.protectedEntry !== undefined, `${changePath} is protected`);
    }
    const plain = await targetOf('plain.txt');
    assert.ok(plain.kind === 'target' && plain.protectedEntry === undefined);
  });

  it('leaves out a name that would land on another file, naming it', async () => {
    await fs.writeFile(path.join(folder, 'README.md'), 'the real readme\n');
    for (const changePath of ['README.md ', 'README.md\n', 'README.md\t', './README.md', 'a/../README.md']) {
      const target = await targetOf(changePath);
      assert.equal(target.kind, 'skip', JSON.stringify(changePath));
      assert.ok(target.kind === 'skip' && target.why.includes(JSON.stringify(changePath)));
    }
    const exact = await targetOf('README.md');
    assert.ok(exact.kind === 'target' && exact.resolved.absolute === path.join(folder, 'README.md'));
  });

  it('finds the file when the workspace folder is a link to the repository', async () => {
    await fs.mkdir(path.join(folder, 'repo'));
    await fs.writeFile(path.join(folder, 'repo', 'README.md'), 'readme\n');
    await fs.symlink('repo', path.join(folder, 'opened'));
    const opened = path.join(folder, 'opened');
    const host = await createNodeHost([opened]);
    const workspace = new Workspace({ ...host, workspaceRoots: [opened] });
    const target = await reviewTarget(workspace, { files: host.files, workspaceRoots: [opened], settings: [] }, path.join(folder, 'repo'), 'README.md');
    assert.ok(target.kind === 'target' && target.resolved.absolute === path.join(opened, 'README.md'));
  });
});
