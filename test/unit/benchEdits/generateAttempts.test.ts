import assert from 'node:assert/strict';
import { loadCorpus, type CorpusFile } from '../../../bench/edits/corpusFiles';
import { ATTEMPT_CLASSES, isRefusalClass, type EditAttempt } from '../../../bench/edits/editAttempt';
import { DEFAULT_GENERATION, generateAttempts } from '../../../bench/edits/generateAttempts';
import { matchAttempt } from '../../../bench/edits/scoreAttempts';

const LANGUAGES = ['TypeScript', 'Python', 'Go', 'Rust', 'JSON', 'Markdown', 'CSS', 'shell'];

describe('the edits benchmark corpus', function () {
  this.timeout(60_000);
  let files: CorpusFile[];
  let attempts: EditAttempt[];

  before(() => {
    files = loadCorpus();
    attempts = generateAttempts(files, DEFAULT_GENERATION);
  });

  it('holds real files of every language, 100 to 600 lines each', () => {
    assert.deepEqual([...new Set(files.map((file) => file.language))].sort(), [...LANGUAGES].sort());
    for (const file of files) {
      const lines = file.text.split('\n').length - 1;
      assert.ok(lines >= 100 && lines <= 600, `${file.shownPath} has ${lines} lines`);
    }
  });

  it('makes at least 400 edit attempts and 100 that must be refused, of every class and language', () => {
    const edits = attempts.filter((attempt) => !isRefusalClass(attempt.attemptClass));
    assert.ok(edits.length >= 400, `${edits.length} edit attempts`);
    assert.ok(attempts.length - edits.length >= 100, `${attempts.length - edits.length} must-refuse attempts`);
    for (const attemptClass of ATTEMPT_CLASSES) {
      const languages = new Set(attempts.filter((attempt) => attempt.attemptClass === attemptClass).map((attempt) => attempt.language));
      assert.equal(languages.size, LANGUAGES.length, `${attemptClass} covers ${[...languages].join(', ')}`);
    }
  });

  it('makes the same attempts from the same seed, and others from another', () => {
    assert.deepEqual(generateAttempts(files, DEFAULT_GENERATION), attempts);
    assert.notDeepEqual(generateAttempts(files, { ...DEFAULT_GENERATION, seed: DEFAULT_GENERATION.seed + 1 }), attempts);
  });

  it('expects every edit to change its file, and CRLF and BOM files among them', () => {
    for (const attempt of attempts) {
      if (attempt.expected.kind === 'applied') assert.notEqual(attempt.expected.text, attempt.target.text, attempt.id);
    }
    assert.ok(attempts.some((attempt) => attempt.target.lineEnding === '\r\n' && attempt.expected.kind === 'applied'));
    assert.ok(attempts.some((attempt) => attempt.target.shownPath.endsWith('(BOM)')));
  });

  it('lands no edit in the wrong place with exact matching only', () => {
    const wrong = attempts.filter((attempt) => matchAttempt(attempt, false).outcome === 'wrong').map((attempt) => attempt.id);
    assert.deepEqual(wrong, []);
  });

  it('gets every clean attempt right with exact matching only, and no near miss', () => {
    for (const attempt of attempts) {
      const { outcome } = matchAttempt(attempt, false);
      const exact = attempt.attemptClass === 'clean' || attempt.attemptClass === 'CRLF or BOM file, \\n old_str';
      assert.equal(outcome, exact ? 'correct' : 'refused', attempt.id);
    }
  });
});
