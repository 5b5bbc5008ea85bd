import assert from 'node:assert/strict';
import * as fs from 'node:fs/promises';
import * as os from 'node:os';
import * as path from 'node:path';
import { ProtectedPathsGuard, type GuardedPath } from '../../../../src/node/sandbox/protectedPathsGuard';

describe('ProtectedPathsGuard', () => {
  let base: string;
  let root: string;
  const guarded = (relative: string, kind: 'file' | 'directory'): GuardedPath => ({ path: relative, kind, why: 'test', root, absolute: path.join(root, relative) });

  beforeEach(async () => {
    base = await fs.realpath(await fs.mkdtemp(path.join(os.tmpdir(), 'elbow-guard-')));
    root = path.join(base, 'ws');
    await fs.mkdir(path.join(root, '.git', 'hooks'), { recursive: true });
    await fs.writeFile(path.join(root, '.git', 'config'), '[core]\n');
  });
  afterEach(() => fs.rm(base, { recursive: true, force: true }));

  it('mounts a protected folder once, covering what is protected inside it, whether it exists or gets a placeholder', async () => {
    const guard = new ProtectedPathsGuard(path.join(base, 'quarantine'));
    const protection = await guard.protect([
      guarded('.git/config', 'file'),
      guarded('.git/hooks', 'directory'),
      guarded('.git', 'directory'),
      guarded('.vscode', 'directory'),
      guarded('.vscode/settings.json', 'file'),
      guarded('AGENTS.md', 'file'),
    ]);
    assert.deepEqual(protection.readOnlyPaths, [path.join(root, '.git'), path.join(root, '.vscode')]);
    assert.deepEqual(protection.identity.split('\n').map((line) => line.split(' ')[0]), protection.readOnlyPaths);
    await fs.writeFile(path.join(root, 'AGENTS.md'), 'made by a command\n');
    assert.equal((await protection.release()).length, 1, 'the missing AGENTS.md is still watched');
    await assert.rejects(fs.stat(path.join(root, '.vscode')), 'the placeholder is gone');
  });

  it('makes a held placeholder again when something outside the sandbox removed it, so every read-only path exists to be mounted', async () => {
    const guard = new ProtectedPathsGuard(path.join(base, 'quarantine'));
    const terminal = await guard.protect([guarded('.vscode', 'directory')]);
    // The user (or a tool outside the sandbox) deletes the folder while a long-lived terminal holds it.
    await fs.rm(path.join(root, '.vscode'), { recursive: true });
    const command = await guard.protect([guarded('.vscode', 'directory')]);
    assert.deepEqual(command.readOnlyPaths, [path.join(root, '.vscode')]);
    assert.ok((await fs.stat(path.join(root, '.vscode'))).isDirectory(), 'bwrap cannot mount a path that does not exist');
    await command.release();
    await terminal.release();
    await assert.rejects(fs.stat(path.join(root, '.vscode')), 'the placeholder is gone once no sandbox holds it');
  });
});
