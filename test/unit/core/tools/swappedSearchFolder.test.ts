import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs/promises';
import * as path from 'node:path';
import type { WorkspaceSearcher } from '../../../../src/core/host/searcher';
import { findRipgrep } from '../../../../src/node/findExecutable';
import { NodeFileSystem } from '../../../../src/node/nodeFileSystem';
import { RipgrepSearcher } from '../../../../src/node/ripgrepSearcher';
import { createTempWorkspace, type TempWorkspace } from '../../../support/tempWorkspace';

/**
 * A sandboxed command swaps a folder link (`sub -> real`) for a link to a folder outside the
 * workspace after the tool checked `sub` and before ripgrep walks it.
 */
describe('search and list_files on a folder swapped for a link after the check', function () {
  if (process.platform !== 'linux') return;
  let temp: TempWorkspace;
  let outside: string;

  before(async function () {
    if (!(await findRipgrep())) this.skip();
  });

  beforeEach(async () => {
    temp = await createTempWorkspace({ 'real/a.txt': 'CANARY inside\n', sub: { symlink: 'real' } }, { searcher: 'ripgrep' });
    outside = path.join(temp.base, 'home/.ssh');
    await fs.mkdir(outside, { recursive: true });
    await fs.writeFile(path.join(outside, 'id_rsa'), 'CANARY PRIVATE KEY\n');
    const searcher = temp.host.searcher;
    const swap = (): void => {
      execFileSync('ln', ['-sfn', outside, temp.path('sub')]);
    };
    const swapping: WorkspaceSearcher = {
      engine: searcher.engine,
      search: (options) => (swap(), searcher.search(options)),
      listFiles: (options) => (swap(), searcher.listFiles(options)),
    };
    Object.assign(temp.host, { searcher: swapping });
  });
  afterEach(() => temp.cleanup());

  it('search does not read the folder the link now leads to', async () => {
    const result = await temp.callTool('search', { path: 'sub', pattern: 'CANARY' });
    assert.doesNotMatch(result.text, /PRIVATE KEY|id_rsa/);
    assert.equal(result.isError, true, result.text);
  });

  it('list_files --recursive does not list the folder the link now leads to', async () => {
    const result = await temp.callTool('list_files', { path: 'sub', recursive: true });
    assert.doesNotMatch(result.text, /id_rsa/);
    assert.equal(result.isError, true, result.text);
  });
});

describe('ripgrep blocked by a named pipe', function () {
  if (process.platform !== 'linux') return;
  let folder: string;
  let rgPath: string | undefined;

  before(async function () {
    rgPath = await findRipgrep();
    if (!rgPath) this.skip();
    folder = await fs.realpath(await fs.mkdtemp(path.join('/tmp', 'elbow-fifo-')));
    await fs.writeFile(path.join(folder, 'a.txt'), 'CANARY\n');
    execFileSync('mkfifo', [path.join(folder, '.gitignore')]);
  });
  after(() => fs.rm(folder, { recursive: true, force: true }));

  it('stops after its deadline and says to search a smaller folder', async () => {
    const searcher = new RipgrepSearcher({ rgPath: rgPath as string, files: new NodeFileSystem(), deadlineMs: 500 });
    await assert.rejects(
      searcher.search({ directory: folder, pattern: 'CANARY', literal: true, caseSensitive: true, limit: 10 }),
      /took longer than .* smaller folder/,
    );
  });
});

describe('ripgrep reading an ignore file without end', function () {
  if (process.platform !== 'linux') return;
  let folder: string;
  let rgPath: string | undefined;

  before(async function () {
    rgPath = await findRipgrep();
    if (!rgPath) this.skip();
    folder = await fs.realpath(await fs.mkdtemp(path.join('/tmp', 'elbow-zero-')));
    await fs.writeFile(path.join(folder, 'a.txt'), 'CANARY\n');
    await fs.symlink('/dev/zero', path.join(folder, '.gitignore'));
  });
  after(() => fs.rm(folder, { recursive: true, force: true }));

  it('ends at its memory cap, long before its deadline, instead of taking the machine\'s memory', async () => {
    const searcher = new RipgrepSearcher({ rgPath: rgPath as string, files: new NodeFileSystem(), deadlineMs: 3_000, memoryLimitKib: 256 * 1024 });
    const outcome = await searcher.search({ directory: folder, pattern: 'CANARY', literal: true, caseSensitive: true, limit: 10 }).then(
      () => 'finished',
      (error: unknown) => (error instanceof Error ? error.message : String(error)),
    );
    assert.doesNotMatch(outcome, /took longer/);
  });
});
