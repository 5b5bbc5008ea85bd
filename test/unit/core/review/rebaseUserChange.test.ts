import assert from 'node:assert/strict';
import { applyReplacement } from '../../../../src/core/review/hunkActions';
import { computeHunks, type Hunk } from '../../../../src/core/review/lineHunks';
import { rebaseUserChange, rebaseUserChanges, type TextChange } from '../../../../src/core/review/rebaseUserChange';
import { seededRandom } from './seededRandom';

const text = (...lines: string[]): string => lines.map((line) => `${line}\n`).join('');

const baseline = text('one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten');
const current = text('one', 'TWO', 'three', 'four', 'four and a half', 'five', 'six', 'eight', 'nine', 'ten');
// Hunks: [two → TWO] at current line 1, [+ four and a half] at line 4, [- seven] before line 7 (eight).

/** The change that turns `find`, the `occurrence`-th time it occurs in `text`, into `replace`. */
function edit(text: string, find: string, replace: string, occurrence = 1): TextChange {
  let start = -1;
  for (let i = 0; i < occurrence; i++) start = text.indexOf(find, start + 1);
  assert.ok(start !== -1, `${JSON.stringify(find)} is not in the text`);
  return { start, end: start + find.length, text: replace };
}

const insertAt = (offset: number, inserted: string): TextChange => ({ start: offset, end: offset, text: inserted });

/** The hunks without their positions, which move when the user adds or removes lines. */
const contents = (hunks: readonly Hunk[]): Array<[readonly string[], readonly string[]]> => hunks.map((hunk) => [hunk.baseLines, hunk.currentLines]);

/** Rebases `change` and checks that the agent's hunks look exactly as before in the edited text. */
function rebasesKeepingHunks(base: string, now: string, change: TextChange): string {
  const rebased = rebaseUserChange(base, now, change);
  assert.ok(rebased !== undefined, 'the change was not rebased');
  assert.deepEqual(contents(computeHunks(rebased, applyReplacement(now, change))), contents(computeHunks(base, now)));
  return rebased;
}

