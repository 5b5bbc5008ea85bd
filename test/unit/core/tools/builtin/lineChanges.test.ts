import assert from 'node:assert/strict';
import { numberLines } from '../../../../../src/core/tools/builtin/numberedLines';
import { lineIndexAt, numberedSnippet, regionLineIndexes } from '../../../../../src/core/tools/builtin/lineChanges';
import { dominantLineEnding, splitLines } from '../../../../../src/core/tools/builtin/textFile';

/** The snippet by its definition: every line of the text, three around the region, at most forty. */
function snippetByDefinition(text: string, start: number, end: number): string {
  const lines = splitLines(text);
  const first = splitLines(text.slice(0, start) + 'x').length - 1;
  const last = Math.max(first, splitLines(text.slice(0, Math.max(start, end - 1)) + 'x').length - 1);
  const from = Math.max(0, first - 3);
  const to = Math.min(lines.length, last + 4, from + 40);
  const snippet = numberLines(lines.slice(from, to), from + 1);
  return to < last + 1 ? `${snippet}\n…` : snippet;
}

describe('lineChanges', () => {
  it('shows the same snippet as splitting the whole text, for every region of texts with LF, CRLF, blank and unended lines', () => {
    const texts = ['', '\n', 'a', 'a\n', '\n\na\n', 'a\r\nb\r\n\r\nc', 'one\ntwo\r\nthree\n\nfive\nsix\nseven\neight\n', Array.from({ length: 60 }, (_, index) => `line ${index}`).join('\n')];
    let compared = 0;
    for (const text of texts) {
      for (let start = 0; start <= text.length; start++) {
        for (let end = start; end <= Math.min(text.length, start + 400); end += end < start + 8 ? 1 : 37) {
          assert.equal(numberedSnippet(text, start, end), snippetByDefinition(text, start, end), `${JSON.stringify(text)} ${start}–${end}`);
          compared++;
        }
      }
    }
    assert.ok(compared > 1000);
  });

  it('counts the lines before an offset and a region\'s last line from its first', () => {
    const text = 'a\nb\r\nc\n\nd';
    assert.deepEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9].map((offset) => lineIndexAt(text, offset)), [0, 0, 1, 1, 1, 2, 2, 3, 4, 4]);
    assert.deepEqual(regionLineIndexes(text, 2, 8), { first: 1, last: 3 });
    assert.deepEqual(regionLineIndexes(text, 2, 2), { first: 1, last: 1 });
  });

  it('takes the line ending most lines use, a tie going to LF', () => {
    assert.equal(dominantLineEnding('a\r\nb\r\nc\n'), '\r\n');
    assert.equal(dominantLineEnding('a\r\nb\nc\n'), '\n');
    assert.equal(dominantLineEnding('a\r\nb\n'), '\n');
    assert.equal(dominantLineEnding('\r\n'), '\r\n');
    assert.equal(dominantLineEnding('no line break\r'), '\n');
  });
});
