import assert from 'node:assert/strict';
import * as fs from 'node:fs/promises';
import * as os from 'node:os';
import * as path from 'node:path';
import { protectedEntryOf } from '../../../../src/core/sandbox/protectedEntryOf';
import { Workspace } from '../../../../src/core/workspace/workspace';
import { createNodeHost } from '../../../../src/node/createNodeHost';

describe('protectedEntryOf', () => {
  let folder: string;

  beforeEach(async () => {
    folder = await fs.realpath(await fs.mkdtemp(path.join(os.tmpdir(), 'elbow-protected-entry-')));
  });

  afterEach(async () => {
    await fs.rm(folder, { recursive: true, force: true });
  });

  it('finds the entry by the name used, by where it really is, and by a protected name linking to it', async () => {
    await fs.writeFile(path.join(folder, 'AGENTS.md'), 'rules\n');
    await fs.symlink('AGENTS.md', path.join(folder, 'notes.md'));
    await fs.mkdir(path.join(folder, 'editor'));
    await fs.symlink('editor', path.join(folder, '.claude'));
    await fs.writeFile(path.join(folder, 'plain.txt'), 'x\n');
    const host = await createNodeHost([folder]);
    const workspace = new Workspace({ ...host, workspaceRoots: [folder] });
    const lookup = { files: host.files, workspaceRoots: [folder], settings: ['plain-protected.txt'] };
    const entryOf = async (name: string) => protectedEntryOf(lookup, await workspace.resolve(name, { forWriting: true }));
    assert.ok((await entryOf('AGENTS.md')) !== undefined);
    assert.ok((await entryOf('notes.md')) !== undefined, 'a link to a protected file');
    assert.ok((await entryOf('editor/settings.json')) !== undefined, 'a protected name links to its folder');
    assert.ok((await entryOf('plain-protected.txt')) !== undefined, 'from the setting');
    assert.equal(await entryOf('plain.txt'), undefined);
  });
});
