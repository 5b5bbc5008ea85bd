import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { classifyCommandPath, type CommandWorkspace } from '../../../../src/core/permissions/commandPathClass';

describe('classifyCommandPath', function () {
  if (process.platform === 'win32') return;
  let base: string;
  let workspace: string;
  let outside: string;
  let folders: CommandWorkspace;

  before(() => {
    base = realpathSync(mkdtempSync(path.join(tmpdir(), 'elbow-path-class-')));
    workspace = path.join(base, 'workspace');
    outside = path.join(base, 'outside');
    mkdirSync(path.join(workspace, 'src', 'deep'), { recursive: true });
    mkdirSync(path.join(workspace, 'secret'));
    mkdirSync(path.join(outside, 'etc'), { recursive: true });
    writeFileSync(path.join(workspace, '.env'), 'TOKEN=1');
    writeFileSync(path.join(workspace, 'secret', 'key.pem'), 'key');
    writeFileSync(path.join(workspace, 'src', 'a.ts'), '');
    writeFileSync(path.join(outside, 'etc', 'passwd'), 'root');
    symlinkSync(path.join(outside, 'etc'), path.join(workspace, 'etc-link'));
    symlinkSync('.env', path.join(workspace, 'innocent'));
    symlinkSync('secret', path.join(workspace, 'public'));
    symlinkSync('src/deep', path.join(workspace, 'deep-link'));
    symlinkSync(path.join(outside, 'etc', 'new-file'), path.join(workspace, 'dangling'));
    symlinkSync('loop-b', path.join(workspace, 'loop-a'));
    symlinkSync('loop-a', path.join(workspace, 'loop-b'));
    symlinkSync(workspace, path.join(outside, 'workspace-link'));
    folders = {
      roots: [workspace],
      isHidden: (absolutePath) => {
        const relative = path.relative(workspace, absolutePath);
        return relative === '.env' || relative === 'secret' || relative.startsWith(`secret${path.sep}`);
      },
    };
  });

  after(() => rmSync(base, { recursive: true, force: true }));

  const cases: Array<[written: string, expected: 'inside' | 'outside' | 'hidden']> = [
    ['src/a.ts', 'inside'],
    ['src/missing/file.ts', 'inside'],
    ['.env', 'hidden'],
    ['secret/key.pem', 'hidden'],
    ['../outside/etc/passwd', 'outside'],
    // A link leading out of the workspace.
    ['etc-link/passwd', 'outside'],
    ['etc-link', 'outside'],
    // Links to hidden files and folders.
    ['innocent', 'hidden'],
    ['public/key.pem', 'hidden'],
    // `..` after a link leaves the link's target: deep-link/.. is src, so this is src/a.ts.
    ['deep-link/../a.ts', 'inside'],
    // Lexically workspace/etc/passwd, really outside/etc/passwd.
    ['etc-link/../etc/passwd', 'outside'],
    // Hidden as written counts even where the real path is elsewhere.
    ['etc-link/../.env', 'hidden'],
    // A dangling link: writing through it creates a file outside.
    ['dangling', 'outside'],
    ['loop-a', 'outside'],
  ];
  for (const [written, expected] of cases) {
    it(`${written} → ${expected}`, () => {
      assert.equal(classifyCommandPath(`${workspace}/${written}`, folders), expected);
    });
  }

  it('counts a path outside whose real path is inside as outside, and checks .elbowignore on the real path', () => {
    assert.equal(classifyCommandPath(path.join(outside, 'workspace-link', 'src', 'a.ts'), folders), 'outside');
    assert.equal(classifyCommandPath(path.join(outside, 'workspace-link', '.env'), folders), 'hidden');
  });

  it('finds paths inside a workspace folder reached through a link', () => {
    const linkedRoot = path.join(outside, 'workspace-link');
    const throughLink: CommandWorkspace = { roots: [linkedRoot], isHidden: (absolutePath) => absolutePath === path.join(linkedRoot, '.env') };
    assert.equal(classifyCommandPath(path.join(linkedRoot, 'src', 'a.ts'), throughLink), 'inside');
    assert.equal(classifyCommandPath(path.join(linkedRoot, 'innocent'), throughLink), 'hidden');
    assert.equal(classifyCommandPath(path.join(linkedRoot, 'etc-link', 'passwd'), throughLink), 'outside');
  });
});
