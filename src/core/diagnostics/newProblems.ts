import type { Problem } from '../host/workspaceDiagnostics';

/**
 * The problems of `after` that `before` did not have. Lines are not compared, so a problem that
 * only moved (lines added above it) is not new; each earlier problem excuses one later one, so a
 * second copy of an old message is new.
 */
export function newProblems(before: readonly Problem[], after: readonly Problem[]): Problem[] {
  const remaining = new Map<string, number>();
  for (const problem of before) remaining.set(identity(problem), (remaining.get(identity(problem)) ?? 0) + 1);
  return after.filter((problem) => {
    const left = remaining.get(identity(problem)) ?? 0;
    if (left === 0) return true;
    remaining.set(identity(problem), left - 1);
    return false;
  });
}

function identity(problem: Problem): string {
  return JSON.stringify([problem.path, problem.severity, problem.message, problem.source ?? '', problem.code ?? '']);
}
