import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { defaultAllowList } from '../../../../../src/core/permissions/commandPolicy/defaultAllowList';
import { judgeCommand, type JudgeContext, type Verdict } from '../../../../../src/core/permissions/commandPolicy/judgeCommand';
import { classifyCommandPath } from '../../../../../src/core/permissions/commandPathClass';

/** Wildcards, braces and links judged against a real folder: `.env` and `secret/` are hidden, `../outside` is outside. */
describe('judgeCommand on a real workspace', function () {
  if (process.platform === 'win32') return;
  let base: string;
  let workspace: string;

  before(() => {
    base = realpathSync(mkdtempSync(path.join(tmpdir(), 'elbow-judge-disk-')));
    workspace = path.join(base, 'workspace');
    const outside = path.join(base, 'outside');
    mkdirSync(path.join(workspace, 'src'), { recursive: true });
    mkdirSync(path.join(workspace, 'secret'));
    mkdirSync(path.join(workspace, 'big'));
    mkdirSync(path.join(outside, 'etc'), { recursive: true });
    writeFileSync(path.join(workspace, '.env'), 'TOKEN=1');
    writeFileSync(path.join(workspace, 'secret', 'key.pem'), 'key');
    writeFileSync(path.join(workspace, 'src', 'a.ts'), '');
    writeFileSync(path.join(workspace, 'src', 'b.ts'), '');
    writeFileSync(path.join(workspace, 'notes.txt'), '');
    writeFileSync(path.join(workspace, 'a'.repeat(100)), '');
    writeFileSync(path.join(outside, 'etc', 'passwd'), 'root');
    for (let index = 0; index < 250; index++) writeFileSync(path.join(workspace, 'big', `file${index}.txt`), '');
    symlinkSync(path.join(outside, 'etc'), path.join(workspace, 'etc-link'));
    symlinkSync('.env', path.join(workspace, 'innocent'));
  });

  after(() => rmSync(base, { recursive: true, force: true }));

  function context(overrides: Partial<JudgeContext> = {}): JudgeContext {
    const roots = [workspace];
    const isHidden = (absolutePath: string): boolean => {
      const relative = path.relative(workspace, absolutePath);
      return relative === '.env' || relative === 'secret' || relative.startsWith(`secret${path.sep}`);
    };
    return {
      allow: [...defaultAllowList],
      deny: ['rm'],
      cwd: workspace,
      classifyPath: (absolutePath) => classifyCommandPath(absolutePath, { roots, isHidden }),
      platform: 'linux',
      shell: '/bin/bash',
      homeDirectory: path.join(base, 'home'),
      ...overrides,
    };
  }

  const cases: Array<[commandLine: string, expected: Verdict]> = [
    // Wildcards are expanded as Bash would, and every match is judged.
    ['cat .e*', 'deny'],
    ['cat .[e]nv', 'deny'],
    ['cat */key.pem', 'deny'],
    ['cat */../../outside/etc/passwd', 'ask'],
    ['cat */../../../../../../../../../../etc/hostname', 'ask'],
    ['cat /ho*/*/.ssh/*', 'ask'],
    ['ls *', 'ask'],
    ['cat .*', 'deny'],
    ['grep -r x .*', 'deny'],
    ['cat big/*', 'ask'],
    ['for f in .e*; do echo "$f"; done', 'deny'],
    ['cat < .e*', 'deny'],
    // `*` and `?` do not match a leading dot; patterns matching nothing are passed as written.
    ['cat ?env', 'allow'],
    ['cat *env', 'allow'],
    ['cat src/*.ts', 'allow'],
    ['cat sr?/[ab].ts', 'allow'],
    ['wc -l src/*', 'allow'],
    ['cat nothing*', 'allow'],
    // Assignments take their value as written.
    ['x=.e*', 'allow'],
    ['a=(.e*)', 'deny'],
    // Brace expansions are expanded first.
    ['cat {.env,notes.txt}', 'deny'],
    ['cat {notes,.e}*', 'deny'],
    ['cat src/{a,b}.ts', 'allow'],
    ['cat {../outside/etc,src}/passwd', 'ask'],
    ['echo {1..100}', 'allow'],
    // After a folder change or `shopt`, relative patterns are expanded elsewhere.
    ['cd src && cat .e*', 'ask'],
    ['shopt -s dotglob; cat *', 'ask'],
    // Symbolic links are followed.
    ['cat etc-link/passwd', 'ask'],
    ['cat etc-link/../etc/passwd', 'ask'],
    ['cat ./innocent', 'deny'],
    ['cat innocent', 'ask'],
    ['grep -r TOKEN innocent', 'ask'],
    ['cat etc-link', 'ask'],
    ['cd etc-link && ls', 'ask'],
    ['ls etc-l*', 'ask'],
    ['cat src/a.ts notes.txt', 'allow'],
  ];
  for (const [commandLine, expected] of cases) {
    it(`${JSON.stringify(commandLine)} → ${expected}`, () => {
      const judgement = judgeCommand(commandLine, context());
      assert.equal(judgement.verdict, expected, judgement.reasons.join('\n'));
    });
  }

  it('expands a pattern the model wrote to backtrack (its cost is measured by npm run bench -- sandbox)', () => {
    assert.equal(judgeCommand(`cat ${'*a'.repeat(14)}*b`, context()).verdict, 'allow');
    assert.equal(judgeCommand(`cat ${'*a'.repeat(14)}`, context()).verdict, 'allow');
  });

  it('says why a pattern asks', () => {
    assert.match(judgeCommand('cat big/*', context()).reasons.join('\n'), /matches too many paths/);
    assert.match(judgeCommand('cat .e*', context()).reasons.join('\n'), /\.env, which \.elbowignore hides/);
  });
});
