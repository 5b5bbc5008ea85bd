import assert from 'node:assert/strict';
import type { WorkspaceSearcher } from '../../../../src/core/host/searcher';
import { listFilesTool } from '../../../../src/core/tools/builtin/listFiles';
import { createTempWorkspace, type TempWorkspace } from '../../../support/tempWorkspace';

describe('list_files', () => {
  let temp: TempWorkspace;

  beforeEach(async () => {
    temp = await createTempWorkspace({
      '.gitignore': 'dist/\n',
      '.elbowignore': '*.secret\n',
      '.env.example': 'A=1\n',
      'README.md': '# hi\n',
      'dist/bundle.js': 'x\n',
      'src/app.ts': 'a\n',
      'src/keys.secret': 'k\n',
      'src/lib/util.ts': 'u\n',
      'src/only-secrets/a.secret': 's\n',
      '.git/HEAD': 'ref\n',
    });
  });
  afterEach(() => temp.cleanup());

  it('lists the root\'s entries by default, folders with a trailing slash', async () => {
    const result = await temp.callTool('list_files', {});
    assert.equal(result.isError, false);
    assert.equal(result.text, ['.elbowignore', '.env.example', '.gitignore', 'README.md', 'src/'].join('\n'));
    assert.equal(result.summary, 'Listed . (5 entries)');
  });

  it('lists recursively with paths relative to the workspace root, leaving ignored files out unless their folder is asked for', async () => {
    const result = await temp.callTool('list_files', { path: 'src', recursive: true });
    assert.equal(result.text, ['src/app.ts', 'src/lib/util.ts'].join('\n'));
    assert.equal((await temp.callTool('list_files', { path: 'dist', recursive: true })).text, 'dist/bundle.js');
    assert.equal(result.summary, 'Listed src recursively (2 files)');
  });

  it('caps the listing and says how to narrow it', async () => {
    const many: Record<string, string> = {};
    for (let index = 0; index < 1005; index++) many[`many/f${String(index).padStart(4, '0')}.txt`] = '';
    const big = await createTempWorkspace(many);
    try {
      const result = await big.callTool('list_files', { path: 'many' });
      const lines = result.text.split('\n');
      assert.equal(lines.filter((line) => line.startsWith('many/')).length, 1000);
      assert.match(result.text, /Only the first 1000 entries are shown; there are more\. List a subfolder/);
    } finally {
      await big.cleanup();
    }
  });

  it('tells the model to use read_file for a file, and refuses hidden and outside paths', async () => {
    assert.match((await temp.callTool('list_files', { path: 'README.md' })).text, /is a file, not a folder\. Use read_file/);
    assert.match((await temp.callTool('list_files', { path: 'src/keys.secret' })).text, /hidden by \.elbowignore/);
    const outside = await temp.callTool('list_files', { path: '..' });
    assert.equal(outside.isError, true);
    assert.match(outside.text, /outside the workspace/);
    assert.match((await temp.callTool('list_files', { path: 'nope' })).text, /No such file or folder: nope/);
  });

  it('says when a folder has nothing to show', async () => {
    const result = await temp.callTool('list_files', { path: 'src/only-secrets', recursive: true });
    assert.equal(result.text, 'src/only-secrets has no files (ignored paths are not listed).');
    assert.equal(result.isError, false);
  });

  it('drops paths hidden by .elbowignore even when the searcher returns them', async () => {
    const leaky: WorkspaceSearcher = {
      engine: 'leaky',
      listFiles: async () => ({ entries: ['app.ts', 'keys.secret'], truncated: false }),
      search: async () => ({ matches: [], truncated: false }),
    };
    const output = await listFilesTool.execute(
      { path: 'src', recursive: false },
      { ...temp.context(), host: { ...temp.host, searcher: leaky } },
    );
    assert.equal(output.content, 'src/app.ts');
  });
});
