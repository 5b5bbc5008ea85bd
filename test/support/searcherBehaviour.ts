import assert from 'node:assert/strict';
import * as path from 'node:path';
import type { SearchOptions, WorkspaceSearcher } from '../../src/core/host/searcher';
import { createTempWorkspace, type SearcherKind, type TempWorkspace } from './tempWorkspace';

/** One fixture for both searchers: every kind of ignore rule, hidden files, binary, symlinks. */
const FIXTURE = {
  '.git/config': 'needle in git internals\n',
  '.gitignore': 'build/\nnode_modules/\n*.log\n!keep.log\n*.tmp\n',
  '.elbowignore': 'secrets/\n*.pem\n',
  '.hidden': 'needle hidden\n',
  'README.md': 'Needle in the readme\n',
  'a.txt': 'needle one\nnothing here\nNEEDLE upper\n',
  'app.log': 'needle log\n',
  'keep.log': 'needle kept\n',
  'y.tmp': 'needle tmp\n',
  'build/out.js': 'needle build\n',
  'node_modules/pkg/index.js': 'needle dependency\n',
  'secrets/key.txt': 'needle secret\n',
  'cert.pem': 'needle pem\n',
  'bin/data.bin': Buffer.from('needle\0binary\n'),
  'src/.ignore': 'dot-ignored.txt\n',
  'src/dot-ignored.txt': 'needle dot ignore\n',
  'src/index.ts': 'const x = needle(1);\n',
  'src/util/helper.ts': 'export function needle() {}\r\n// crlf line$\r\n',
  'src/nested/.gitignore': 'generated.ts\n',
  'src/nested/generated.ts': 'needle generated\n',
  'src/nested/real.ts': 'needle real\n',
  'src/nested/n.log': 'needle nested log\n',
  'src/[id]/page.tsx': 'needle bracket\n',
  'src/link.ts': { symlink: 'index.ts' },
  'linkdir': { symlink: '../outside' },
  'vendor/lib/.git/HEAD': 'ref: refs/heads/main\n',
  'vendor/lib/x.tmp': 'needle nested repository\n',
  '../outside/o.txt': 'needle outside\n',
};

