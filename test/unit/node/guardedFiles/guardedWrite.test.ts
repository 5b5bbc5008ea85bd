import assert from 'node:assert/strict';
import * as fs from 'node:fs/promises';
import * as os from 'node:os';
import * as path from 'node:path';
import { checkWriteTarget } from '../../../../src/node/guardedFiles/guardedWrite';
import { NodeFileSystem } from '../../../../src/node/nodeFileSystem';

/** Through the host file system, as every caller reaches the guarded opener. */
const files = new NodeFileSystem();

const bytes = (text: string): Uint8Array => new TextEncoder().encode(text);

describe('guarded writes', function () {
  if (process.platform !== 'linux') return;
  let base: string;
  let inside: (real: string) => boolean;

  beforeEach(async () => {
    base = await fs.realpath(await fs.mkdtemp(path.join(os.tmpdir(), 'elbow-guarded-')));
    await fs.mkdir(path.join(base, 'ws/src'), { recursive: true });
    await fs.mkdir(path.join(base, 'home'), { recursive: true });
    await fs.writeFile(path.join(base, 'ws/src/app.ts'), 'app');
    await fs.writeFile(path.join(base, 'home/.bashrc'), 'BASHRC');
    inside = (real) => real.startsWith(path.join(base, 'ws') + path.sep);
  });
  afterEach(() => fs.rm(base, { recursive: true, force: true }));

  const ws = (relative: string): string => path.join(base, 'ws', relative);
  const bashrc = (): Promise<string> => fs.readFile(path.join(base, 'home/.bashrc'), 'utf8');

  it('replaces a file, keeping its permissions, and leaves no temporary file', async () => {
    await fs.chmod(ws('src/app.ts'), 0o750);
    await files.writeFile(ws('src/app.ts'), bytes('new'), inside);
    assert.equal(await fs.readFile(ws('src/app.ts'), 'utf8'), 'new');
    assert.equal((await fs.stat(ws('src/app.ts'))).mode & 0o777, 0o750);
    assert.deepEqual(await fs.readdir(ws('src')), ['app.ts']);
  });

  it('creates a new file and its missing folders', async () => {
    await files.writeFile(ws('a/b/c.txt'), bytes('c'), inside);
    assert.equal(await fs.readFile(ws('a/b/c.txt'), 'utf8'), 'c');
  });

  it('removes a folder only when empty, never a link, and only where allowed', async () => {
    await fs.mkdir(ws('empty'));
    await fs.symlink('src', ws('linked'));
    assert.equal(await files.removeEmptyFolder(ws('src'), inside), false);
    assert.equal(await files.removeEmptyFolder(ws('linked'), inside), false);
    await assert.rejects(files.removeEmptyFolder(ws('empty'), () => false));
    assert.equal(await files.removeEmptyFolder(ws('empty'), inside), true);
    assert.deepEqual((await fs.readdir(ws(''))).sort(), ['linked', 'src']);
  });

  it('gives a new file the mode asked for, and an existing file keeps its own', async () => {
    await files.writeFile(ws('run.sh'), bytes('run'), inside, 0o755);
    assert.equal((await fs.stat(ws('run.sh'))).mode & 0o777, 0o755);
    await fs.chmod(ws('src/app.ts'), 0o640);
    await files.writeFile(ws('src/app.ts'), bytes('new'), inside, 0o755);
    assert.equal((await fs.stat(ws('src/app.ts'))).mode & 0o777, 0o640);
  });

  it('writes a link that stays inside at its target, keeping the link', async () => {
    await fs.symlink('src/app.ts', ws('link.ts'));
    await files.writeFile(ws('link.ts'), bytes('through'), inside);
    assert.equal(await fs.readFile(ws('src/app.ts'), 'utf8'), 'through');
    assert.ok((await fs.lstat(ws('link.ts'))).isSymbolicLink());
  });

  it('never writes through a link out of the workspace', async () => {
    await fs.symlink('../../home/.bashrc', ws('src/rc'));
    await assert.rejects(files.writeFile(ws('src/rc'), bytes('PWNED'), inside), /home\/\.bashrc, which is outside the workspace, hidden by \.elbowignore, or not the file that was checked/);
    assert.equal(await bashrc(), 'BASHRC');
  });

  it('never creates a file through a parent folder swapped for a link', async () => {
    await fs.rm(ws('src'), { recursive: true });
    await fs.symlink('../home', ws('src'));
    await assert.rejects(files.writeFile(ws('src/new.txt'), bytes('x'), inside), /not the file that was checked/);
    await assert.rejects(files.writeFile(ws('src/.bashrc'), bytes('PWNED'), inside));
    assert.deepEqual((await fs.readdir(path.join(base, 'home'))).sort(), ['.bashrc']);
    assert.equal(await bashrc(), 'BASHRC');
  });

  it('holds a write to the checked file: a link to another workspace file is refused', async () => {
    await fs.writeFile(ws('AGENTS.md'), 'rules');
    const checked = ws('src/app.ts');
    await fs.rm(checked);
    await fs.symlink('../AGENTS.md', checked);
    await assert.rejects(files.writeFile(checked, bytes('x'), (real) => real === checked), /not the file that was checked/);
    assert.equal(await fs.readFile(ws('AGENTS.md'), 'utf8'), 'rules');
  });

  it('refuses /proc and devices whatever the caller allows', async () => {
    await assert.rejects(files.writeFile('/proc/self/comm', bytes('x')), /a file of the system/);
    await fs.symlink('/dev/null', ws('null'));
    await assert.rejects(files.writeFile(ws('null'), bytes('x')), /a file of the system/);
  });

  it('deletes a link itself, never its target, and not through a swapped parent', async () => {
    await fs.symlink('../../home/.bashrc', ws('src/rc'));
    await files.deleteFile(ws('src/rc'), inside);
    assert.equal(await fs.lstat(ws('src/rc')).catch(() => undefined), undefined);
    assert.equal(await bashrc(), 'BASHRC');
    await fs.rm(ws('src'), { recursive: true });
    await fs.symlink('../home', ws('src'));
    await assert.rejects(files.deleteFile(ws('src/.bashrc'), inside), /not the file that was checked/);
    assert.equal(await bashrc(), 'BASHRC');
  });

  it('checks the target of a write another API makes (VS Code\'s save): a link out is refused, a file or a free name passes', async () => {
    // What passed is what is returned, to be recorded as where the change landed: never a second lookup a swap could win.
    assert.equal(await checkWriteTarget(ws('src/app.ts'), inside), ws('src/app.ts'));
    assert.equal(await checkWriteTarget(ws('src/new/file.ts'), inside), ws('src/new/file.ts'));
    await fs.symlink('app.ts', ws('src/alias.ts'));
    assert.equal(await checkWriteTarget(ws('src/alias.ts'), inside), ws('src/app.ts'));
    await fs.symlink('../../home/.bashrc', ws('src/rc'));
    await assert.rejects(checkWriteTarget(ws('src/rc'), inside), /home\/\.bashrc, which is outside the workspace/);
    assert.equal(await checkWriteTarget(ws('src/rc'), inside, true), ws('src/rc'));
    await fs.rm(ws('src'), { recursive: true });
    await fs.symlink('../home', ws('src'));
    await assert.rejects(checkWriteTarget(ws('src/.bashrc'), inside, true), /outside the workspace/);
  });

  it('deleting what is not there is no error, and makes nothing', async () => {
    const before = await fs.readdir(ws(''), { recursive: true });
    await files.deleteFile(ws('src/missing.txt'), inside);
    await files.deleteFile(ws('gone/missing.txt'), inside);
    assert.deepEqual(await fs.readdir(ws(''), { recursive: true }), before);
    assert.ok(before.includes('src'), before.join(', '));
  });
});
