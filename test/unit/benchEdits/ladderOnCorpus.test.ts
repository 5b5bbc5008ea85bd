import assert from 'node:assert/strict';
import { loadCorpus } from '../../../bench/edits/corpusFiles';
import { isRefusalClass, NEAR_MISS_CLASSES, type EditAttempt } from '../../../bench/edits/editAttempt';
import { DEFAULT_GENERATION, generateAttempts } from '../../../bench/edits/generateAttempts';
import { matchAttempt } from '../../../bench/edits/scoreAttempts';

describe('the matching ladder on the edits benchmark corpus', function () {
  this.timeout(60_000);
  let attempts: EditAttempt[];

  before(() => {
    attempts = generateAttempts(loadCorpus(), DEFAULT_GENERATION);
  });

  it('lands no edit in the wrong place, and refuses every attempt that must be refused', () => {
    const outcomes = attempts.map((attempt) => ({ attempt, outcome: matchAttempt(attempt, true).outcome }));
    assert.deepEqual(outcomes.filter(({ outcome }) => outcome === 'wrong').map(({ attempt }) => attempt.id), []);
    assert.ok(outcomes.filter(({ attempt }) => isRefusalClass(attempt.attemptClass)).every(({ outcome }) => outcome === 'refused'));
  });

  it('lands at least 97% of the near misses on the first try', () => {
    const nearMisses = attempts.filter((attempt) => (NEAR_MISS_CLASSES as readonly string[]).includes(attempt.attemptClass));
    const correct = nearMisses.filter((attempt) => matchAttempt(attempt, true).outcome === 'correct').length;
    assert.ok(correct >= 0.97 * nearMisses.length, `${correct} of ${nearMisses.length}`);
  });
});
