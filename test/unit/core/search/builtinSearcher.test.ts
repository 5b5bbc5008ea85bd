import assert from 'node:assert/strict';
import { BuiltinSearcher } from '../../../../src/core/search/builtinSearcher';
import { compileIncludeGlob } from '../../../../src/core/search/includeGlob';
import { BLOCKED_EVENT_LOOP_MS, measureEventLoopStall } from '../../../support/eventLoopStall';
import { describeSearcherBehaviour } from '../../../support/searcherBehaviour';
import { createTempWorkspace, type TempWorkspace } from '../../../support/tempWorkspace';

/** Backtracks exponentially on a line of `a`s not ending in one: seconds for 27 of them, matched on the main thread. */
const CATASTROPHIC = '(a+)+$';

describe('BuiltinSearcher', () => {
  describeSearcherBehaviour('builtin');

  describe('a pattern that backtracks catastrophically', () => {
    let temp: TempWorkspace;

    before(async () => {
      temp = await createTempWorkspace({ 'notes.txt': 'aaa\n', 'vendor.min.js': `${'a'.repeat(27)}!\n` });
    });
    after(() => temp.cleanup());

    const searchWith = async (matchTimeLimitMs: number, signal?: AbortSignal) => {
      const searcher = new BuiltinSearcher(temp.host.files, { roots: [temp.root] }, { matchTimeLimitMs });
      const { outcome, longestStallMs, elapsedMs } = await measureEventLoopStall(() =>
        searcher.search({ directory: temp.root, pattern: CATASTROPHIC, literal: false, caseSensitive: false, limit: 100, signal }),
      );
      return { outcome, longestStallMs, elapsedMs };
    };

    it('is stopped at the time limit with an error that says what to do, while the event loop runs on', async () => {
      const { outcome, longestStallMs } = await searchWith(300);
      assert.equal(outcome.status, 'rejected', 'the search should have been stopped');
      const message = ((outcome as PromiseRejectedResult).reason as Error).message;
      assert.match(message, /"\(a\+\)\+\$" took longer than 0\.3 s to match \(in vendor\.min\.js\)/);
      assert.match(message, /simpler pattern/);
      assert.match(message, /literal: true/);
      assert.match(message, /include/);
      assert.ok(longestStallMs < BLOCKED_EVENT_LOOP_MS, `the event loop was blocked for ${Math.round(longestStallMs)} ms`);
    });

    it('ends promptly when its signal aborts', async () => {
      const controller = new AbortController();
      setTimeout(() => controller.abort(), 100);
      const { outcome, elapsedMs } = await searchWith(60_000, controller.signal);
      assert.equal(outcome.status, 'rejected', 'the search should have been aborted');
      assert.equal(((outcome as PromiseRejectedResult).reason as Error).name, 'AbortError');
      assert.ok(elapsedMs < 2000, `took ${Math.round(elapsedMs)} ms`);
    });
  });

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
