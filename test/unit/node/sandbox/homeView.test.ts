import assert from 'node:assert/strict';
import * as fs from 'node:fs/promises';
import * as os from 'node:os';
import * as path from 'node:path';
import { homeView } from '../../../../src/node/sandbox/homeView';

describe('homeView', () => {
  let home: string;
  beforeEach(async () => {
    home = await fs.realpath(await fs.mkdtemp(path.join(os.tmpdir(), 'elbow-home-view-')));
  });
  afterEach(() => fs.rm(home, { recursive: true, force: true }));

  it('covers the home folder, /root and /home, and shows the toolchains, PATH folders and named paths there, a link from its real path', async () => {
    await fs.mkdir(path.join(home, '.cargo', 'bin'), { recursive: true });
    await fs.mkdir(path.join(home, 'tools', 'bin'), { recursive: true });
    await fs.mkdir(path.join(home, 'real-nvm'));
    await fs.symlink(path.join(home, 'real-nvm'), path.join(home, '.nvm'));
    await fs.writeFile(path.join(home, '.gitconfig'), '');
    await fs.mkdir(path.join(home, '.config', 'tool'), { recursive: true });
    const view = await homeView(home, ['~/.config/tool', '~/missing'], [path.join(home, '.cargo', 'bin'), path.join(home, 'tools', 'bin'), home, '/usr/bin', 'relative/bin'].join(':'));
    assert.equal(view.coveredHomes[0], home);
    for (const other of ['/root', '/home']) {
      if (await fs.stat(other).then((stats) => stats.isDirectory(), () => false)) assert.ok(view.coveredHomes.includes(await fs.realpath(other)), other);
    }
    const shown = Object.fromEntries(view.readable.map((binding) => [path.relative(home, binding.target), binding.source]));
    assert.deepEqual(Object.keys(shown).sort(), ['.cargo', '.config/tool', '.gitconfig', '.nvm', 'tools/bin'], '.cargo/bin is shown by .cargo; the home folder itself, /usr/bin and missing paths are not bound');
    assert.equal(shown['.nvm'], path.join(home, 'real-nvm'));
  });

  it('covers no home folder that holds the system (a home of / or /usr)', async () => {
    for (const systemHome of ['/', '/usr']) {
      const view = await homeView(systemHome, [], undefined);
      assert.ok(!view.coveredHomes.includes(systemHome), systemHome);
    }
  });
});
