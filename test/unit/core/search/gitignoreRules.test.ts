import assert from 'node:assert/strict';
import ignore from 'ignore';
import { GitignoreRules } from '../../../../src/core/search/gitignoreRules';
import { compileGlob } from '../../../../src/core/search/linearGlob';

describe('GitignoreRules', () => {
  const patterns = [
    'build/', 'node_modules/', '*.log', '!keep.log', '/root.txt', 'docs/*.md', 'a/**/b', '**/cache', 'out/**', 'x?z', '[ab].c', '[!ab].d',
    'secrets/', '*.pem', 'dir/sub/', '\\#hash', '\\!bang', 'trail  ', 'esc\\ ', '# comment', '', 'lib/**/*.js', '**/tmp/**', 'Mixed.TXT', 'a/*/c',
  ];
  const paths = [
    'build', 'build/', 'build/x.js', 'src/build/x.js', 'app.log', 'keep.log', 'logs/keep.log', 'root.txt', 'sub/root.txt', 'docs/a.md', 'docs/x/a.md',
    'a/b', 'a/x/y/b', 'c/a/b', 'cache', 'deep/cache/f', 'out/f', 'out', 'xyz', 'xz', 'a.c', 'c.c', 'c.d', 'a.d', 'secrets/k', 'k.pem', 'dir/sub/f',
    'dir/sub', '#hash', '!bang', 'trail', 'trail  ', 'esc ', 'lib/a/b.js', 'lib/b.js', 'x/tmp/y', 'mixed.txt', 'a/q/c', 'a/q/r/c',
  ];

  for (const ignoreCase of [false, true]) {
    it(`decides as the ignore package does on ordinary rules (ignoreCase ${ignoreCase})`, () => {
      const ours = new GitignoreRules({ ignoreCase }).add(patterns.join('\n'));
      const reference = ignore({ ignorecase: ignoreCase }).add(patterns.join('\n'));
      for (const path of paths) {
        for (const candidate of [path, `${path}/`]) {
          if (candidate.endsWith('//')) continue;
          assert.deepEqual(ours.test(candidate), { ignored: reference.test(candidate).ignored, unignored: reference.test(candidate).unignored }, candidate);
        }
      }
    });
  }

  it('decides a pathological line on a deep path (its cost is measured by npm run bench -- inputs)', () => {
    const rules = new GitignoreRules({ ignoreCase: true }).add(`a${'/**'.repeat(40)}/b\n${'*a'.repeat(40)}*b\n`);
    assert.equal(rules.ignores(`a/${'x/'.repeat(200)}c`), false);
    assert.equal(rules.ignores(`${'a'.repeat(250)}`), false);
    assert.equal(rules.ignores(`a/x/b`), true);
  });
});

describe('compileGlob', () => {
  const cases: Array<[glob: string, text: string, expected: boolean]> = [
    ['*', '', true], ['*', 'a/b', false], ['**', 'a/b', true], ['a/**', 'a/b/c', true], ['**/b', 'b', true], ['**/b', 'x/y/b', true],
    ['a/**/b', 'a/b', true], ['a/**/b', 'a//b', false], ['a/**/b', 'a/x/b', true], ['a**b', 'a/b', false], ['a**b', 'axxb', true],
    ['{a,b}c', 'bc', true], ['{a,{b,d}}c', 'dc', true], ['{a,b', 'b', true], ['x{a,b}', 'x{a,b}', false], ['[a-c]', 'b', true], ['[a-c]', 'd', false],
    ['[^a]', 'b', true], ['[]a]', ']', true], ['[a', '[a', true], ['\\*', '*', true], ['\\*', 'a', false], ['?', '/', false], ['[!a]', '/', false],
  ];
  for (const [glob, text, expected] of cases) {
    it(`${glob} ${expected ? 'matches' : 'does not match'} ${JSON.stringify(text)}`, () => {
      assert.equal(compileGlob(glob, { braces: true }).matches(text), expected);
    });
  }

  it('matches a pathological glob against a long name (its cost is measured by npm run bench -- inputs)', () => {
    assert.equal(compileGlob(`${'*a'.repeat(100)}*b`).matches('a'.repeat(10_000)), false);
    assert.equal(compileGlob(`{${'a,'.repeat(50)}a}*{a,b}*b`, { braces: true }).matches(`${'a'.repeat(1000)}`), false);
  });
});
