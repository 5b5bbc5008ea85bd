import assert from 'node:assert/strict';
import { resolveChatLink, type LinkFolder } from '../../../../src/vscode/commands/chatLinkTarget';

const app: LinkFolder = { name: 'app', path: '/work/app' };
const api: LinkFolder = { name: 'api', path: '/work/api' };

describe('resolveChatLink', () => {
  it('opens a path relative to the workspace folder, at the line after #L', () => {
    assert.deepEqual(resolveChatLink('src/index.ts#L12', [app]), { kind: 'file', folderIndex: 0, relativePath: 'src/index.ts', line: 12 });
    assert.deepEqual(resolveChatLink('./src/../README.md', [app]), { kind: 'file', folderIndex: 0, relativePath: 'README.md' });
    assert.deepEqual(resolveChatLink('docs/my%20notes.md#Lx', [app]), { kind: 'file', folderIndex: 0, relativePath: 'docs/my notes.md' });
  });

  it('refuses a sibling folder whose path merely starts with the workspace folder\'s', () => {
    for (const link of ['../app-secrets/key.txt', '/work/app-secrets/key.txt', '..%2Fapp-secrets%2Fkey.txt']) {
      assert.deepEqual(resolveChatLink(link, [app]), { kind: 'refused', reason: 'it points outside the workspace folders' }, link);
    }
  });

  it('refuses any way out of the workspace folders', () => {
    for (const link of ['..', '../..', '../../etc/passwd', 'src/../../app2/x', '/etc/passwd', '..\\app-secrets\\key.txt', 'src\\..\\..\\x']) {
      assert.equal(resolveChatLink(link, [app]).kind, 'refused', link);
    }
  });

  it('keeps names that only begin with dots', () => {
    assert.deepEqual(resolveChatLink('..config/x', [app]), { kind: 'file', folderIndex: 0, relativePath: '..config/x' });
  });

  it('opens a file of another folder of a multi-root workspace, named as the tools show it', () => {
    assert.deepEqual(resolveChatLink('api/src/server.ts#L3', [app, api]), { kind: 'file', folderIndex: 1, relativePath: 'src/server.ts', line: 3 });
    assert.deepEqual(resolveChatLink('app/src/index.ts', [app, api]), { kind: 'file', folderIndex: 0, relativePath: 'src/index.ts' });
    assert.deepEqual(resolveChatLink('../api/src/server.ts', [app, api]), { kind: 'file', folderIndex: 1, relativePath: 'src/server.ts' });
    assert.deepEqual(resolveChatLink('/work/api/package.json', [app, api]), { kind: 'file', folderIndex: 1, relativePath: 'package.json' });
    assert.equal(resolveChatLink('api/../../etc/passwd', [app, api]).kind, 'refused');
  });

  it('reads a folder name as a plain folder in a single-root workspace', () => {
    assert.deepEqual(resolveChatLink('app/index.ts', [app]), { kind: 'file', folderIndex: 0, relativePath: 'app/index.ts' });
  });

  it('picks the innermost of nested folders', () => {
    const inner: LinkFolder = { name: 'web', path: '/work/app/web' };
    assert.deepEqual(resolveChatLink('web/x.ts', [app, inner]), { kind: 'file', folderIndex: 1, relativePath: 'x.ts' });
  });

  it('says why it refuses a link that names no file', () => {
    assert.deepEqual(resolveChatLink('#L3', [app]), { kind: 'refused', reason: 'it names no file' });
    assert.deepEqual(resolveChatLink('src/a.ts', []), { kind: 'refused', reason: 'no workspace folder is open' });
    assert.deepEqual(resolveChatLink('%E0%A4%A', [app]), { kind: 'refused', reason: 'it is not a valid path' });
    assert.deepEqual(resolveChatLink('.', [app]), { kind: 'refused', reason: 'it names a workspace folder, not a file' });
  });
});
