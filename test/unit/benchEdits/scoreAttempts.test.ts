import assert from 'node:assert/strict';
import type { EditAttempt } from '../../../bench/edits/editAttempt';
import { matchAttempt } from '../../../bench/edits/scoreAttempts';

function attempt(text: string, oldStr: string, expected: EditAttempt['expected']): EditAttempt {
  return {
    id: 'a.ts#clean#0',
    attemptClass: expected.kind === 'refused' ? 'ambiguous' : 'clean',
    language: 'TypeScript',
    target: { text, lineEnding: '\n', shownPath: 'a.ts' },
    request: { oldStr, newStr: 'const b = 2;' },
    expected,
  };
}

describe('scoring an edit attempt', () => {
  it('is correct when the applied file is exactly the expected one', () => {
    assert.equal(matchAttempt(attempt('const a = 1;\n', 'const a = 1;', { kind: 'applied', text: 'const b = 2;\n' }), false).outcome, 'correct');
  });

  it('is wrong when the applied file differs from the expected one', () => {
    assert.equal(matchAttempt(attempt('const a = 1;\n', 'const a = 1;', { kind: 'applied', text: 'const b = 3;\n' }), false).outcome, 'wrong');
  });

  it('is wrong when a must-refuse attempt applies at all', () => {
    assert.equal(matchAttempt(attempt('const a = 1;\n', 'const a = 1;', { kind: 'refused' }), false).outcome, 'wrong');
  });

  it('is refused when old_str is not found', () => {
    assert.equal(matchAttempt(attempt('const a = 1;\n', 'const z = 1;', { kind: 'refused' }), true).outcome, 'refused');
  });
});
