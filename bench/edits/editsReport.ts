import { summarize } from '../measure';
import { ATTEMPT_CLASSES, NEAR_MISS_CLASSES, isRefusalClass, type AttemptClass } from './editAttempt';
import type { AttemptScore, MatchResult, Outcome } from './scoreAttempts';

const GOAL_SHARE = 0.97;
const SHOWN_WRONG = 12;

type Tally = Record<Outcome, number>;

/** The table of outcomes per class, exact-only and with the ladder, the totals, the goal's verdict and what the ladder costs. */
export function formatEditsReport(scores: readonly AttemptScore[]): string {
  const rows = ATTEMPT_CLASSES.map((attemptClass) => row(attemptClass, scores.filter((score) => score.attempt.attemptClass === attemptClass)));
  const edits = scores.filter((score) => !isRefusalClass(score.attempt.attemptClass));
  const refusals = scores.filter((score) => isRefusalClass(score.attempt.attemptClass));
  const header = ['class', 'attempts', 'exact-only correct/refused/wrong', 'ladder correct/refused/wrong'];
  const body = [...rows, row('all edits', edits), row('all must-refuse', refusals)];
  return [
    'Edits that land: each attempt located with exact matching only and with the ladder, applied, compared with the intended file.',
    'correct = applied and the file is exactly as intended; wrong = applied anywhere else, with another result, or at all for a must-refuse class.\n',
    table(header, body),
    '',
    'Edit attempts by language (must-refuse ones left out):\n',
    table(['language', ...header.slice(1)], languageRows(edits)),
    '',
    goalLine(scores),
    timingLine(scores),
    toleranceLine(scores),
    ...wrongLines(scores),
  ].join('\n');
}

function languageRows(edits: readonly AttemptScore[]): string[][] {
  const languages = [...new Set(edits.map((score) => score.attempt.language))];
  return languages.map((language) => row(language, edits.filter((score) => score.attempt.language === language)));
}

function row(label: string, scores: readonly AttemptScore[]): string[] {
  return [label, String(scores.length), formatTally(tally(scores, (score) => score.exactOnly)), formatTally(tally(scores, (score) => score.ladder))];
}

function tally(scores: readonly AttemptScore[], pick: (score: AttemptScore) => MatchResult): Tally {
  const counts: Tally = { correct: 0, refused: 0, wrong: 0 };
  for (const score of scores) counts[pick(score).outcome]++;
  return counts;
}

function formatTally(counts: Tally): string {
  return `${counts.correct} / ${counts.refused} / ${counts.wrong}`;
}

/** Goal: the near-miss classes at least 95% first-try correct with the ladder, and no wrong landing in any class. */
export function goalLine(scores: readonly AttemptScore[]): string {
  const nearMiss = scores.filter((score) => (NEAR_MISS_CLASSES as readonly AttemptClass[]).includes(score.attempt.attemptClass));
  const correct = tally(nearMiss, (score) => score.ladder).correct;
  const share = nearMiss.length === 0 ? 0 : correct / nearMiss.length;
  const wrong = tally(scores, (score) => score.ladder).wrong;
  const verdict = share >= GOAL_SHARE && wrong === 0 ? 'PASS' : 'MISS';
  return `Goal: near-miss classes ≥ ${GOAL_SHARE * 100}% first-try correct with the ladder, 0 wrong: ${(share * 100).toFixed(1)}% (${correct} of ${nearMiss.length}), ${wrong} wrong — ${verdict}`;
}

function timingLine(scores: readonly AttemptScore[]): string {
  const ladder = summarize(scores.map((score) => score.ladder.milliseconds));
  const exactOnly = summarize(scores.map((score) => score.exactOnly.milliseconds));
  const slowest = Math.max(...ladder.samples);
  return `Time per attempt: ladder median ${ladder.median.toFixed(3)} ms (slowest ${slowest.toFixed(1)} ms), exact-only median ${exactOnly.median.toFixed(3)} ms, over ${scores.length} attempts.`;
}

/** How often the ladder said it matched each way (its words without line numbers and similarity), over the attempts it applied. */
function toleranceLine(scores: readonly AttemptScore[]): string {
  const counts = new Map<string, number>();
  for (const { ladder } of scores) {
    if (ladder.outcome === 'refused' || ladder.tolerance === undefined) continue;
    const way = ladder.tolerance.replace(/ at lines? [\d–-]+.*$/, '').replace(/\d+%/, 'n%');
    counts.set(way, (counts.get(way) ?? 0) + 1);
  }
  if (counts.size === 0) return 'How the ladder matched: every edit it applied matched exactly.';
  return `How the ladder matched, besides exactly: ${[...counts].sort((a, b) => b[1] - a[1]).map(([way, count]) => `${way} ×${count}`).join('; ')}.`;
}

/** The first wrong landings, so that each can be reproduced from its id. */
function wrongLines(scores: readonly AttemptScore[]): string[] {
  const wrong = scores.flatMap((score) => [
    ...(score.exactOnly.outcome === 'wrong' ? [`exact-only: ${score.attempt.id}`] : []),
    ...(score.ladder.outcome === 'wrong' ? [`ladder: ${score.attempt.id}${score.ladder.tolerance ? ` (${score.ladder.tolerance})` : ''}`] : []),
  ]);
  if (wrong.length === 0) return [];
  return ['', `Wrong landings (${wrong.length}${wrong.length > SHOWN_WRONG ? `, first ${SHOWN_WRONG}` : ''}):`, ...wrong.slice(0, SHOWN_WRONG).map((line) => `  ${line}`)];
}

function table(header: readonly string[], body: ReadonlyArray<readonly string[]>): string {
  const widths = header.map((title, column) => Math.max(title.length, ...body.map((cells) => (cells[column] as string).length)));
  const line = (cells: readonly string[]): string => cells.map((cell, column) => (column === 0 ? cell.padEnd(widths[column] as number) : cell.padStart(widths[column] as number))).join(' | ');
  return [line(header), widths.map((width) => '-'.repeat(width)).join('-|-'), ...body.map(line)].join('\n');
}
