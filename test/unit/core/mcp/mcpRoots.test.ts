import assert from 'node:assert/strict';
import { mcpRootsOf } from '../../../../src/core/mcp/mcpRoots';

describe('mcpRootsOf: the folders servers are offered as roots', () => {
  it('keeps local file folders in order, each once, with their names', () => {
    assert.deepEqual(mcpRootsOf([
      { uri: 'file:///work/app', name: 'app' },
      { uri: 'file:///work/lib%20one', name: 'lib one' },
      { uri: 'file:///work/app', name: 'app again' },
      { uri: 'file:///work/unnamed', name: '' },
    ]), [{ uri: 'file:///work/app', name: 'app' }, { uri: 'file:///work/lib%20one', name: 'lib one' }, { uri: 'file:///work/unnamed' }]);
  });

  it('leaves out remote and virtual folders, and file URIs of another host', () => {
    assert.deepEqual(mcpRootsOf([
      { uri: 'vscode-remote://ssh-remote+box/home/me', name: 'remote' },
      { uri: 'vscode-vfs://github/owner/repo', name: 'virtual' },
      { uri: 'file://server/share', name: 'unc' },
      { uri: 'untitled:Untitled-1' },
    ]), []);
  });
});
