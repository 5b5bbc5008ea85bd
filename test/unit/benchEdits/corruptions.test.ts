import assert from 'node:assert/strict';
import { corrupt, typoInOldStrOnly, type Draft } from '../../../bench/edits/corruptions';
import { cutMidLine } from '../../../bench/edits/midLine';
import { createRandom } from '../../../bench/random';

const DRAFT: Draft = {
  oldLines: ['function demo() {', '    const value = "quoted-text";', '    return value;', '}'],
  newLines: ['function demo() {', '    const value = "quoted-text";', '    return valueNext;', '}'],
  keptLines: [{ old: 0, new: 0 }, { old: 1, new: 1 }, { old: 3, new: 3 }],
  firstLine: 9,
};
const SEEDS = Array.from({ length: 30 }, (_, seed) => seed);

function corruptedWith(corruptionClass: Parameters<typeof corrupt>[1], seed: number, draft = DRAFT): Draft {
  const result = corrupt(draft, corruptionClass, createRandom(seed));
  assert.ok(result, `${corruptionClass} applies with seed ${seed}`);
  return result;
}

/** A mistake in a line the edit keeps is in both copies of it; the line the edit changes stays as the model meant it. */
function assertCopiedIntoNewStr(result: Draft): void {
  for (const kept of result.keptLines) assert.equal(result.newLines[kept.new], result.oldLines[kept.old]);
  assert.equal(result.newLines[2], DRAFT.newLines[2]);
}

/** The lines of `changed` that differ from `original`, by index. */
function differing(original: readonly string[], changed: readonly string[]): number[] {
  return original.flatMap((line, index) => (changed[index] === line ? [] : [index]));
}

