import assert from 'node:assert/strict';
import * as fs from 'node:fs/promises';
import * as os from 'node:os';
import * as path from 'node:path';
import { BuiltinSearcher } from '../../../src/core/search/builtinSearcher';
import { createWorkspaceSearcher } from '../../../src/node/createWorkspaceSearcher';
import { findRipgrep } from '../../../src/node/findExecutable';
import { NodeFileSystem } from '../../../src/node/nodeFileSystem';
import { parseRipgrepMatch } from '../../../src/node/ripgrepJson';
import { RipgrepSearcher } from '../../../src/node/ripgrepSearcher';
import { describeSearcherBehaviour } from '../../support/searcherBehaviour';

describe('RipgrepSearcher', function () {
  before(async function () {
    if (await findRipgrep()) return;
    // CI installs ripgrep; locally, say why these tests did not run.
    if (process.env.CI) throw new Error('ripgrep (rg) is not installed');
    console.warn('    ripgrep (rg) not found on PATH: skipping its tests (apt-get install -y ripgrep)');
    this.skip();
  });

  describeSearcherBehaviour('ripgrep');

  describe('findRipgrep', () => {
    let folder: string;
    before(async () => {
      folder = await fs.mkdtemp(path.join(os.tmpdir(), 'elbow-rg-'));
      await fs.writeFile(path.join(folder, 'not-executable'), '');
      await fs.mkdir(path.join(folder, 'bin'));
      await fs.writeFile(path.join(folder, 'bin', 'rg'), '#!/bin/sh\n', { mode: 0o755 });
    });
    after(() => fs.rm(folder, { recursive: true, force: true }));

    it('takes the first executable candidate', async () => {
      const candidates = [path.join(folder, 'missing'), path.join(folder, 'not-executable'), path.join(folder, 'bin', 'rg')];
      assert.equal(await findRipgrep(candidates, { PATH: '' }), path.join(folder, 'bin', 'rg'));
    });

    it('falls back to rg on the PATH, and to nothing', async () => {
      assert.equal(await findRipgrep([], { PATH: ['/nonexistent', path.join(folder, 'bin')].join(path.delimiter) }), path.join(folder, 'bin', 'rg'));
      assert.equal(await findRipgrep([path.join(folder, 'not-executable')], { PATH: folder }), undefined);
    });
  });

  describe('createWorkspaceSearcher', () => {
    const files = new NodeFileSystem();

    it('picks ripgrep when it is found and reports its version', async () => {
      const searcher = await createWorkspaceSearcher({ files, scope: { roots: [] } });
      assert.ok(searcher instanceof RipgrepSearcher);
      assert.match(searcher.engine, /^ripgrep \d+\.\d+/);
    });

    it('falls back to the built-in searcher without ripgrep', async () => {
      const searcher = await createWorkspaceSearcher({ files, scope: { roots: [] }, environment: { PATH: '' } });
      assert.ok(searcher instanceof BuiltinSearcher);
      assert.equal(searcher.engine, 'built-in');
    });
  });

  describe('parseRipgrepMatch', () => {
    it('reads text and base64 bytes and drops the line ending', () => {
      const line = JSON.stringify({
        type: 'match',
        data: { path: { bytes: Buffer.from('a:b.txt').toString('base64') }, lines: { text: 'x:1: y\r\n' }, line_number: 7 },
      });
      assert.deepEqual(parseRipgrepMatch(line), { path: 'a:b.txt', line: 7, text: 'x:1: y' });
    });

    it('ignores other messages and broken lines', () => {
      assert.equal(parseRipgrepMatch('{"type":"begin","data":{"path":{"text":"a"}}}'), undefined);
      assert.equal(parseRipgrepMatch('{"type":"match"'), undefined);
    });
  });
});
