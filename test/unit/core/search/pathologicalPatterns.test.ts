import assert from 'node:assert/strict';
import type { SearchOptions } from '../../../../src/core/host/searcher';
import { createTempWorkspace, type SearcherKind, type TempWorkspace } from '../../../support/tempWorkspace';

/**
 * Globs a model or a repository can write whose regular-expression translation backtracks
 * with a high power of the name's length or depth: minutes to decide one path that does not match.
 */
const LONG_NAME = `${'a'.repeat(80)}.txt`;
const PATHOLOGICAL = '*a*a*a*a*a*a*a*a*a*a*a*b';
const MATCHING = `x${'a'.repeat(11)}b`;

for (const kind of ['builtin', 'ripgrep'] as SearcherKind[]) {
  describe(`patterns from the model or a repository meet no backtracking engine (${kind})`, function () {
    this.timeout(10_000);
    let temp: TempWorkspace;

    afterEach(() => temp.cleanup());

    const search = (options: Partial<SearchOptions>) =>
      temp.host.searcher.search({ directory: temp.root, pattern: 'needle', literal: true, caseSensitive: true, limit: 100, ...options });

    it('a pathological include glob finishes quickly and still matches what it names', async () => {
      temp = await createTempWorkspace({ [`src/${LONG_NAME}`]: 'needle\n', [`src/${MATCHING}`]: 'needle\n' }, { searcher: kind });
      const started = Date.now();
      const result = await search({ include: `src/**/${PATHOLOGICAL}` });
      assert.deepEqual(result.matches.map((match) => match.path), [`src/${MATCHING}`]);
      assert.ok(Date.now() - started < 5_000, `took ${Date.now() - started} ms`);
    });

    it('a pathological .elbowignore or .gitignore line finishes quickly and still hides what it names', async () => {
      const deep = 'x/'.repeat(24);
      temp = await createTempWorkspace({
        '.elbowignore': `a${'/**'.repeat(12)}/b\n`,
        '.gitignore': `d${'/**'.repeat(12)}/e\n`,
        [`a/${deep}c.txt`]: 'needle\n',
        'a/x/b': 'needle hidden\n',
        [`d/${deep}f.txt`]: 'needle\n',
        'd/x/x/e': 'needle ignored\n',
      }, { searcher: kind });
      const started = Date.now();
      const result = await search({});
      assert.deepEqual(result.matches.map((match) => match.path).sort(), [`a/${deep}c.txt`, `d/${deep}f.txt`]);
      const listed = await temp.host.searcher.listFiles({ directory: temp.root, recursive: true, limit: 100 });
      assert.deepEqual(listed.entries.filter((entry) => !entry.startsWith('.')), [`a/${deep}c.txt`, `d/${deep}f.txt`]);
      assert.ok(Date.now() - started < 5_000, `took ${Date.now() - started} ms`);
    });

    it('an include glob of 300 KB of "**/" is refused at once, naming the limit', async () => {
      temp = await createTempWorkspace({ 'a/x/b': 'needle\n' }, { searcher: kind });
      const started = Date.now();
      await assert.rejects(search({ include: `a/${'**/'.repeat(100_000)}b` }), /globs may be at most 1000/);
      await assert.rejects(search({ include: `a/${'**/'.repeat(30)}b` }), /globs may have at most 20/);
      assert.ok(Date.now() - started < 2_000, `took ${Date.now() - started} ms`);
    });

    it('an ignore line longer than any real pattern is skipped quickly; the other lines still apply', async () => {
      temp = await createTempWorkspace({
        '.elbowignore': `a/${'**/'.repeat(100_000)}b\nhidden.txt\n`,
        'a/x/b': 'needle\n',
        'hidden.txt': 'needle\n',
      }, { searcher: kind });
      const started = Date.now();
      const result = await search({});
      assert.equal(result.matches.some((match) => match.path === 'hidden.txt'), false, 'the next line still applies');
      assert.ok(Date.now() - started < 2_000, `took ${Date.now() - started} ms`);
    });
  });
}
