import assert from 'node:assert/strict';
import * as fs from 'node:fs/promises';
import * as os from 'node:os';
import * as path from 'node:path';
import { writeFileAtomically } from '../../../src/node/writeFileAtomically';

describe('writeFileAtomically', () => {
  let folder: string;
  beforeEach(async () => {
    folder = await fs.mkdtemp(path.join(os.tmpdir(), 'elbow-atomic-'));
  });
  afterEach(() => fs.rm(folder, { recursive: true, force: true }));

  it('replaces the file and leaves nothing else in the folder', async () => {
    const file = path.join(folder, 'list.json');
    await fs.writeFile(file, 'old');
    await writeFileAtomically(file, 'new');
    assert.equal(await fs.readFile(file, 'utf8'), 'new');
    assert.deepEqual(await fs.readdir(folder), ['list.json']);
  });

  it('gives a new file the mode asked for', async function () {
    if (process.platform === 'win32') this.skip();
    const file = path.join(folder, 'private.json');
    await writeFileAtomically(file, 'secret', 0o600);
    assert.equal((await fs.stat(file)).mode & 0o777, 0o600);
  });

  it('fails without leaving its temporary file when the target cannot be replaced', async () => {
    const target = path.join(folder, 'taken');
    await fs.mkdir(path.join(target, 'inside'), { recursive: true });
    await assert.rejects(writeFileAtomically(target, 'text'));
    assert.deepEqual(await fs.readdir(folder), ['taken']);
  });
});
