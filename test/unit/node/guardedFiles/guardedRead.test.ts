import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs/promises';
import * as net from 'node:net';
import * as os from 'node:os';
import * as path from 'node:path';
import { readFileGuarded } from '../../../../src/node/guardedFiles/guardedRead';
import { NodeFileSystem } from '../../../../src/node/nodeFileSystem';
import { settlesWithin } from '../../../support/settlesWithin';

/** Through the host file system, as every caller reaches the guarded opener. */
const files = new NodeFileSystem();

/** Inside the workspace folder `ws` of the test's own folder. */
function insideWorkspace(base: string): (real: string) => boolean {
  return (real) => real.startsWith(path.join(base, 'ws') + path.sep);
}

describe('guarded reads', function () {
  if (process.platform !== 'linux') return;
  let base: string;
  let inside: (real: string) => boolean;

  beforeEach(async () => {
    base = await fs.realpath(await fs.mkdtemp(path.join(os.tmpdir(), 'elbow-guarded-')));
    await fs.mkdir(path.join(base, 'ws/src'), { recursive: true });
    await fs.mkdir(path.join(base, 'home/.ssh'), { recursive: true });
    await fs.writeFile(path.join(base, 'ws/src/app.ts'), 'app');
    await fs.writeFile(path.join(base, 'home/.ssh/id_rsa'), 'SECRET-KEY');
    inside = insideWorkspace(base);
  });
  afterEach(() => fs.rm(base, { recursive: true, force: true }));

  const ws = (relative: string): string => path.join(base, 'ws', relative);

  it('reads a workspace file, and one through a link that stays inside', async () => {
    await fs.symlink('src/app.ts', ws('link.ts'));
    assert.equal(Buffer.from(await files.readFile(ws('src/app.ts'), inside)).toString(), 'app');
    assert.equal(Buffer.from(await files.readFile(ws('link.ts'), inside)).toString(), 'app');
  });

  it('refuses a file over the size the caller gives, unread', async () => {
    await fs.writeFile(ws('big.json'), 'x'.repeat(2048));
    assert.equal((await readFileGuarded(ws('big.json'), inside, 2048)).length, 2048);
    await assert.rejects(readFileGuarded(ws('big.json'), inside, 2047), /larger than 2,047 bytes/);
  });

  it('refuses a link out of the workspace, judged on what was opened', async () => {
    await fs.symlink('../home/.ssh/id_rsa', ws('notes.md'));
    await assert.rejects(files.readFile(ws('notes.md'), inside), /leads to .*home\/\.ssh\/id_rsa, which is outside the workspace, hidden by \.elbowignore, or not the file that was checked/);
  });

  it('refuses /proc/self/environ even when the caller allows everything', async () => {
    await fs.symlink('/proc/self/environ', ws('AGENTS.md'));
    await assert.rejects(files.readFile(ws('AGENTS.md')), /a file of the system/);
    await assert.rejects(files.readFile('/proc/self/environ'), /a file of the system/);
  });

  it('refuses a device', async () => {
    await fs.symlink('/dev/zero', ws('zero'));
    await assert.rejects(files.readFile(ws('zero')), /a device, not a regular file/);
  });

  it('refuses a named pipe at once instead of waiting for a writer', async () => {
    execFileSync('mkfifo', [ws('pipe')]);
    const read = files.readFile(ws('pipe'), inside);
    assert.ok(await settlesWithin(read, 5_000), 'the read waited for a writer');
    await assert.rejects(read, /a named pipe, not a regular file/);
  });

  it('refuses a socket', async () => {
    const server = net.createServer().listen(ws('agent.sock'));
    await new Promise((resolve) => server.once('listening', resolve));
    try {
      await assert.rejects(files.readFile(ws('agent.sock'), inside), /a socket/);
    } finally {
      server.close();
    }
  });

  it('refuses a folder', async () => {
    await assert.rejects(files.readFile(ws('src'), inside), /a folder, not a regular file/);
  });

  it('refuses a file whose parent folder was swapped for a link out of the workspace', async () => {
    await fs.rm(ws('src'), { recursive: true });
    await fs.symlink('../home/.ssh', ws('src'));
    await assert.rejects(files.readFile(ws('src/id_rsa'), inside), /outside the workspace/);
  });
});
