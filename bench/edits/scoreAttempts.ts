import { performance } from 'node:perf_hooks';
import { locateEdit } from '../../src/core/tools/builtin/editMatching/locateEdit';
import type { EditAttempt } from './editAttempt';

/** correct: applied, and the file came out exactly as expected; wrong: applied anywhere else, or with another result, or applied at all when it must be refused. */
export type Outcome = 'correct' | 'refused' | 'wrong';

export interface MatchResult {
  outcome: Outcome;
  milliseconds: number;
  /** How a tolerant match says it matched, when it did. */
  tolerance?: string;
}

export interface AttemptScore {
  attempt: EditAttempt;
  exactOnly: MatchResult;
  ladder: MatchResult;
}

/** Each attempt located once with exact matching only and once with the ladder, the way edit_file applies what it finds. */
export function scoreAttempts(attempts: readonly EditAttempt[]): AttemptScore[] {
  return attempts.map((attempt) => ({ attempt, exactOnly: matchAttempt(attempt, false), ladder: matchAttempt(attempt, true) }));
}

export function matchAttempt(attempt: EditAttempt, ladder: boolean): MatchResult {
  const started = performance.now();
  const location = locateEdit(attempt.target, attempt.request, { ladder });
  const milliseconds = performance.now() - started;
  if (location.kind === 'refused') return { outcome: 'refused', milliseconds };
  const { start, end, newText, tolerance } = location.edit;
  const { text } = attempt.target;
  const applied = text.slice(0, start) + newText + text.slice(end);
  const outcome = attempt.expected.kind === 'applied' && applied === attempt.expected.text ? 'correct' : 'wrong';
  return tolerance === undefined ? { outcome, milliseconds } : { outcome, milliseconds, tolerance };
}