describe('rebaseUserChange', () => {
  it('rebases typing above, between and below the hunks', () => {
    assert.equal(rebasesKeepingHunks(baseline, current, insertAt(0, 'zero ')), `zero ${baseline}`);
    assert.equal(rebasesKeepingHunks(baseline, current, edit(current, 'three', 'THREE')), baseline.replace('three', 'THREE'));
    assert.equal(rebasesKeepingHunks(baseline, current, edit(current, 'five\n', 'fiv\n')), baseline.replace('five', 'fiv'));
    assert.equal(rebasesKeepingHunks(baseline, current, insertAt(current.length, 'eleven')), `${baseline}eleven`);
    assert.equal(rebasesKeepingHunks(baseline, current, edit(current, 'ten\n', '')), baseline.replace('ten\n', ''));
  });

  it('keeps the hunk positions when the line count does not change', () => {
    const change = edit(current, 'nine', 'NINE');
    const rebased = rebaseUserChange(baseline, current, change) ?? '';
    assert.deepEqual(computeHunks(rebased, applyReplacement(current, change)), computeHunks(baseline, current));
  });

  it('rebases edits of the lines just before and just after a deletion', () => {
    assert.equal(rebasesKeepingHunks(baseline, current, edit(current, 'six', 'SIX')), baseline.replace('six', 'SIX'));
    assert.equal(rebasesKeepingHunks(baseline, current, edit(current, 'eight', 'EIGHT')), baseline.replace('eight', 'EIGHT'));
    // Enter at the end of "six" adds an empty line after it, above the deleted "seven".
    assert.equal(rebasesKeepingHunks(baseline, current, edit(current, 'six\n', 'six\n\n')), baseline.replace('six\n', 'six\n\n'));
  });

  it('rebases whole lines added or removed right next to a hunk with lines', () => {
    assert.equal(rebasesKeepingHunks(baseline, current, insertAt(current.indexOf('TWO'), 'one and a half\n')), baseline.replace('two', 'one and a half\ntwo'));
    assert.equal(rebasesKeepingHunks(baseline, current, insertAt(current.indexOf('five'), 'p1\np2\n')), baseline.replace('five', 'p1\np2\nfive'));
    assert.equal(rebasesKeepingHunks(baseline, current, edit(current, 'one\n', '')), baseline.replace('one\n', ''));
    assert.equal(rebasesKeepingHunks(baseline, current, edit(current, 'three\n', '')), baseline.replace('three\n', ''));
  });

  it('rebases a multi-line paste and a joined line outside the hunks', () => {
    assert.equal(rebasesKeepingHunks(baseline, current, edit(current, 'hre', 'X\nY\nZ')), baseline.replace('three', 'tX\nY\nZe'));
    assert.equal(rebasesKeepingHunks(baseline, current, edit(current, 'eight\nnine', 'eight nine')), baseline.replace('eight\nnine', 'eight nine'));
    assert.equal(rebasesKeepingHunks(baseline, current, edit(current, 'eight\nnine\nten\n', 'end\n')), baseline.replace('eight\nnine\nten\n', 'end\n'));
    assert.equal(rebasesKeepingHunks(baseline, current, edit(current, 'one\n', 'one\r\nhalf\r\n')), baseline.replace('one\n', 'one\r\nhalf\r\n'));
  });

  it('leaves the baseline alone when the edit touches a hunk', () => {
    const touching: Array<[string, TextChange]> = [
      ['typing inside a changed line', edit(current, 'TWO', 'TWO!')],
      ['typing at the start of a changed line', insertAt(current.indexOf('TWO'), 'x')],
      ['typing at the end of an inserted line', edit(current, 'half\n', 'half!\n')],
      ['pressing Enter inside an inserted line', edit(current, 'and a', 'and\na')],
      ['deleting an inserted line', edit(current, 'four and a half\n', '')],
      ['joining a line onto a changed one', edit(current, 'one\nTWO', 'oneTWO')],
      ['joining a changed line with the next', edit(current, 'TWO\nthree', 'TWO three')],
      ['deleting across a hunk', edit(current, 'three\nfour\nfour and a half\nfive', 'x')],
      ['joining the lines around a deletion', edit(current, 'six\neight', 'six eight')],
      ['adding whole lines where lines were deleted', insertAt(current.indexOf('eight'), 'seven?\n')],
    ];
    for (const [name, change] of touching) assert.equal(rebaseUserChange(baseline, current, change), undefined, name);
  });

  it('handles CRLF, a last line without a line break and empty texts', () => {
    assert.equal(rebasesKeepingHunks('a\r\nb\r\nc', 'a\r\nB\r\nc', insertAt(0, 'x')), 'xa\r\nb\r\nc');
    assert.equal(rebasesKeepingHunks('a\r\nb\r\nc', 'a\r\nB\r\nc', insertAt(7, '!\r\nd')), 'a\r\nb\r\nc!\r\nd');
    assert.equal(rebaseUserChange('a\nb', 'a\nB', insertAt(3, 'x')), undefined);

    // Typing after a line the agent appended.
    assert.equal(rebasesKeepingHunks('a\n', 'a\nb\n', insertAt(4, 'c')), 'a\nc');
    assert.equal(rebasesKeepingHunks('a\n', 'a\nb\n', insertAt(4, 'c\n')), 'a\nc\n');
    // The baseline has no empty last line to type into when it does not end with a line break.
    assert.equal(rebaseUserChange('a', 'a\nb\n', insertAt(4, 'c')), undefined);
    assert.equal(rebaseUserChange('a', 'a\nb\n', insertAt(4, 'c\n')), undefined);
    // Typing after lines the agent deleted at the end.
    assert.equal(rebasesKeepingHunks('a\nd\n', 'a\n', insertAt(2, 'x')), 'a\nd\nx');

    assert.equal(rebasesKeepingHunks('', 'agent\n', insertAt(6, 'user')), 'user');
    assert.equal(rebasesKeepingHunks('', 'agent\n', insertAt(0, 'user\n')), 'user\n');
    assert.equal(rebasesKeepingHunks('gone\n', '', insertAt(0, 'x')), 'gone\nx');
    assert.equal(rebaseUserChange('gone\n', '', insertAt(0, 'x\n')), undefined, 'before or after the deleted line?');
    assert.equal(rebasesKeepingHunks('same\n', 'same\n', edit('same\n', 'am', 'AM')), 'sAMe\n');
  });

  it('ignores a change outside the text', () => {
    assert.equal(rebaseUserChange(baseline, current, { start: 5, end: 4, text: '' }), undefined);
    assert.equal(rebaseUserChange(baseline, current, insertAt(current.length + 1, 'x')), undefined);
  });
});