/** The same cases for every `WorkspaceSearcher`, so that ripgrep and the built-in one provably agree. */
export function describeSearcherBehaviour(kind: SearcherKind): void {
  describe(`shared searcher behaviour (${kind})`, () => {
    let temp: TempWorkspace;
    let searcher: WorkspaceSearcher;

    before(async () => {
      temp = await createTempWorkspace(FIXTURE, { searcher: kind });
      searcher = temp.host.searcher;
    });
    after(() => temp.cleanup());

    const list = (relative: string, recursive: boolean, limit = 1000) =>
      searcher.listFiles({ directory: temp.path(relative), recursive, limit });
    const search = async (options: Partial<SearchOptions> & { pattern: string }, relative = '.') => {
      const result = await searcher.search({ directory: temp.path(relative), literal: false, caseSensitive: false, limit: 1000, ...options });
      return { ...result, found: result.matches.map((match) => `${match.path}:${match.line}`) };
    };

    describe('listFiles', () => {
      it('lists every file below a folder recursively, honouring all ignore files, in path order', async () => {
        const result = await list('.', true);
        assert.deepEqual(result.entries, [
          '.elbowignore',
          '.gitignore',
          '.hidden',
          'README.md',
          'a.txt',
          'bin/data.bin',
          'keep.log',
          'src/.ignore',
          'src/[id]/page.tsx',
          'src/index.ts',
          'src/nested/.gitignore',
          'src/nested/real.ts',
          'src/util/helper.ts',
          'vendor/lib/x.tmp',
        ]);
        assert.equal(result.truncated, false);
      });

      it('lists the direct entries of a folder with folders marked by a slash', async () => {
        const result = await list('.', false);
        assert.deepEqual(result.entries, [
          '.elbowignore',
          '.gitignore',
          '.hidden',
          'README.md',
          'a.txt',
          'bin/',
          'keep.log',
          'linkdir/',
          'src/',
          'vendor/',
        ]);
      });

      it('gives paths relative to a subfolder and applies the ignore files of its parents', async () => {
        assert.deepEqual((await list('src', true)).entries, ['.ignore', '[id]/page.tsx', 'index.ts', 'nested/.gitignore', 'nested/real.ts', 'util/helper.ts']);
        assert.deepEqual((await list('src/nested', true)).entries, ['.gitignore', 'real.ts']);
        assert.deepEqual((await list('src/nested', false)).entries, ['.gitignore', 'real.ts']);
      });

      it('stops at the limit and reports truncation only when more entries exist', async () => {
        const cut = await list('.', true, 3);
        assert.deepEqual(cut, { entries: ['.elbowignore', '.gitignore', '.hidden'], truncated: true });
        const exact = await list('src', true, 6);
        assert.equal(exact.entries.length, 6);
        assert.equal(exact.truncated, false);
      });

      it('lists a gitignored folder when asked for it explicitly', async () => {
        assert.deepEqual((await list('build', true)).entries, ['out.js']);
      });

      it('never lists inside a folder hidden by .elbowignore, even when asked for it', async () => {
        assert.deepEqual((await list('secrets', true)).entries, []);
        assert.deepEqual((await list('secrets', false)).entries, []);
      });

      it('does not apply ignore files above a nested repository inside it', async () => {
        assert.deepEqual((await list('vendor/lib', true)).entries, ['x.tmp']);
      });

      it('rejects when aborted', async () => {
        const controller = new AbortController();
        controller.abort();
        await assert.rejects(searcher.listFiles({ directory: temp.root, recursive: true, limit: 10, signal: controller.signal }));
      });
    });

    describe('search', () => {
      it('finds matching lines case-insensitively, skipping ignored, hidden-by-elbowignore, binary and linked files', async () => {
        const result = await search({ pattern: 'needle' });
        assert.deepEqual(result.found, [
          '.hidden:1',
          'README.md:1',
          'a.txt:1',
          'a.txt:3',
          'keep.log:1',
          'src/[id]/page.tsx:1',
          'src/index.ts:1',
          'src/nested/real.ts:1',
          'src/util/helper.ts:1',
          'vendor/lib/x.tmp:1',
        ]);
        assert.equal(result.truncated, false);
        assert.equal(result.matches.find((match) => match.path === 'a.txt')?.text, 'needle one');
      });

      it('matches case-sensitively when asked', async () => {
        const result = await search({ pattern: 'needle', caseSensitive: true, include: '*.{txt,md}' });
        assert.deepEqual(result.found, ['a.txt:1']);
      });

      it('treats a literal pattern as plain text', async () => {
        assert.deepEqual((await search({ pattern: 'needle(1)', literal: true })).found, ['src/index.ts:1']);
        assert.deepEqual((await search({ pattern: 'needle(1)' })).found, []);
      });

      it('matches `$` at the end of CRLF lines and strips line endings from the text', async () => {
        const result = await search({ pattern: 'line\\$$' });
        assert.deepEqual(result.found, ['src/util/helper.ts:2']);
        assert.equal(result.matches[0]?.text, '// crlf line$');
      });

      it('rejects an invalid regular expression with a message naming it', async () => {
        await assert.rejects(search({ pattern: 'needle(' }), (error: Error) => {
          assert.match(error.message, /Invalid regular expression "needle\("/);
          return true;
        });
      });

      it('filters by file name glob without reviving gitignored files', async () => {
        assert.deepEqual((await search({ pattern: 'needle', include: '*.ts' })).found, ['src/index.ts:1', 'src/nested/real.ts:1', 'src/util/helper.ts:1']);
      });

      it('filters by path glob relative to the searched folder', async () => {
        assert.deepEqual((await search({ pattern: 'needle', include: 'src/**/*.ts' })).found, ['src/index.ts:1', 'src/nested/real.ts:1', 'src/util/helper.ts:1']);
        assert.deepEqual((await search({ pattern: 'needle', include: 'util/*.ts' }, 'src')).found, ['util/helper.ts:1']);
        assert.deepEqual((await search({ pattern: 'needle', include: '/*.txt' })).found, ['a.txt:1', 'a.txt:3']);
      });

      it('searches a subfolder, with paths relative to it, even with glob characters in its name', async () => {
        assert.deepEqual((await search({ pattern: 'needle' }, 'src/nested')).found, ['real.ts:1']);
        assert.deepEqual((await search({ pattern: 'needle' }, path.join('src', '[id]'))).found, ['page.tsx:1']);
      });

      it('stops at the limit and reports truncation only when more matches exist', async () => {
        const cut = await search({ pattern: 'needle', limit: 2 });
        const exact = await search({ pattern: 'needle', limit: 10 });
        assert.equal(exact.found.length, 10);
        assert.equal(exact.truncated, false);
        // ripgrep searches in parallel: which matches a cut keeps may vary, but they come in path order.
        assert.equal(cut.found.length, 2);
        assert.equal(cut.truncated, true);
        assert.ok(cut.found.every((match) => exact.found.includes(match)), cut.found.join());
        assert.deepEqual(cut.found, exact.found.filter((match) => cut.found.includes(match)));
      });

      it('rejects when aborted', async () => {
        const controller = new AbortController();
        controller.abort();
        await assert.rejects(search({ pattern: 'needle', signal: controller.signal }));
      });
    });
  });
}
