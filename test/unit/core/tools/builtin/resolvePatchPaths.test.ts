import assert from 'node:assert/strict';
import * as fs from 'node:fs/promises';
import type { HostFileSystem } from '../../../../../src/core/host/fileSystem';
import { MAX_PATCH_PATH_DEPTH } from '../../../../../src/core/tools/builtin/resolvePatchPaths';
import { createTempWorkspace, type TempWorkspace } from '../../../../support/tempWorkspace';

function patch(...lines: string[]): { input: string } {
  return { input: ['*** Begin Patch', ...lines, '*** End Patch'].join('\n') };
}

describe('apply_patch resolving its paths', () => {
  let ws: TempWorkspace;

  beforeEach(async () => {
    ws = await createTempWorkspace({ 'a.txt': 'one\ntwo\nthree\n', 'sub/keep.txt': 'k\n' });
  });
  afterEach(() => ws.cleanup());

  /** Counts the host's looks at the disk (stat and realPath) while `run` runs. */
  async function countingLooks(run: () => Promise<unknown>): Promise<number> {
    const files = ws.host.files;
    let looks = 0;
    const counting: HostFileSystem = Object.assign(Object.create(files) as HostFileSystem, {
      stat: (path: string) => (looks++, files.stat(path)),
      realPath: (path: string) => (looks++, files.realPath(path)),
    });
    Object.assign(ws.host, { files: counting });
    try {
      await run();
    } finally {
      Object.assign(ws.host, { files });
    }
    return looks;
  }

  it('refuses two sections that reach one file through different spellings, changing nothing', async () => {
    const result = await ws.callTool('apply_patch', patch('*** Update File: a.txt', '@@', '-one', '+ONE', '*** Update File: sub/../a.txt', '@@', '-three', '+THREE'));
    assert.equal(result.isError, true);
    assert.match(result.text, /^The patch names a\.txt more than once\./);
    assert.equal(await ws.readText('a.txt'), 'one\ntwo\nthree\n');
  });

  it('refuses a section on a link next to one on its target', async function () {
    if (process.platform === 'win32') this.skip();
    await fs.symlink('a.txt', ws.path('link.txt'));
    const result = await ws.callTool('apply_patch', patch('*** Update File: a.txt', '@@', '-one', '+ONE', '*** Update File: link.txt', '@@', '-three', '+THREE'));
    assert.equal(result.isError, true);
    assert.match(result.text, /^The patch names a\.txt \(also as link\.txt\) more than once\./);
    assert.equal(await ws.readText('a.txt'), 'one\ntwo\nthree\n');
  });

  it('still moves a file within one section that names it twice', async () => {
    const result = await ws.callTool('apply_patch', patch('*** Update File: a.txt', '*** Move to: ./a.txt', '@@', '-one', '+ONE'));
    assert.equal(result.isError, false, result.text);
    assert.equal(await ws.readText('a.txt'), 'ONE\ntwo\nthree\n');
  });

  it('looks at the disk a number of times linear in the depth of a new path', async () => {
    const looksAt = async (depth: number): Promise<number> => {
      const path = `${Array.from({ length: depth }, (_, index) => `d${depth}x${index}`).join('/')}/new.txt`;
      let result: { isError: boolean; text: string } | undefined;
      const looks = await countingLooks(async () => {
        result = await ws.callTool('apply_patch', patch(`*** Add File: ${path}`, '+x'));
      });
      assert.equal(result?.isError, false, result?.text);
      assert.equal(await ws.readText(path), 'x\n');
      return looks;
    };
    const shallow = await looksAt(20);
    const deep = await looksAt(80);
    // Four times as deep: about four times the looks when linear, sixteen when quadratic.
    assert.ok(deep < shallow * 5, `${shallow} looks at 20 levels, ${deep} at 80`);
  });

  it('refuses a path deeper than the limit before looking at the disk', async () => {
    const path = `${'a/'.repeat(MAX_PATCH_PATH_DEPTH + 1)}x.txt`;
    let text = '';
    const looks = await countingLooks(async () => {
      text = (await ws.callTool('apply_patch', patch(`*** Add File: ${path}`, '+x'))).text;
    });
    assert.match(text, /is too long \(\d+ characters, 130 levels; at most 4096 characters and 128 levels\)\. No file was changed/);
    assert.equal(looks, 0);
    await assert.rejects(fs.stat(ws.path('a')));
  });

  it('stops resolving at the next path when the call is cancelled, and writes nothing', async () => {
    const controller = new AbortController();
    const files = ws.host.files;
    let looks = 0;
    const looked: string[] = [];
    Object.assign(ws.host, {
      files: Object.assign(Object.create(files) as HostFileSystem, {
        stat: (path: string) => {
          if (++looks === 30) controller.abort();
          looked.push(path);
          return files.stat(path);
        },
      }),
    });
    const path = `${'deep/'.repeat(100)}new.txt`;
    const result = await ws.callTool('apply_patch', patch(`*** Add File: ${path}`, '+x', '*** Add File: other.txt', '+y'), controller.signal);
    Object.assign(ws.host, { files });
    assert.equal(result.isError, true);
    assert.match(result.text, /apply_patch was cancelled by the user/);
    assert.ok(!looked.some((path) => path.endsWith('other.txt')), 'the path after the cancel was not resolved');
    await assert.rejects(fs.stat(ws.path('deep')));
    await assert.rejects(fs.stat(ws.path('other.txt')));
  });
});
