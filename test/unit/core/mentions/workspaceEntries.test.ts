import assert from 'node:assert/strict';
import { listWorkspaceEntries } from '../../../../src/core/mentions/workspaceEntries';
import { createTempWorkspace } from '../../../support/tempWorkspace';

describe('listWorkspaceEntries', () => {
  it('lists files and the folders holding them, leaving out .elbowignore, .gitignore and .git', async () => {
    const ws = await createTempWorkspace({
      '.elbowignore': 'secrets/\n',
      '.gitignore': 'dist/\n',
      'src/app.ts': '',
      'src/lib/util.ts': '',
      'secrets/key.pem': '',
      'dist/out.js': '',
      '.git/HEAD': 'ref: refs/heads/main\n',
    });
    try {
      const entries = await listWorkspaceEntries(ws.host.files, [ws.root]);
      assert.deepEqual(entries, [
        { kind: 'folder', path: 'src' },
        { kind: 'folder', path: 'src/lib' },
        { kind: 'file', path: '.elbowignore' },
        { kind: 'file', path: '.gitignore' },
        { kind: 'file', path: 'src/app.ts' },
        { kind: 'file', path: 'src/lib/util.ts' },
      ]);
    } finally {
      await ws.cleanup();
    }
  });

  it('stops at the limit', async () => {
    const ws = await createTempWorkspace({ 'a.ts': '', 'b.ts': '', 'c.ts': '' });
    try {
      assert.deepEqual(await listWorkspaceEntries(ws.host.files, [ws.root], 2), [{ kind: 'file', path: 'a.ts' }, { kind: 'file', path: 'b.ts' }]);
    } finally {
      await ws.cleanup();
    }
  });
});
