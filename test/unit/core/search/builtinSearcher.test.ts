import assert from 'node:assert/strict';
import { compileIncludeGlob } from '../../../../src/core/search/includeGlob';
import { describeSearcherBehaviour } from '../../../support/searcherBehaviour';

describe('BuiltinSearcher', () => {
  describeSearcherBehaviour('builtin');

  describe('include globs', () => {
    const cases: Array<[glob: string, path: string, expected: boolean]> = [
      ['*.ts', 'a.ts', true],
      ['*.ts', 'deep/down/a.ts', true],
      ['*.ts', 'a.tsx', false],
      ['*.{ts,tsx}', 'x/a.tsx', true],
      ['src/**', 'src/a/b.ts', true],
      ['src/**', 'lib/src/a.ts', false],
      ['src/**/*.ts', 'src/a.ts', true],
      ['src/**/*.ts', 'src/a/b/c.ts', true],
      ['**/test/*.ts', 'test/a.ts', true],
      ['**/test/*.ts', 'x/test/a.ts', true],
      ['/*.md', 'README.md', true],
      ['/*.md', 'docs/README.md', false],
      ['file?.txt', 'file1.txt', true],
      ['[ab].txt', 'b.txt', true],
      ['[!ab].txt', 'b.txt', false],
      ['\\[id\\]/*.tsx', '[id]/page.tsx', true],
      ['a.b', 'axb', false],
    ];
    for (const [glob, path, expected] of cases) {
      it(`${glob} ${expected ? 'matches' : 'does not match'} ${path}`, () => {
        assert.equal(compileIncludeGlob(glob)(path), expected);
      });
    }
  });
});
