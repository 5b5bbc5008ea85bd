import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { attachTypedMentions } from '../../../../src/core/mentions/attachTypedMentions';
import type { HostFileSystem } from '../../../../src/core/host/fileSystem';
import { createTempWorkspace, type TempWorkspace } from '../../../support/tempWorkspace';

describe('attachTypedMentions', () => {
  let temp: TempWorkspace;
  beforeEach(async () => {
    temp = await createTempWorkspace({ 'notes.md': 'plain notes\n', '.env': 'TOKEN=SECRET-DOTENV\n', '.elbowignore': '.env\n' });
  });
  afterEach(() => temp.cleanup());

  it('attaches a mentioned file\'s text', async () => {
    const attached = await attachTypedMentions('look at @notes.md', temp.workspace, temp.host.files);
    assert.ok('message' in attached);
    assert.match(JSON.stringify(attached.message), /plain notes/);
  });

  it('does not attach an .elbowignore\'d file through a link swapped in after the check', async function () {
    if (process.platform !== 'linux') this.skip();
    const real = temp.host.files;
    // A second process swaps the mentioned file for a link just before Elbow reads it.
    const swapping: HostFileSystem = {
      stat: (file) => real.stat(file),
      readDirectory: (folder) => real.readDirectory(folder),
      realPath: (file) => real.realPath(file),
      writeFile: (file, data, allowed) => real.writeFile(file, data, allowed),
      deleteFile: (file, allowed) => real.deleteFile(file, allowed),
      removeEmptyFolder: (folder, allowed) => real.removeEmptyFolder(folder, allowed),
      readFile: (file, allowed) => {
        execFileSync('ln', ['-sfn', temp.path('.env'), file]);
        return real.readFile(file, allowed);
      },
    };
    const attached = await attachTypedMentions('look at @notes.md', temp.workspace, swapping);
    assert.doesNotMatch(JSON.stringify(attached), /SECRET-DOTENV/);
    assert.ok('problems' in attached);
  });
});
