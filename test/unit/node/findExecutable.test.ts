import assert from 'node:assert/strict';
import * as fs from 'node:fs/promises';
import * as os from 'node:os';
import * as path from 'node:path';
import { findExecutable } from '../../../src/node/findExecutable';

describe('findExecutable', () => {
  let folder: string;
  let previousCwd: string;

  beforeEach(async () => {
    folder = await fs.realpath(await fs.mkdtemp(path.join(os.tmpdir(), 'elbow-find-')));
    await fs.mkdir(path.join(folder, 'bin'));
    await fs.writeFile(path.join(folder, 'bin', 'elbow-probe-tool'), '#!/bin/sh\n', { mode: 0o755 });
    previousCwd = process.cwd();
    process.chdir(folder);
  });
  afterEach(async () => {
    process.chdir(previousCwd);
    await fs.rm(folder, { recursive: true, force: true });
  });

  it('skips relative PATH entries, which name folders of the workspace Elbow runs in', async () => {
    assert.equal(await findExecutable('elbow-probe-tool', [], { PATH: `bin${path.delimiter}.` }), undefined);
  });

  it('finds the program in an absolute PATH entry', async () => {
    assert.equal(await findExecutable('elbow-probe-tool', [], { PATH: path.join(folder, 'bin') }), path.join(folder, 'bin', 'elbow-probe-tool'));
  });

  it('skips absolute PATH entries inside a folder the sandbox can write, also through a symbolic link', async () => {
    await fs.symlink(folder, path.join(folder, 'link'));
    const searchPath = [path.join(folder, 'bin'), path.join(folder, 'link', 'bin')].join(path.delimiter);
    assert.equal(await findExecutable('elbow-probe-tool', [], { PATH: searchPath }, [path.join(folder, 'link')]), undefined);
    assert.equal(await findExecutable('elbow-probe-tool', [], { PATH: searchPath }, [`${folder}-other`]), path.join(folder, 'bin', 'elbow-probe-tool'));
  });
});
