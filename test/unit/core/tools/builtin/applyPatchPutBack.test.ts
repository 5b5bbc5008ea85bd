import assert from 'node:assert/strict';
import * as fs from 'node:fs/promises';
import { DirectFileChanges } from '../../../../../src/core/host/directFileChanges';
import type { ChangeOutcome, FileChanges, ProposedChange } from '../../../../../src/core/host/fileChanges';
import type { HostFileSystem, OpenedPathCheck } from '../../../../../src/core/host/fileSystem';
import { createTempWorkspace, type TempWorkspace } from '../../../../support/tempWorkspace';

function patch(...lines: string[]): { input: string } {
  return { input: ['*** Begin Patch', ...lines, '*** End Patch'].join('\n') };
}

describe('apply_patch puts files back exactly: modes and folders', function () {
  if (process.platform === 'win32') return;
  let ws: TempWorkspace;

  beforeEach(async () => {
    ws = await createTempWorkspace({ 'build.sh': 'echo build\n', 'run.sh': 'echo run\n', 'plain.txt': 'plain\n' });
    await fs.chmod(ws.path('build.sh'), 0o755);
    await fs.chmod(ws.path('run.sh'), 0o750);
  });
  afterEach(() => ws.cleanup());

  async function mode(relative: string): Promise<number> {
    return (await fs.stat(ws.path(relative))).mode & 0o777;
  }

  it('gives a moved file the mode it had', async () => {
    const result = await ws.callTool('apply_patch', patch('*** Update File: build.sh', '*** Move to: scripts/build.sh'));
    assert.equal(result.isError, false, result.text);
    assert.equal(await mode('scripts/build.sh'), 0o755);
  });

  it('puts a deleted file back with its mode when a later file is rejected', async () => {
    const direct = new DirectFileChanges(ws.host.files);
    const changes: FileChanges = {
      apply: async (change: ProposedChange): Promise<ChangeOutcome> => (change.path.endsWith('plain.txt') ? { status: 'rejected' } : direct.apply(change)),
    };
    Object.assign(ws.host, { changes });
    const result = await ws.callTool('apply_patch', patch('*** Delete File: run.sh', '*** Update File: plain.txt', '@@', '-plain', '+changed'));
    assert.equal(result.isError, true);
    assert.match(result.text, /run\.sh, already changed, was put back as it was/);
    assert.equal(await ws.readText('run.sh'), 'echo run\n');
    assert.equal(await mode('run.sh'), 0o750);
  });

  it('says how a file put back differs when the host could not set its mode, instead of "as it was"', async () => {
    const direct = new DirectFileChanges(ws.host.files);
    const note = 'Note: run.sh was created without its execute permission (mode 750), which VS Code cannot set; run chmod on it if it must keep them.';
    const changes: FileChanges = {
      apply: async (change: ProposedChange): Promise<ChangeOutcome> => {
        if (change.path.endsWith('plain.txt')) return { status: 'rejected' };
        const outcome = await direct.apply({ ...change, mode: 0o644 });
        return change.putBack === true && change.mode === 0o750 ? { status: 'applied', note } : outcome;
      },
    };
    Object.assign(ws.host, { changes });
    const result = await ws.callTool('apply_patch', patch('*** Delete File: run.sh', '*** Update File: plain.txt', '@@', '-plain', '+changed'));
    assert.match(result.text, /run\.sh, already changed, was put back\. Note: run\.sh was created without its execute permission/);
  });

  function rejectPlain(): void {
    const direct = new DirectFileChanges(ws.host.files);
    const changes: FileChanges = { apply: async (change: ProposedChange): Promise<ChangeOutcome> => (change.path.endsWith('plain.txt') ? { status: 'rejected' } : direct.apply(change)) };
    Object.assign(ws.host, { changes });
  }

  it('removes the folders it made for a created file when putting it back, and keeps one that is no longer empty', async () => {
    rejectPlain();
    const result = await ws.callTool('apply_patch', patch('*** Add File: made/deep/new.txt', '+n', '*** Add File: kept/new.txt', '+n', '*** Update File: plain.txt', '@@', '-plain', '+changed'));
    assert.equal(result.isError, true);
    await assert.rejects(fs.stat(ws.path('made')));
    await assert.rejects(fs.stat(ws.path('kept')));
    assert.deepEqual((await fs.readdir(ws.root)).sort(), ['build.sh', 'plain.txt', 'run.sh']);
  });

  it('leaves a made folder that holds something else by then', async () => {
    const direct = new DirectFileChanges(ws.host.files);
    const changes: FileChanges = {
      apply: async (change: ProposedChange): Promise<ChangeOutcome> => {
        if (!change.path.endsWith('plain.txt')) return direct.apply(change);
        await fs.writeFile(ws.path('made/user.txt'), 'mine\n');
        return { status: 'rejected' };
      },
    };
    Object.assign(ws.host, { changes });
    await ws.callTool('apply_patch', patch('*** Add File: made/new.txt', '+n', '*** Update File: plain.txt', '@@', '-plain', '+changed'));
    assert.deepEqual(await fs.readdir(ws.path('made')), ['user.txt']);
  });

  describe('setuid, setgid and sticky bits', () => {
    beforeEach(async () => {
      await fs.chmod(ws.path('build.sh'), 0o4755);
      await fs.chmod(ws.path('run.sh'), 0o2750);
    });

    async function fullMode(relative: string): Promise<number> {
      return (await fs.stat(ws.path(relative))).mode & 0o7777;
    }

    it('keeps them on files put back, which are then as they were', async () => {
      rejectPlain();
      const result = await ws.callTool('apply_patch', patch('*** Delete File: build.sh', '*** Delete File: run.sh', '*** Update File: plain.txt', '@@', '-plain', '+changed'));
      assert.match(result.text, /build\.sh and run\.sh, already changed, were put back as they were\./);
      assert.equal(await fullMode('build.sh'), 0o4755);
      assert.equal(await fullMode('run.sh'), 0o2750);
    });

    it('keeps them on a moved file', async () => {
      const result = await ws.callTool('apply_patch', patch('*** Update File: build.sh', '*** Move to: bin/build.sh'));
      assert.equal(result.isError, false, result.text);
      assert.equal(await fullMode('bin/build.sh'), 0o4755);
    });

    it('says so, never "as it was", when the system does not set them', async () => {
      const files = ws.host.files;
      const dropping = Object.assign(Object.create(files) as HostFileSystem, {
        writeFile: (path: string, data: Uint8Array, allowed?: OpenedPathCheck, mode?: number) => files.writeFile(path, data, allowed, mode === undefined ? undefined : mode & 0o777),
      });
      const direct = new DirectFileChanges(dropping);
      Object.assign(ws.host, { changes: { apply: async (change: ProposedChange): Promise<ChangeOutcome> => (change.path.endsWith('plain.txt') ? { status: 'rejected' } : direct.apply(change)) } });
      const result = await ws.callTool('apply_patch', patch('*** Delete File: build.sh', '*** Update File: plain.txt', '@@', '-plain', '+changed'));
      assert.match(result.text, /build\.sh, already changed, was put back\. Note: build\.sh was created with mode 755, not 4755/);
      assert.equal(await fullMode('build.sh'), 0o755);
    });
  });

  it('puts back what landed when the call is cancelled before the next file, and says so', async () => {
    const controller = new AbortController();
    const direct = new DirectFileChanges(ws.host.files);
    const changes: FileChanges = {
      apply: async (change: ProposedChange): Promise<ChangeOutcome> => {
        const outcome = await direct.apply(change);
        if (change.path.endsWith('plain.txt')) controller.abort();
        return outcome;
      },
    };
    Object.assign(ws.host, { changes });
    const result = await ws.callTool('apply_patch', patch('*** Update File: plain.txt', '@@', '-plain', '+changed', '*** Delete File: run.sh'), controller.signal);
    assert.equal(result.isError, true);
    assert.equal(result.text, 'apply_patch was cancelled by the user, so the patch was not applied. plain.txt, already changed, was put back as it was.');
    assert.equal(await ws.readText('plain.txt'), 'plain\n');
    assert.equal(await ws.readText('run.sh'), 'echo run\n');
  });
});
