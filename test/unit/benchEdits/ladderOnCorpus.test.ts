import assert from 'node:assert/strict';
import { loadCorpus } from '../../../bench/edits/corpusFiles';
import { NEAR_MISS_CLASSES, REFUSAL_CLASSES, type AttemptClass, type EditAttempt } from '../../../bench/edits/editAttempt';
import { DEFAULT_GENERATION, generateAttempts } from '../../../bench/edits/generateAttempts';
import { matchAttempt } from '../../../bench/edits/scoreAttempts';

describe('the matching ladder on the edits benchmark corpus', function () {
  this.timeout(60_000);
  let attempts: EditAttempt[];
  let fileCount: number;

  before(() => {
    const files = loadCorpus();
    fileCount = files.length;
    attempts = generateAttempts(files, DEFAULT_GENERATION);
  });

  /** The attempts of `classes`, each class made for nearly every file (a region may offer no place for a mistake). */
  function attemptsOf(classes: readonly AttemptClass[], perFile: number): EditAttempt[] {
    assert.ok(fileCount >= 20, `the corpus has ${fileCount} files`);
    for (const attemptClass of classes) {
      const count = attempts.filter((attempt) => attempt.attemptClass === attemptClass).length;
      assert.ok(count >= 0.9 * fileCount * perFile && count <= fileCount * perFile, `${count} attempts of ${attemptClass} on ${fileCount} files`);
    }
    return attempts.filter((attempt) => classes.includes(attempt.attemptClass));
  }

  it('lands no edit in the wrong place, and refuses every attempt that must be refused', () => {
    const outcomes = attempts.map((attempt) => ({ attempt, outcome: matchAttempt(attempt, true).outcome }));
    assert.deepEqual(outcomes.filter(({ outcome }) => outcome === 'wrong').map(({ attempt }) => attempt.id), []);
    const mustRefuse = new Set(attemptsOf(REFUSAL_CLASSES, DEFAULT_GENERATION.refusalsPerFile));
    assert.deepEqual(outcomes.filter(({ attempt, outcome }) => mustRefuse.has(attempt) && outcome !== 'refused').map(({ attempt }) => attempt.id), []);
  });

  it('lands at least 97% of the near misses on the first try', () => {
    const nearMisses = attemptsOf(NEAR_MISS_CLASSES, DEFAULT_GENERATION.editsPerFile);
    const correct = nearMisses.filter((attempt) => matchAttempt(attempt, true).outcome === 'correct').length;
    assert.ok(correct >= 0.97 * nearMisses.length, `${correct} of ${nearMisses.length}`);
  });
});