describe('rebaseUserChanges', () => {
  it('applies the changes of one event from the highest offset down, whatever their order', () => {
    // Two cursors: one in "nine" (outside), one in "TWO" (inside a hunk).
    const changes = [edit(current, 'nine', 'NINE'), edit(current, 'TWO', 'TW0'), edit(current, 'one', 'ONE')];
    const expected = baseline.replace('nine', 'NINE').replace('one', 'ONE');
    assert.equal(rebaseUserChanges(baseline, current, [...changes].sort((a, b) => b.start - a.start)), expected);
    assert.equal(rebaseUserChanges(baseline, current, changes), expected);
  });

  it('rebases several multi-line changes that each move the lines after them', () => {
    const changes = [edit(current, 'ten\n', 'ten\nten and a bit\n'), edit(current, 'five\n', ''), insertAt(0, 'zero\n')];
    const rebased = rebaseUserChanges(baseline, current, changes);
    assert.equal(rebased, text('zero', 'one', 'two', 'three', 'four', 'six', 'seven', 'eight', 'nine', 'ten', 'ten and a bit'));
    const after = changes.reduce(applyReplacement, current);
    assert.deepEqual(contents(computeHunks(rebased, after)), contents(computeHunks(baseline, current)));
  });

  it('keeps the baseline when every change touches a hunk', () => {
    assert.equal(rebaseUserChanges(baseline, current, [edit(current, 'TWO', 'two')]), baseline);
    assert.equal(rebaseUserChanges(baseline, current, []), baseline);
  });
});

/** The contents of `before`, with runs of neighbouring hunks joined where `after` has them as one. */
function joinedAsIn(before: readonly Hunk[], after: readonly Hunk[]): Array<[readonly string[], readonly string[]]> {
  const joined: Array<[readonly string[], readonly string[]]> = [];
  let index = 0;
  for (const target of after) {
    const baseLines: string[] = [];
    const currentLines: string[] = [];
    while (index < before.length && (baseLines.length < target.baseLines.length || currentLines.length < target.currentLines.length)) {
      const hunk = before[index++] as Hunk;
      baseLines.push(...hunk.baseLines);
      currentLines.push(...hunk.currentLines);
    }
    joined.push([baseLines, currentLines]);
  }
  for (; index < before.length; index++) {
    const hunk = before[index] as Hunk;
    joined.push([hunk.baseLines, hunk.currentLines]);
  }
  return joined;
}

describe('rebaseUserChange on random edits', () => {
  it('leaves the agent hunks exactly as they were whenever it rebases', () => {
    const random = seededRandom(7_031_989);
    const word = (): string => Array.from({ length: 8 }, () => String.fromCharCode(97 + random.int(26))).join('');
    let rebasedCount = 0;
    let refusedCount = 0;
    for (let round = 0; round < 500; round++) {
      // Lines unique enough that there is only one way to align them.
      const lineBreak = random.int(3) === 0 ? '\r\n' : '\n';
      const baseLines = Array.from({ length: 5 + random.int(25) }, () => `${word()}${lineBreak}`);
      const nowLines = [...baseLines];
      for (let edits = 1 + random.int(3); edits > 0; edits--) {
        nowLines.splice(random.int(nowLines.length + 1), random.int(3), ...Array.from({ length: random.int(3) }, () => `agent ${word()}${lineBreak}`));
      }
      const trim = (lines: string[]): string => (random.int(4) === 0 ? lines.join('').replace(/\r?\n$/, '') : lines.join(''));
      const base = trim(baseLines);
      const now = trim(nowLines);
      const start = random.int(now.length + 1);
      const end = Math.min(now.length, start + random.pick([0, 0, 1, 3, 12, 40]));
      const change = { start, end, text: random.pick(['', 'u', `user ${word()}`, `${lineBreak}`, `user${lineBreak}`, `${lineBreak}user ${word()}${lineBreak}`]) };

      const rebased = rebaseUserChange(base, now, change);
      if (rebased === undefined) {
        refusedCount++;
        continue;
      }
      rebasedCount++;
      const context = `round ${round}: ${JSON.stringify({ base, now, change })}`;
      // Deleting the lines between two hunks joins them; nothing else may change.
      assert.deepEqual(contents(computeHunks(rebased, applyReplacement(now, change))), joinedAsIn(computeHunks(base, now), computeHunks(rebased, applyReplacement(now, change))), context);
    }
    assert.ok(rebasedCount > 150 && refusedCount > 50, `rebased ${rebasedCount}, refused ${refusedCount}`);
  });
});
