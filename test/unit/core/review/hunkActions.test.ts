import assert from 'node:assert/strict';
import { acceptAll, acceptHunk, applyReplacement, rejectAll, rejectHunk, restoredLineRange } from '../../../../src/core/review/hunkActions';
import { computeHunks, type Hunk } from '../../../../src/core/review/lineHunks';
import { seededRandom, type SeededRandom } from './seededRandom';

const text = (...lines: string[]): string => lines.map((line) => `${line}\n`).join('');

const baseline = text('one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten');
const current = text('one', 'TWO', 'three', 'four', 'four and a half', 'five', 'six', 'eight', 'nine', 'ten');
// [two → TWO], [+ four and a half], [- seven]

/** Rejects every hunk one by one, recomputing the hunks each time; `pick` chooses which. */
function rejectOneByOne(base: string, now: string, pick: (hunks: Hunk[]) => Hunk): string {
  let text = now;
  for (let hunks = computeHunks(base, text), guard = 0; hunks.length > 0; hunks = computeHunks(base, text), guard++) {
    assert.ok(guard < 10_000, 'rejecting never finishes');
    text = applyReplacement(text, rejectHunk(text, pick(hunks)));
  }
  return text;
}

/** Accepts every hunk one by one, recomputing the hunks each time; `pick` chooses which. */
function acceptOneByOne(base: string, now: string, pick: (hunks: Hunk[]) => Hunk): string {
  let next = base;
  for (let hunks = computeHunks(next, now), guard = 0; hunks.length > 0; hunks = computeHunks(next, now), guard++) {
    assert.ok(guard < 10_000, 'accepting never finishes');
    next = acceptHunk(next, pick(hunks));
  }
  return next;
}

const first = (hunks: Hunk[]): Hunk => hunks[0] as Hunk;
const last = (hunks: Hunk[]): Hunk => hunks[hunks.length - 1] as Hunk;

describe('acceptHunk', () => {
  it('accepting one hunk of three leaves the other two exactly', () => {
    const [modified, inserted, deleted] = computeHunks(baseline, current) as [Hunk, Hunk, Hunk];

    const afterMiddle = acceptHunk(baseline, inserted);
    assert.equal(afterMiddle, text('one', 'two', 'three', 'four', 'four and a half', 'five', 'six', 'seven', 'eight', 'nine', 'ten'));
    assert.deepEqual(computeHunks(afterMiddle, current), [modified, { ...deleted, baseStart: 7 }]);

    assert.deepEqual(computeHunks(acceptHunk(baseline, modified), current), [inserted, deleted]);
    assert.deepEqual(computeHunks(acceptHunk(baseline, deleted), current), [modified, inserted]);
  });

  it('accepting every hunk, bottom up from one diff or one at a time, gives the current text', () => {
    const hunks = computeHunks(baseline, current);
    assert.equal([...hunks].reverse().reduce(acceptHunk, baseline), current);
    assert.equal(acceptOneByOne(baseline, current, first), current);
    assert.equal(acceptAll(current), current);
  });

  it('refuses a hunk that does not belong to the baseline', () => {
    const [modified] = computeHunks(baseline, current) as [Hunk];
    assert.throws(() => acceptHunk(text('one', 'zwei'), modified), /compute the hunks again/);
  });
});

