import assert from 'node:assert/strict';
import type { AttemptClass, EditAttempt } from '../../../bench/edits/editAttempt';
import { formatEditsReport } from '../../../bench/edits/editsReport';
import type { AttemptScore, MatchResult } from '../../../bench/edits/scoreAttempts';

function score(attemptClass: AttemptClass, ladder: MatchResult): AttemptScore {
  const attempt: EditAttempt = {
    id: `a.ts#${attemptClass}#0`,
    attemptClass,
    language: 'TypeScript',
    target: { text: 'a\n', lineEnding: '\n', shownPath: 'a.ts' },
    request: { oldStr: 'a', newStr: 'b' },
    expected: attemptClass === 'ambiguous' ? { kind: 'refused' } : { kind: 'applied', text: 'b\n' },
  };
  return { attempt, exactOnly: { outcome: 'refused', milliseconds: 0.1 }, ladder };
}

const indentation = (lines: string): MatchResult => ({ outcome: 'correct', milliseconds: 0.2, tolerance: `after ignoring indentation at lines ${lines}` });

describe('the edits benchmark report', () => {
  it('passes the goal when the near misses land right and nothing lands wrong', () => {
    const report = formatEditsReport([score('indentation shifted', indentation('3–4')), score('ambiguous', { outcome: 'refused', milliseconds: 0.2 })]);
    assert.match(report, /0 wrong: 100\.0% \(1 of 1\), 0 wrong — PASS/);
    assert.match(report, /indentation shifted +\| +1 \| +0 \/ 1 \/ 0 \| +1 \/ 0 \/ 0/);
  });

  it('misses the goal on a single wrong landing, even in a must-refuse class, and names it', () => {
    const report = formatEditsReport([score('indentation shifted', indentation('3–4')), score('ambiguous', { outcome: 'wrong', milliseconds: 0.2 })]);
    assert.match(report, /1 wrong — MISS/);
    assert.match(report, /ladder: a\.ts#ambiguous#0/);
  });

  it('counts how the ladder matched, whatever the lines and the similarity', () => {
    const fuzzy = (similarity: number): MatchResult => ({ outcome: 'correct', milliseconds: 0.2, tolerance: `matched a ${similarity}%-similar region at lines 5–7 (the next best was 60%)` });
    const report = formatEditsReport([score('indentation shifted', indentation('3–4')), score('tabs ↔ spaces', indentation('10–12')), score('one word off', fuzzy(97)), score('combined', fuzzy(99))]);
    assert.match(report, /besides exactly: after ignoring indentation ×2; matched a n%-similar region ×2\./);
  });
});
