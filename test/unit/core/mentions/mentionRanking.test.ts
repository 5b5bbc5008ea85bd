import assert from 'node:assert/strict';
import { rankFuzzily } from '../../../../src/core/mentions/mentionRanking';

describe('rankFuzzily', () => {
  const paths = ['docs/architecture.md', 'src/core/agent/agentLoop.ts', 'src/webview/composer.ts', 'test/unit/webview/composerSpecs.ts', 'src/cli/repl.ts'];
  const rank = (query: string, limit = 10): string[] => rankFuzzily(paths, (item) => item, query, limit).map((ranked) => ranked.item);

  it('puts the closest match first: consecutive letters in the file name beat scattered ones', () => {
    assert.deepEqual(rank('composer').slice(0, 2), ['src/webview/composer.ts', 'test/unit/webview/composerSpecs.ts']);
    assert.equal(rank('agloop')[0], 'src/core/agent/agentLoop.ts');
  });

  it('matches letters in order with gaps, and drops what does not match', () => {
    assert.deepEqual(rank('rpl'), ['src/cli/repl.ts']);
    assert.deepEqual(rank('zzz'), []);
  });

  it('keeps every item in its order for an empty query, up to the limit', () => {
    assert.deepEqual(rank('', 2), paths.slice(0, 2));
  });

  it('gives the matched positions, for highlighting', () => {
    const [first] = rankFuzzily(['src/cli/repl.ts'], (item) => item, 'repl', 5);
    assert.deepEqual(first?.positions, [8, 9, 10, 11]);
  });
});