describe('rejectHunk', () => {
  it('restores exactly the hunk, as an edit of the current lines and characters', () => {
    const [modified, inserted, deleted] = computeHunks(baseline, current) as [Hunk, Hunk, Hunk];
    assert.deepEqual(rejectHunk(current, modified), { startLine: 1, endLine: 2, start: 4, end: 8, text: 'two\n' });
    assert.deepEqual(rejectHunk(current, inserted), { startLine: 4, endLine: 5, start: 19, end: 35, text: '' });
    assert.deepEqual(rejectHunk(current, deleted), { startLine: 7, endLine: 7, start: 44, end: 44, text: 'seven\n' });

    const afterMiddle = applyReplacement(current, rejectHunk(current, inserted));
    assert.equal(afterMiddle, text('one', 'TWO', 'three', 'four', 'five', 'six', 'eight', 'nine', 'ten'));
    assert.deepEqual(computeHunks(baseline, afterMiddle), [modified, { ...deleted, currentStart: 6 }]);
  });

  const cases: Array<{ name: string; baseline: string; current: string; rejected: string[] }> = [
    {
      name: 'a CRLF file',
      baseline: 'a\r\nb\r\nc\r\nd\r\ne\r\n',
      current: 'a\r\nB\r\nc\r\nd\r\nnew\r\ne\r\n',
      rejected: ['a\r\nb\r\nc\r\nd\r\nnew\r\ne\r\n', 'a\r\nB\r\nc\r\nd\r\ne\r\n'],
    },
    {
      name: 'a file without a line break at the end',
      baseline: 'a\nb\nc',
      current: 'A\nb\nc\nd',
      rejected: ['a\nb\nc\nd', 'A\nb\nc'],
    },
    {
      name: 'a file gaining a line break at the end',
      baseline: 'a\nb',
      current: 'a\nb\n',
      rejected: ['a\nb'],
    },
    {
      name: 'an empty file filled',
      baseline: '',
      current: 'x\ny\n',
      rejected: [''],
    },
    {
      name: 'a file emptied',
      baseline: 'x\ny',
      current: '',
      rejected: ['x\ny'],
    },
  ];
  for (const { name, baseline: base, current: now, rejected } of cases) {
    it(`restores the exact text of ${name}`, () => {
      const hunks = computeHunks(base, now);
      assert.deepEqual(hunks.map((hunk) => applyReplacement(now, rejectHunk(now, hunk))), rejected);
      assert.equal([...hunks].reverse().reduce((text, hunk) => applyReplacement(text, rejectHunk(text, hunk)), now), base);
    });
  }

  it('rejecting every hunk one by one, highest or lowest first, gives the baseline', () => {
    assert.equal(rejectOneByOne(baseline, current, last), baseline);
    assert.equal(rejectOneByOne(baseline, current, first), baseline);
    const hunks = computeHunks(baseline, current);
    assert.equal([...hunks].reverse().reduce((text, hunk) => applyReplacement(text, rejectHunk(text, hunk)), current), baseline);
  });

  it('refuses a hunk that does not belong to the current text', () => {
    const [, inserted] = computeHunks(baseline, current) as [Hunk, Hunk];
    assert.throws(() => rejectHunk(baseline, inserted), /does not match the current text/);
  });

  it('says where the restored lines are, 1-based', () => {
    const [modified, inserted, deleted] = computeHunks(baseline, current) as [Hunk, Hunk, Hunk];
    assert.deepEqual(restoredLineRange(modified), { startLine: 2, endLine: 2 });
    assert.deepEqual(restoredLineRange(inserted), { startLine: 5, endLine: 5 });
    assert.deepEqual(restoredLineRange({ ...deleted, baseLines: ['x\n', 'y\n'] }), { startLine: 8, endLine: 9 });
  });
});

describe('rejectAll', () => {
  it('is one edit from the first hunk to the last that restores the baseline', () => {
    const replacement = rejectAll(baseline, current);
    assert.deepEqual(replacement, { startLine: 1, endLine: 7, start: 4, end: 44, text: text('two', 'three', 'four', 'five', 'six', 'seven') });
    assert.equal(applyReplacement(current, replacement ?? { start: 0, end: 0, text: '' }), baseline);
    assert.equal(rejectAll(current, current), undefined);
    for (const [base, now] of [['a\nb', 'a\nb\n'], ['', 'x'], ['x', ''], ['a\r\nb', 'c\r\nb\r\n']] as const) {
      assert.equal(applyReplacement(now, rejectAll(base, now) ?? { start: 0, end: 0, text: '' }), base);
    }
  });
});

/**
 * Random lines, mostly from a small alphabet so lines repeat, some nearly unique (which large
 * texts diff around as anchors), with mixed line breaks.
 */
function randomLines(random: SeededRandom, count: number): string[] {
  const line = (): string => (random.int(3) === 0 ? `line ${random.int(100_000)}` : random.pick(['a', 'b', 'c', 'd', '{', '}', '', 'return x;']));
  return Array.from({ length: count }, () => line() + random.pick(['\n', '\n', '\n', '\r\n']));
}

function randomText(random: SeededRandom, lines: string[]): string {
  const joined = lines.join('');
  // Sometimes without a line break at the end.
  return random.int(4) === 0 ? joined.replace(/\r?\n$/, '') : joined;
}

function mutate(random: SeededRandom, lines: readonly string[]): string[] {
  const result = [...lines];
  for (let edits = random.int(6); edits > 0; edits--) {
    const at = random.int(result.length + 1);
    result.splice(at, random.int(4), ...randomLines(random, random.int(4)));
  }
  return result;
}

describe('hunk actions on random texts', () => {
  it('rejecting every hunk gives the baseline and accepting every hunk gives the current text', () => {
    const random = seededRandom(20_240_601);
    for (let round = 0; round < 400; round++) {
      const size = round % 50 === 0 ? 1_200 : random.int(30);
      const baseLines = randomLines(random, size);
      const base = randomText(random, baseLines);
      const now = randomText(random, mutate(random, baseLines));
      const hunks = computeHunks(base, now);
      const context = `round ${round}: ${JSON.stringify(base.slice(0, 200))} → ${JSON.stringify(now.slice(0, 200))}`;

      assert.equal([...hunks].reverse().reduce((text, hunk) => applyReplacement(text, rejectHunk(text, hunk)), now), base, context);
      assert.equal([...hunks].reverse().reduce(acceptHunk, base), now, context);
      if (size < 100) {
        assert.equal(rejectOneByOne(base, now, first), base, context);
        assert.equal(rejectOneByOne(base, now, last), base, context);
        assert.equal(acceptOneByOne(base, now, first), now, context);
        assert.equal(acceptOneByOne(base, now, (all) => all[random.int(all.length)] as Hunk), now, context);
      }
      assert.equal(applyReplacement(now, rejectAll(base, now) ?? { start: 0, end: 0, text: '' }), base, context);
    }
  });
});
