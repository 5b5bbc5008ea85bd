import assert from 'node:assert/strict';
import { baseEnd, computeHunks, countLines, currentEnd, lineStartOffsets, splitLinesKeepingEnds, type Hunk } from '../../../../src/core/review/lineHunks';

const text = (...lines: string[]): string => lines.map((line) => `${line}\n`).join('');

/** The current text rebuilt from the baseline and the hunks (each hunk's base lines swapped for its current lines). */
function rebuild(baseline: string, hunks: readonly Hunk[]): string {
  const lines = splitLinesKeepingEnds(baseline);
  let result = '';
  let at = 0;
  for (const hunk of hunks) {
    result += lines.slice(at, hunk.baseStart).join('') + hunk.currentLines.join('');
    at = baseEnd(hunk);
  }
  return result + lines.slice(at).join('');
}

describe('splitLinesKeepingEnds', () => {
  it('keeps each line terminator, LF or CRLF, and a last line without one', () => {
    assert.deepEqual(splitLinesKeepingEnds(''), []);
    assert.deepEqual(splitLinesKeepingEnds('a'), ['a']);
    assert.deepEqual(splitLinesKeepingEnds('a\n'), ['a\n']);
    assert.deepEqual(splitLinesKeepingEnds('a\r\nb\nc'), ['a\r\n', 'b\n', 'c']);
    assert.deepEqual(splitLinesKeepingEnds('\n\n'), ['\n', '\n']);
    assert.deepEqual(splitLinesKeepingEnds('a\rb\r\n'), ['a\rb\r\n'], 'a lone CR is not a line break');
  });

  it('gives line start offsets ending with the text length', () => {
    assert.deepEqual(lineStartOffsets(splitLinesKeepingEnds('ab\r\nc\nd')), [0, 4, 6, 7]);
    assert.deepEqual(lineStartOffsets([]), [0]);
  });
});

describe('computeHunks', () => {
  it('finds nothing when the texts are equal', () => {
    assert.deepEqual(computeHunks('', ''), []);
    assert.deepEqual(computeHunks('a\nb', 'a\nb'), []);
  });

  it('reports a modification, an insertion and a deletion with their exact lines', () => {
    const baseline = text('one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten');
    const current = text('one', 'TWO', 'three', 'four', 'four and a half', 'five', 'six', 'eight', 'nine', 'ten');
    const hunks = computeHunks(baseline, current);
    assert.deepEqual(hunks, [
      { baseStart: 1, baseLines: ['two\n'], currentStart: 1, currentLines: ['TWO\n'] },
      { baseStart: 4, baseLines: [], currentStart: 4, currentLines: ['four and a half\n'] },
      { baseStart: 6, baseLines: ['seven\n'], currentStart: 7, currentLines: [] },
    ]);
    assert.deepEqual(hunks.map((hunk) => [baseEnd(hunk), currentEnd(hunk)]), [[2, 2], [4, 5], [7, 7]]);
    assert.deepEqual(countLines(hunks), { added: 2, removed: 2 });
  });

  it('merges neighbouring removed and added lines into one hunk', () => {
    const hunks = computeHunks(text('a', 'b', 'c', 'd'), text('a', 'x', 'y', 'z', 'd'));
    assert.deepEqual(hunks, [{ baseStart: 1, baseLines: ['b\n', 'c\n'], currentStart: 1, currentLines: ['x\n', 'y\n', 'z\n'] }]);
  });

  it('tells a last line with a line break from one without', () => {
    assert.deepEqual(computeHunks('a\nb', 'a\nb\n'), [{ baseStart: 1, baseLines: ['b'], currentStart: 1, currentLines: ['b\n'] }]);
    assert.deepEqual(computeHunks('a\nb\n', 'a\nb'), [{ baseStart: 1, baseLines: ['b\n'], currentStart: 1, currentLines: ['b'] }]);
    assert.deepEqual(computeHunks('a\nb', 'a\nb\nc'), [{ baseStart: 1, baseLines: ['b'], currentStart: 1, currentLines: ['b\n', 'c'] }]);
    assert.deepEqual(computeHunks('a\nb\n', 'a\nb\nc'), [{ baseStart: 2, baseLines: [], currentStart: 2, currentLines: ['c'] }]);
  });

  it('handles empty texts and CRLF', () => {
    assert.deepEqual(computeHunks('', 'a\nb'), [{ baseStart: 0, baseLines: [], currentStart: 0, currentLines: ['a\n', 'b'] }]);
    assert.deepEqual(computeHunks('a\nb', ''), [{ baseStart: 0, baseLines: ['a\n', 'b'], currentStart: 0, currentLines: [] }]);
    assert.deepEqual(computeHunks('a\r\nb\r\nc\r\n', 'a\r\nB\r\nc\r\n'), [{ baseStart: 1, baseLines: ['b\r\n'], currentStart: 1, currentLines: ['B\r\n'] }]);
    assert.deepEqual(computeHunks('a\r\nb\r\n', 'a\nb\r\n'), [{ baseStart: 0, baseLines: ['a\r\n'], currentStart: 0, currentLines: ['a\n'] }]);
  });

  it('finds isolated changes exactly in a large file, where it diffs between anchors', () => {
    const lines = Array.from({ length: 5000 }, (_, i) => (i % 10 === 0 ? '}' : i % 10 === 5 ? '' : `line ${i}`));
    const baseline = text(...lines);
    const changed = [...lines];
    changed[100] = 'changed 100';
    changed.splice(2000, 0, 'inserted a', 'inserted b');
    changed.splice(4002, 3);
    const hunks = computeHunks(baseline, text(...changed));
    assert.deepEqual(hunks, [
      { baseStart: 100, baseLines: ['}\n'], currentStart: 100, currentLines: ['changed 100\n'] },
      { baseStart: 2000, baseLines: [], currentStart: 2000, currentLines: ['inserted a\n', 'inserted b\n'] },
      { baseStart: 4000, baseLines: ['}\n', 'line 4001\n', 'line 4002\n'], currentStart: 4002, currentLines: [] },
    ]);
  });

  it('gives hunks that rebuild the current text exactly, for small and large texts', () => {
    const pairs: Array<[string, string]> = [
      ['', ''], ['a', ''], ['', 'a'], ['a', 'a\n'], ['a\r\n', 'a\n'], ['x\ny\nz', 'y\nz\nx'],
      [text(...Array.from({ length: 3000 }, (_, i) => `${i % 50}`)), text(...Array.from({ length: 3100 }, (_, i) => `${(i * 7) % 60}`))],
    ];
    for (const [baseline, current] of pairs) assert.equal(rebuild(baseline, computeHunks(baseline, current)), current);
  });

  it('reports a very large rewrite as hunks that still rebuild it exactly', () => {
    const baseline = text(...Array.from({ length: 4000 }, (_, i) => `old ${i}`));
    const current = text(...Array.from({ length: 4000 }, (_, i) => `new ${i}`));
    const hunks = computeHunks(baseline, current);
    assert.equal(hunks.length, 1);
    assert.equal(rebuild(baseline, hunks), current);
    assert.deepEqual(countLines(hunks), { added: 4000, removed: 4000 });
  });
});
