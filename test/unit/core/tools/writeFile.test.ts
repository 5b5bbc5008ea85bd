import assert from 'node:assert/strict';
import * as fs from 'node:fs/promises';
import * as path from 'node:path';
import { createTempWorkspace, type TempWorkspace } from '../../../support/tempWorkspace';

describe('write_file', () => {
  let temp: TempWorkspace;

  beforeEach(async () => {
    temp = await createTempWorkspace({
      'existing.txt': 'old\n',
      'crlf-bom.txt': '\uFEFFa\r\nb\r\n',
      '.elbowignore': '*.key\n',
      'escape.txt': { symlink: '../outside/o.txt' },
      'out-dir': { symlink: '../outside' },
      '../outside/o.txt': 'outside\n',
    });
  });
  afterEach(() => temp.cleanup());

  it('creates a file and its parent folders', async () => {
    const result = await temp.callTool('write_file', { path: 'a/b/c.ts', content: 'one\ntwo\n' });
    assert.equal(result.isError, false, result.text);
    assert.equal(await temp.readText('a/b/c.ts'), 'one\ntwo\n');
    assert.equal(result.summary, 'Created a/b/c.ts');
    assert.equal(result.text, 'Created a/b/c.ts (2 lines).');
  });

  it('overwrites an existing file', async () => {
    const result = await temp.callTool('write_file', { path: 'existing.txt', content: 'new\ncontent\nhere\n' });
    assert.equal(await temp.readText('existing.txt'), 'new\ncontent\nhere\n');
    assert.equal(result.summary, 'Wrote existing.txt (3 lines)');
  });

  it('keeps CRLF line endings and the byte order mark of the file it replaces', async () => {
    await temp.callTool('write_file', { path: 'crlf-bom.txt', content: 'x\ny\n' });
    assert.deepEqual(await temp.readBytes('crlf-bom.txt'), Buffer.from('\uFEFFx\r\ny\r\n'));
  });

  it('refuses to replace a file that is not valid UTF-8: its bytes would be lost, and the file stays as it was', async () => {
    const latin1 = new Uint8Array(Buffer.from(`${'A line of plain text.\n'.repeat(20)}Un café, merci.\n`, 'latin1'));
    await fs.writeFile(path.join(temp.root, 'latin1.txt'), latin1);
    const result = await temp.callTool('write_file', { path: 'latin1.txt', content: 'Un caf\uFFFD, merci.\n' });
    assert.equal(result.isError, true);
    assert.match(result.text, /latin1\.txt is not valid UTF-8 .*so it was not changed/);
    assert.deepEqual(new Uint8Array(await fs.readFile(path.join(temp.root, 'latin1.txt'))), latin1);
  });

  it('refuses a folder, hidden paths, .elbowignore itself and links out of the workspace', async () => {
    const cases: Array<[string, RegExp]> = [
      ['.', /is a folder/],
      ['api.key', /hidden by \.elbowignore/],
      ['.elbowignore', /belongs to the user/],
      ['escape.txt', /outside the workspace/],
      ['out-dir/planted.txt', /outside the workspace/],
      ['../outside/o.txt', /outside the workspace/],
    ];
    for (const [target, message] of cases) {
      const result = await temp.callTool('write_file', { path: target, content: 'pwned\n' });
      assert.equal(result.isError, true, target);
      assert.match(result.text, message, target);
    }
    assert.equal(await fs.readFile(path.join(temp.base, 'outside', 'o.txt'), 'utf8'), 'outside\n');
    await assert.rejects(fs.stat(path.join(temp.base, 'outside', 'planted.txt')));
    await assert.rejects(fs.stat(temp.path('api.key')));
    assert.equal(await temp.readText('.elbowignore'), '*.key\n');
  });
});
