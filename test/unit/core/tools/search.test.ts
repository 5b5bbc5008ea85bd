import assert from 'node:assert/strict';
import * as fs from 'node:fs/promises';
import type { WorkspaceSearcher } from '../../../../src/core/host/searcher';
import { searchTool } from '../../../../src/core/tools/builtin/search';
import { BLOCKED_EVENT_LOOP_MS, measureEventLoopStall } from '../../../support/eventLoopStall';
import { createTempWorkspace, type TempWorkspace, type ToolCallOutcome } from '../../../support/tempWorkspace';

describe('search', () => {
  let temp: TempWorkspace;

  beforeEach(async () => {
    temp = await createTempWorkspace({
      '.elbowignore': 'secret.ts\n',
      '.gitignore': 'out.log\n',
      'src/app.ts': 'import { fetchUser } from "./api";\nconst user = fetchUser(1);\n',
      'src/api.ts': 'export function fetchUser(id: number) {}\nexport function FETCHALL() {}\n',
      'src/secret.ts': 'fetchUser secret\n',
      'docs/notes.md': 'fetchuser in prose\n',
      'out.log': 'fetchUser in an ignored log\n',
      'big.txt': `${Array.from({ length: 250 }, (_, index) => `hit ${index}`).join('\n')}\n`,
      'min.js': `${'a'.repeat(1000)}NEEDLE${'b'.repeat(1000)}\n`,
    });
  });
  afterEach(() => temp.cleanup());

  it('prints path:line: text with paths relative to the workspace root', async () => {
    const result = await temp.callTool('search', { pattern: 'fetchUser\\(\\d\\)', path: 'src' });
    assert.equal(result.isError, false);
    assert.equal(result.text, 'src/app.ts:2: const user = fetchUser(1);\n\n[1 match in 1 file.]');
    assert.equal(result.summary, 'Searched src: 1 match in 1 file');
  });

  it('uses smart case unless told otherwise', async () => {
    const smart = await temp.callTool('search', { pattern: 'fetchUser' });
    assert.doesNotMatch(smart.text, /notes\.md/);
    assert.match(smart.text, /\[3 matches in 2 files\.\]/);
    const lower = await temp.callTool('search', { pattern: 'fetchuser' });
    assert.match(lower.text, /docs\/notes\.md:1: fetchuser in prose/);
    assert.match(lower.text, /\[4 matches in 3 files\.\]/);
    const forced = await temp.callTool('search', { pattern: 'fetchUser', case_sensitive: false });
    assert.match(forced.text, /notes\.md/);
    const escapes = await temp.callTool('search', { pattern: '\\Sall' });
    assert.match(escapes.text, /FETCHALL/);
  });

  it('never shows ignored or hidden files', async () => {
    const result = await temp.callTool('search', { pattern: 'fetchUser' });
    assert.doesNotMatch(result.text, /secret|out\.log/);
  });

  it('searches literally when asked', async () => {
    assert.match((await temp.callTool('search', { pattern: 'fetchUser(1)', literal: true })).text, /src\/app\.ts:2:/);
  });

  it('filters with include', async () => {
    const result = await temp.callTool('search', { pattern: 'fetchuser', include: '*.md' });
    assert.equal(result.text, 'docs/notes.md:1: fetchuser in prose\n\n[1 match in 1 file.]');
  });

  it('searches a single file', async () => {
    const result = await temp.callTool('search', { pattern: 'export', path: 'src/api.ts' });
    assert.equal(result.text.split('\n\n')[0], 'src/api.ts:1: export function fetchUser(id: number) {}\nsrc/api.ts:2: export function FETCHALL() {}');
  });

  it('caps the matches with a note saying how to narrow the search', async () => {
    const result = await temp.callTool('search', { pattern: '^hit \\d+$' });
    assert.equal(result.text.split('\n').filter((line) => line.startsWith('big.txt:')).length, 200);
    assert.match(result.text, /200 of the matches are shown; there are more\. Narrow the search/);
    assert.equal(result.summary, 'Searched .: 200+ matches in 1 file');
  });

  it('shortens long lines around the match', async () => {
    const line = (await temp.callTool('search', { pattern: 'NEEDLE' })).text.split('\n')[0] as string;
    assert.ok(line.startsWith('min.js:1: …a'));
    assert.match(line, /NEEDLE/);
    assert.ok(line.endsWith('b…'));
    assert.ok(line.length < 320, `length ${line.length}`);
  });

  it('explains an invalid regular expression and suggests literal', async () => {
    const result = await temp.callTool('search', { pattern: 'fetchUser(' });
    assert.equal(result.isError, true);
    assert.match(result.text, /Invalid regular expression "fetchUser\("/);
    assert.match(result.text, /literal: true/);
  });

  it('says when nothing matched, and how it searched', async () => {
    const result = await temp.callTool('search', { pattern: 'zebra', include: '*.ts' });
    assert.deepEqual([result.text, result.isError], ['No matches for "zebra" in . (case-insensitive, include *.ts).', false]);
  });

  it('refuses to search a hidden file and drops hidden matches a searcher returns', async () => {
    assert.match((await temp.callTool('search', { pattern: 'x', path: 'src/secret.ts' })).text, /hidden by \.elbowignore/);
    const leaky: WorkspaceSearcher = {
      engine: 'leaky',
      listFiles: async () => ({ entries: [], truncated: false }),
      search: async () => ({ matches: [{ path: 'src/secret.ts', line: 1, text: 'fetchUser secret' }], truncated: false }),
    };
    const output = await searchTool.execute(
      { pattern: 'fetchUser', literal: false, path: '.' },
      { ...temp.context(), host: { ...temp.host, searcher: leaky } },
    );
    assert.match(String(output.content), /^No matches/);
  });

  it('matches a single file off the event loop, so that a catastrophic pattern can be cancelled', async () => {
    // `(a+)+$` backtracks for seconds on this line.
    await fs.writeFile(temp.path('slow.txt'), `${'a'.repeat(27)}!\n`);
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 100);
    const { outcome, longestStallMs, elapsedMs } = await measureEventLoopStall(() =>
      temp.callTool('search', { pattern: '(a+)+$', path: 'slow.txt' }, controller.signal),
    );
    assert.equal(outcome.status, 'fulfilled');
    assert.match((outcome as PromiseFulfilledResult<ToolCallOutcome>).value.text, /cancelled/);
    assert.ok(elapsedMs < 2000, `took ${Math.round(elapsedMs)} ms`);
    assert.ok(longestStallMs < BLOCKED_EVENT_LOOP_MS, `the event loop was blocked for ${Math.round(longestStallMs)} ms`);
  });

  it('cuts a long line around the match where ripgrep found it, without matching the pattern again on the event loop', async () => {
    const ripgrep = await createTempWorkspace({ 'long.txt': `${'a'.repeat(30)}!${'b'.repeat(400)}aaa\n` }, { searcher: 'ripgrep' });
    try {
      // ripgrep matches this line in linear time; a backtracking engine needs 2^30 steps before it gets there.
      const { outcome, longestStallMs } = await measureEventLoopStall(() => ripgrep.callTool('search', { pattern: '(a+)+$', path: '.' }));
      assert.equal(outcome.status, 'fulfilled');
      assert.match((outcome as PromiseFulfilledResult<ToolCallOutcome>).value.text, /^long\.txt:1: …b+aaa$/m);
      assert.ok(longestStallMs < BLOCKED_EVENT_LOOP_MS, `the event loop was blocked for ${Math.round(longestStallMs)} ms`);
    } finally {
      await ripgrep.cleanup();
    }
  });
});
