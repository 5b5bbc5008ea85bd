import assert from 'node:assert/strict';
import * as fs from 'node:fs/promises';
import * as path from 'node:path';
import { ToolError } from '../../../../src/core/toolContract/toolError';
import { Workspace } from '../../../../src/core/workspace/workspace';
import { createTempWorkspace, type TempWorkspace } from '../../../support/tempWorkspace';

/** Asserts a ToolError whose message matches every pattern. */
async function assertRefused(promise: Promise<unknown>, ...patterns: RegExp[]): Promise<void> {
  await assert.rejects(promise, (error: unknown) => {
    assert.ok(error instanceof ToolError, `expected a ToolError, got ${String(error)}`);
    for (const pattern of patterns) assert.match(error.message, pattern);
    return true;
  });
}

describe('Workspace', () => {
  let temp: TempWorkspace;

  beforeEach(async () => {
    temp = await createTempWorkspace({
      'src/a.ts': 'a\n',
      '.elbowignore': 'secrets/\n*.pem\n',
      'secrets/key.txt': 'k\n',
      'cert.pem': 'c\n',
      'src/inside-link.ts': { symlink: 'a.ts' },
      'out-link.txt': { symlink: '../outside/o.txt' },
      'out-dir': { symlink: '../outside' },
      'dangling': { symlink: 'nowhere/at/all' },
      'docs/secret-link': { symlink: '../secrets/key.txt' },
      '.git/config': '[core]\n',
      '../outside/o.txt': 'outside\n',
    });
  });
  afterEach(() => temp.cleanup());

  describe('resolve', () => {
    it('resolves a relative path against the root', async () => {
      const resolved = await temp.workspace.resolve('./src/../src/a.ts');
      assert.deepEqual(resolved, {
        absolute: temp.path('src/a.ts'),
        root: temp.root,
        relative: 'src/a.ts',
        exists: true,
        kind: 'file',
        real: { root: temp.root, relative: 'src/a.ts' },
      });
    });

    it('resolves the root itself and paths that do not exist yet', async () => {
      assert.equal((await temp.workspace.resolve('.')).relative, '.');
      assert.equal((await temp.workspace.resolve('')).kind, 'directory');
      const fresh = await temp.workspace.resolve('new/dir/file.ts');
      assert.equal(fresh.exists, false);
      assert.equal(fresh.relative, 'new/dir/file.ts');
    });

    it('accepts an absolute path inside the root', async () => {
      assert.equal((await temp.workspace.resolve(temp.path('src/a.ts'))).relative, 'src/a.ts');
    });

    it('accepts an absolute path through the real location of a root that is a symbolic link', async () => {
      const linkedRoot = path.join(temp.base, 'linked-ws');
      await fs.symlink(temp.root, linkedRoot);
      const workspace = new Workspace({ ...temp.host, workspaceRoots: [linkedRoot] });
      const resolved = await workspace.resolve(temp.path('src/a.ts'));
      assert.deepEqual([resolved.root, resolved.absolute, resolved.relative], [linkedRoot, path.join(linkedRoot, 'src', 'a.ts'), 'src/a.ts']);
      assert.equal((await workspace.resolve('src/a.ts')).exists, true);
    });

    it('refuses paths outside the workspace, naming the root and asking for relative paths', async () => {
      await assertRefused(temp.workspace.resolve('../outside/o.txt'), /outside the workspace/, new RegExp(temp.root), /relative/);
      await assertRefused(temp.workspace.resolve(path.join(temp.base, 'outside', 'o.txt')), /outside the workspace/);
      await assertRefused(temp.workspace.resolve('/etc/passwd'), /outside the workspace/);
      await assertRefused(temp.workspace.resolve('~/notes.txt'), /~/);
    });

    it('refuses symbolic links that lead outside, for existing files, folders and new files in them', async () => {
      await assertRefused(temp.workspace.resolve('out-link.txt'), /leads outside the workspace/, /symbolic link/);
      await assertRefused(temp.workspace.resolve('out-dir/o.txt'), /leads outside the workspace/);
      await assertRefused(temp.workspace.resolve('out-dir/new/file.txt'), /leads outside the workspace/);
    });

    it('follows symbolic links that stay inside', async () => {
      assert.equal((await temp.workspace.resolve('src/inside-link.ts')).exists, true);
    });

    it('refuses a dangling symbolic link, which a write would follow', async () => {
      await assertRefused(temp.workspace.resolve('dangling'), /target does not exist/);
      await assertRefused(temp.workspace.resolve('dangling/x.txt'), /target does not exist/);
    });

    it('refuses a missing path when it must exist', async () => {
      await assertRefused(temp.workspace.resolve('src/nope.ts', { mustExist: true }), /No such file or folder: src\/nope\.ts/);
    });
  });

  describe('.elbowignore', () => {
    it('hides matching files and everything in matching folders, whatever the case', async () => {
      await assertRefused(temp.workspace.resolve('cert.pem'), /cert\.pem is hidden by \.elbowignore/);
      await assertRefused(temp.workspace.resolve('secrets'), /hidden by \.elbowignore/);
      await assertRefused(temp.workspace.resolve('secrets/key.txt'), /hidden by \.elbowignore/);
      await assertRefused(temp.workspace.resolve('secrets/new.txt'), /hidden by \.elbowignore/);
      await assertRefused(temp.workspace.resolve('SECRETS/key.txt'), /hidden by \.elbowignore/);
    });

    it('hides a file reached through a symbolic link', async () => {
      await assertRefused(temp.workspace.resolve('docs/secret-link'), /hidden by \.elbowignore/);
    });

    it('keeps its rules until reloaded', async () => {
      await assertRefused(temp.workspace.resolve('cert.pem'), /hidden/);
      await fs.writeFile(temp.path('.elbowignore'), 'src/\n');
      assert.equal((await temp.workspace.resolve('src/a.ts')).exists, true);
      temp.workspace.reloadIgnoreRules();
      await assertRefused(temp.workspace.resolve('src/a.ts'), /hidden by \.elbowignore/);
      assert.equal((await temp.workspace.resolve('cert.pem')).exists, true);
    });
  });

  describe('writing', () => {
    it('refuses writes to .elbowignore and inside .git, which stay readable', async () => {
      assert.equal((await temp.workspace.resolve('.elbowignore')).exists, true);
      assert.equal((await temp.workspace.resolve('.git/config')).exists, true);
      await assertRefused(temp.workspace.resolve('.elbowignore', { forWriting: true }), /belongs to the user/);
      await assertRefused(temp.workspace.resolve('.git/hooks/pre-commit', { forWriting: true }), /inside \.git/);
      assert.equal((await temp.workspace.resolve('src/a.ts', { forWriting: true })).exists, true);
    });
  });

  describe('openedPathCheck', () => {
    it('lets reads open what resolve lets through, and nothing hidden, in .git for writing, or outside', async () => {
      const check = await temp.workspace.openedPathCheck(await temp.workspace.resolve('src/a.ts'));
      assert.equal(check(temp.path('src/a.ts')), true);
      assert.equal(check(temp.path('.git/config')), true);
      assert.equal(check(temp.path('secrets/key.txt')), false);
      assert.equal(check(temp.path('cert.pem')), false);
      assert.equal(check(path.join(temp.base, 'outside/o.txt')), false);
      const forDelete = await temp.workspace.openedPathCheck(await temp.workspace.resolve('src/a.ts'), 'delete');
      assert.equal(forDelete(temp.path('.git/config')), false);
      assert.equal(forDelete(temp.path('.elbowignore')), false);
    });

    it('holds a write to the real path resolve checked, a link\'s target included', async () => {
      const write = await temp.workspace.openedPathCheck(await temp.workspace.resolve('src/inside-link.ts', { forWriting: true }), 'write');
      assert.equal(write(temp.path('src/a.ts')), true);
      assert.equal(write(temp.path('src/inside-link.ts')), false);
      assert.equal(write(temp.path('docs/other.ts')), false);
    });

    it('holds a delete to the place resolve checked: the file itself, or for a link the link, never a file elsewhere', async () => {
      const forDelete = await temp.workspace.openedPathCheck(await temp.workspace.resolve('src/a.ts', { forWriting: true }), 'delete');
      assert.equal(forDelete(temp.path('src/a.ts')), true);
      assert.equal(forDelete(temp.path('docs/a.ts')), false);
      const linkDelete = await temp.workspace.openedPathCheck(await temp.workspace.resolve('src/inside-link.ts', { forWriting: true }), 'delete');
      assert.equal(linkDelete(temp.path('src/inside-link.ts')), true);
      assert.equal(linkDelete(temp.path('src/a.ts')), false);
    });

    it('refuses to resolve for writing a new file whose parent is a file', async () => {
      await assert.rejects(temp.workspace.resolve('src/a.ts/new.ts', { forWriting: true }), /src\/a\.ts\/new\.ts cannot be created: src\/a\.ts is a file, not a folder/);
    });
  });

  describe('displayPath', () => {
    it('shows paths relative to the root, and others as they are', () => {
      assert.equal(temp.workspace.displayPath(temp.path('src/a.ts')), 'src/a.ts');
      assert.equal(temp.workspace.displayPath(temp.root), '.');
      assert.equal(temp.workspace.displayPath('/elsewhere/x'), '/elsewhere/x');
    });
  });

  describe('with several roots', () => {
    let multi: TempWorkspace;
    beforeEach(async () => {
      multi = await createTempWorkspace({ 'a.txt': 'app\n', '../lib/b.txt': 'lib\n', '../lib/.elbowignore': 'b.txt\n' }, { roots: ['app', 'lib'] });
    });
    afterEach(() => multi.cleanup());

    it('resolves a path starting with a root\'s name in that root, others in the first', async () => {
      const inLib = await multi.workspace.resolve('lib/c.txt');
      assert.equal(inLib.root, path.join(multi.base, 'lib'));
      assert.equal(inLib.relative, 'c.txt');
      assert.equal((await multi.workspace.resolve('a.txt')).root, multi.root);
    });

    it('applies each root\'s own .elbowignore and names roots in display paths', async () => {
      await assertRefused(multi.workspace.resolve('lib/b.txt'), /lib\/b\.txt is hidden by \.elbowignore/);
      assert.equal(multi.workspace.displayPath(path.join(multi.base, 'lib', 'x', 'y.txt')), 'lib/x/y.txt');
      assert.equal(multi.workspace.displayPath(multi.path('a.txt')), 'app/a.txt');
    });

    it('names every root when refusing a path', async () => {
      await assertRefused(multi.workspace.resolve('../../x'), /workspace folders/, /"app\/…"/, /"lib\/…"/);
    });
  });
});
