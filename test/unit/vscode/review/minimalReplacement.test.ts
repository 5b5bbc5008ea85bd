import assert from 'node:assert/strict';
import { minimalReplacement } from '../../../../src/vscode/review/minimalReplacement';

function apply(current: string, wanted: string): string {
  const replacement = minimalReplacement(current, wanted);
  return replacement === undefined ? current : current.slice(0, replacement.start) + replacement.text + current.slice(replacement.end);
}

describe('minimalReplacement', () => {
  it('is undefined when nothing changes', () => {
    assert.equal(minimalReplacement('same\n', 'same\n'), undefined);
  });

  it('replaces only the changed middle', () => {
    assert.deepEqual(minimalReplacement('let a = 1;\nlet b = 2;\n', 'let a = 1;\nlet b = 3;\n'), { start: 19, end: 20, text: '3' });
  });

  it('handles insertions and deletions at either end', () => {
    for (const [current, wanted] of [['abc', 'xabc'], ['abc', 'abcx'], ['xabc', 'abc'], ['abcx', 'abc'], ['', 'new'], ['old', ''], ['aaa', 'aa']]) {
      assert.equal(apply(current as string, wanted as string), wanted, `${current} → ${wanted}`);
    }
  });

  it('never splits a surrogate pair or a CRLF', () => {
    const current = 'a😀b';
    const wanted = 'a😃b';
    const replacement = minimalReplacement(current, wanted);
    assert.ok(replacement);
    assert.equal(replacement.text, '😃', 'the whole emoji is replaced');
    assert.equal(apply(current, wanted), wanted);

    const crlf = minimalReplacement('one\r\ntwo', 'one\ntwo');
    assert.ok(crlf);
    assert.ok(crlf.start <= 3 && crlf.end >= 5, 'the line break is replaced whole');
    assert.equal(apply('one\r\ntwo', 'one\ntwo'), 'one\ntwo');
  });

  it('round-trips random edits', () => {
    let seed = 7;
    const random = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
    const alphabet = ['a', 'b', '\n', '\r\n', '😀', ' '];
    const text = (length: number) => Array.from({ length }, () => alphabet[Math.floor(random() * alphabet.length)]).join('');
    for (let round = 0; round < 300; round++) {
      const current = text(Math.floor(random() * 12));
      const wanted = text(Math.floor(random() * 12));
      assert.equal(apply(current, wanted), wanted, JSON.stringify([current, wanted]));
    }
  });
});
