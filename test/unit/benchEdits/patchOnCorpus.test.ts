import assert from 'node:assert/strict';
import { loadCorpus } from '../../../bench/edits/corpusFiles';
import type { EditAttempt } from '../../../bench/edits/editAttempt';
import { DEFAULT_GENERATION, generateAttempts } from '../../../bench/edits/generateAttempts';
import { ANCHORED, generatePatchAttempts, SECOND_FILE_FAILS, SEVERAL_FILES, type PatchAttempt } from '../../../bench/edits/patchAttempts';
import { scorePatchAttempts, type PatchScore } from '../../../bench/edits/patchReport';
import { parsePatch } from '../../../src/core/tools/builtin/patch/parsePatch';

describe('apply_patch on the edits benchmark corpus', function () {
  this.timeout(60_000);
  let editAttempts: EditAttempt[];
  let attempts: PatchAttempt[];
  let scores: PatchScore[];

  before(() => {
    const files = loadCorpus();
    editAttempts = generateAttempts(files, DEFAULT_GENERATION);
    attempts = generatePatchAttempts(editAttempts, files, DEFAULT_GENERATION.seed);
    scores = scorePatchAttempts(attempts);
  });

  it('has every patch class, each with enough patches, the same for the same seed', () => {
    const files = loadCorpus();
    const again = generatePatchAttempts(generateAttempts(files, DEFAULT_GENERATION), files, DEFAULT_GENERATION.seed);
    assert.deepEqual(again.map((attempt) => attempt.patch), attempts.map((attempt) => attempt.patch));
    for (const patchClass of ['one word off', 'must refuse: ambiguous', SEVERAL_FILES, SECOND_FILE_FAILS, ANCHORED]) {
      assert.ok(attempts.filter((attempt) => attempt.patchClass === patchClass).length >= 40, patchClass);
    }
  });

  it('writes each edit as one hunk whose old and new lines are old_str and new_str', () => {
    for (const editAttempt of editAttempts.filter((attempt) => attempt.attemptClass === 'indentation shifted')) {
      const attempt = attempts.find((candidate) => candidate.id === `patch:${editAttempt.id}`);
      const [operation] = parsePatch(attempt?.patch ?? '');
      assert.ok(operation?.kind === 'update' && operation.hunks.length === 1);
      assert.equal(operation.hunks[0]?.oldLines.join('\n'), editAttempt.request.oldStr);
      assert.equal(operation.hunks[0]?.newLines.join('\n'), editAttempt.request.newStr);
    }
  });

  it('plans no file wrongly, refuses every must-refuse patch, and lands at least 97% of the near misses first try', () => {
    assert.deepEqual(scores.filter((score) => score.outcome === 'wrong').map((score) => score.attempt.id), []);
    const mustRefuse = scores.filter((score) => score.attempt.kind === 'must refuse');
    assert.deepEqual(mustRefuse.filter((score) => score.outcome !== 'refused').map((score) => score.attempt.id), []);
    const nearMisses = scores.filter((score) => score.attempt.kind === 'near miss');
    const correct = nearMisses.filter((score) => score.outcome === 'correct').length;
    assert.ok(correct >= 0.97 * nearMisses.length, `${correct} of ${nearMisses.length}`);
  });
});
