import assert from 'node:assert/strict';
import { computeHunks } from '../../../../src/core/review/lineHunks';
import type { Replacement } from '../../../../src/vscode/review/minimalReplacement';
import { hunkReplacements } from '../../../../src/vscode/review/hunkReplacements';

function applied(text: string, replacements: readonly Replacement[]): string {
  let result = '';
  let at = 0;
  for (const replacement of replacements) {
    assert.ok(replacement.start >= at && replacement.end >= replacement.start, 'in order, not overlapping');
    result += text.slice(at, replacement.start) + replacement.text;
    at = replacement.end;
  }
  return result + text.slice(at);
}

/** A small random text of a few distinct lines, with LF, CRLF, a lone CR, astral characters and an unended last line. */
function randomText(random: () => number): string {
  const pieces = ['a', 'b', 'const x = 1;', '', '😀', 'é', '\r'];
  const endings = ['\n', '\r\n', ''];
  const lines = Math.floor(random() * 8);
  let text = '';
  for (let index = 0; index < lines; index++) text += (pieces[Math.floor(random() * pieces.length)] ?? '') + (endings[Math.floor(random() * endings.length)] ?? '');
  return text;
}

function seeded(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state / 2 ** 31;
  };
}

describe('hunkReplacements', () => {
  it('turns the text into the wanted one exactly, never splitting a CRLF or a surrogate pair, for thousands of random pairs', () => {
    const random = seeded(7);
    for (let round = 0; round < 5_000; round++) {
      const current = randomText(random);
      const wanted = randomText(random);
      for (const replacements of [hunkReplacements(current, wanted), hunkReplacements(current, wanted, computeHunks(current, wanted))]) {
        assert.equal(applied(current, replacements), wanted, JSON.stringify({ current, wanted }));
        for (const { start, end } of replacements) {
          for (const offset of [start, end]) {
            assert.ok(!(current[offset - 1] === '\r' && current[offset] === '\n'), `splits a CRLF at ${offset}: ${JSON.stringify({ current, wanted })}`);
            const code = current.charCodeAt(offset);
            assert.ok(!(code >= 0xdc00 && code <= 0xdfff), `splits a surrogate pair at ${offset}`);
          }
        }
      }
    }
  });

  it('edits each changed stretch of a long file on its own, leaving the lines between untouched', () => {
    const lines = Array.from({ length: 5_000 }, (_, index) => `export const value${index} = ${index};\n`);
    const current = lines.join('');
    const wanted = lines.map((line, index) => (index % 100 === 50 ? line.replace(';', '; // changed') : line)).join('');
    const replacements = hunkReplacements(current, wanted);
    assert.equal(replacements.length, 50);
    assert.ok(replacements.every((replacement) => replacement.end - replacement.start <= 1 && replacement.text.length <= 12), JSON.stringify(replacements.slice(0, 2)));
    assert.equal(applied(current, replacements), wanted);
  });

  it('changes nothing when the texts are the same', () => {
    assert.deepEqual(hunkReplacements('a\nb\n', 'a\nb\n'), []);
  });
});