describe('the mistakes the edits benchmark puts in old_str and new_str', () => {
  it('pastes read_file line numbers into both, numbered from the region\'s first line', () => {
    const result = corruptedWith('line-number prefixes', 0);
    assert.deepEqual(result.oldLines, ['10\tfunction demo() {', '11\t    const value = "quoted-text";', '12\t    return value;', '13\t}']);
    assert.equal(result.newLines[2], '12\t    return valueNext;');
  });

  it('shifts the indentation of every line of both by the same amount', () => {
    for (const seed of SEEDS) {
      const result = corruptedWith('indentation shifted', seed);
      const added = (result.oldLines[0] as string).slice(0, -(DRAFT.oldLines[0] as string).length);
      assert.notEqual(added, '');
      assert.deepEqual(result.oldLines, DRAFT.oldLines.map((line) => added + line));
      assert.deepEqual(result.newLines, DRAFT.newLines.map((line) => added + line));
    }
  });

  it('takes the common indentation off both, or adds to it', () => {
    const indented = { ...DRAFT, oldLines: DRAFT.oldLines.map((line) => `  ${line}`), newLines: DRAFT.newLines.map((line) => `  ${line}`) };
    const shifts = SEEDS.map((seed) => {
      const result = corruptedWith('indentation shifted', seed, indented);
      if (result.oldLines[0] === DRAFT.oldLines[0]) {
        assert.deepEqual([result.oldLines, result.newLines], [DRAFT.oldLines, DRAFT.newLines], `seed ${seed} takes the common indentation off every line`);
        return 'off';
      }
      const added = (result.oldLines[0] as string).slice(0, -(indented.oldLines[0] as string).length);
      assert.ok(['  ', '    '].includes(added), `seed ${seed} adds ${JSON.stringify(added)}`);
      assert.deepEqual([result.oldLines, result.newLines], [indented.oldLines.map((line) => added + line), indented.newLines.map((line) => added + line)], `seed ${seed}`);
      return 'added';
    });
    assert.deepEqual([...new Set(shifts)].sort(), ['added', 'off'], 'the seeds make both kinds');
  });

  it('turns the spaces of the indentation into tabs in both', () => {
    const result = corruptedWith('tabs ↔ spaces', 0);
    assert.deepEqual(result.oldLines, ['function demo() {', '\tconst value = "quoted-text";', '\treturn value;', '}']);
    assert.equal(result.newLines[2], '\treturn valueNext;');
  });

  it('takes the indentation step of the block when it turns spaces into tabs', () => {
    const stepped = { ...DRAFT, oldLines: ['    {', '      "type": "object"', '    }'], newLines: ['    {', '      "type": "string"', '    }'] };
    assert.deepEqual(corrupt(stepped, 'tabs ↔ spaces', createRandom(0))?.oldLines, ['\t\t{', '\t\t\t"type": "object"', '\t\t}']);
  });

  it('takes 4 as the tab size when the block steps by an odd number of spaces', () => {
    const odd = { ...DRAFT, oldLines: ['    /**', '     * Returns the position.', '     */'], newLines: ['    /**', '     * Returns the offset.', '     */'] };
    assert.deepEqual(corrupt(odd, 'tabs ↔ spaces', createRandom(0))?.oldLines, ['\t/**', '\t * Returns the position.', '\t */']);
  });

  it('leaves a block indented with both tabs and spaces to other mistakes', () => {
    const mixed = { ...DRAFT, oldLines: ['\tcase $1 in', '        -h) usage ;;', '\tesac'], newLines: ['\tcase $1 in', '        -h) help ;;', '\tesac'] };
    for (const seed of SEEDS) {
      assert.equal(corrupt(mixed, 'tabs ↔ spaces', createRandom(seed)), undefined);
      assert.equal(corrupt(mixed, 'indentation shifted', createRandom(seed)), undefined);
    }
  });

  it('adds or loses trailing whitespace in old_str and in the kept lines of new_str', () => {
    for (const seed of SEEDS) {
      const result = corruptedWith('trailing whitespace', seed);
      assert.notDeepEqual(result.oldLines, DRAFT.oldLines);
      assert.deepEqual(result.oldLines.map((line) => line.trimEnd()), DRAFT.oldLines);
      assertCopiedIntoNewStr(result);
    }
  });

  it('puts a look-alike character in one line of old_str, and in new_str when the edit keeps that line', () => {
    for (const seed of SEEDS) {
      const result = corruptedWith('typographic look-alikes', seed);
      const changed = differing(DRAFT.oldLines, result.oldLines);
      assert.equal(changed.length, 1);
      assert.match(result.oldLines[changed[0] as number] as string, /[\u201C\u201D\u2018\u2019\u2013\u00A0\u200B]/);
      assertCopiedIntoNewStr(result);
    }
  });

  it('misspells one word of a line the edit keeps, in both', () => {
    for (const seed of SEEDS) {
      const result = corruptedWith('one word off', seed);
      const changed = differing(DRAFT.oldLines, result.oldLines);
      assert.equal(changed.length, 1);
      assert.ok(DRAFT.keptLines.some((kept) => kept.old === changed[0]), `line ${changed[0]} is kept by the edit`);
      assertCopiedIntoNewStr(result);
    }
  });

  it('combines two mistakes, numbering lines last', () => {
    let withNumbers = 0;
    for (const seed of SEEDS) {
      const result = corruptedWith('combined', seed);
      assert.notDeepEqual(result.oldLines, DRAFT.oldLines);
      const numbered = result.oldLines.filter((line) => /^\d+\t/.test(line)).length;
      assert.ok(numbered === 0 || numbered === result.oldLines.length, `seed ${seed} numbers ${numbered} of ${result.oldLines.length} lines`);
      if (numbered > 0) withNumbers++;
    }
    assert.ok(withNumbers > 0, 'some combination numbers the lines');
  });

  it('misspells one word in old_str only: in a line the edit keeps, or in the line it changes, new_str as meant', () => {
    for (const seed of SEEDS) {
      for (const lines of ['kept', 'changed'] as const) {
        const result = typoInOldStrOnly(DRAFT, lines, createRandom(seed));
        assert.ok(result);
        const changed = differing(DRAFT.oldLines, result.oldLines);
        assert.equal(changed.length, 1);
        assert.equal(DRAFT.keptLines.some((kept) => kept.old === changed[0]), lines === 'kept');
        assert.deepEqual(result.newLines, DRAFT.newLines);
      }
    }
  });

  it('cuts old_str and new_str mid-line alike, so that replacing the part makes the same file', () => {
    const original = DRAFT.oldLines.join('\n');
    let cuts = 0;
    for (const seed of SEEDS) {
      const cut = cutMidLine(DRAFT, createRandom(seed));
      if (!cut) continue;
      cuts++;
      const oldStr = cut.oldLines.join('\n');
      assert.ok(original.includes(oldStr) && original !== oldStr, oldStr);
      assert.equal(original.replace(oldStr, cut.newLines.join('\n')), DRAFT.newLines.join('\n'));
      for (const kept of cut.keptLines) assert.equal(cut.newLines[kept.new], cut.oldLines[kept.old]);
    }
    assert.ok(cuts > SEEDS.length / 3, `${cuts} cuts`);
  });

  it('no longer counts a line as kept once the cut leaves it different in old_str and new_str', () => {
    const inserted: Draft = { oldLines: ['  "name",', '  "type",'], newLines: ['  "name",', '  "type",', '  "note": true,'], keptLines: [{ old: 0, new: 0 }, { old: 1, new: 1 }], firstLine: 3 };
    const cuts = SEEDS.map((seed) => cutMidLine(inserted, createRandom(seed))).filter((cut) => cut?.oldLines[1] === '  "type"');
    assert.ok(cuts.length > 0);
    for (const cut of cuts) assert.deepEqual(cut?.keptLines, [{ old: 0, new: 0 }]);
  });
});
