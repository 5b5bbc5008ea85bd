import type { Problem, ProblemSeverity } from '../host/workspaceDiagnostics';

export const MAX_LISTED_PROBLEMS = 20;

const severityOrder: Record<ProblemSeverity, number> = { error: 0, warning: 1, information: 2, hint: 3 };

/**
 * One line per problem, `src/a.ts:12:5 error TS2322: Type … (ts)`, errors first, at most `limit`
 * with a count of the rest. `shown` makes a path workspace-relative.
 */
export function problemLines(problems: readonly Problem[], shown: (path: string) => string, limit = MAX_LISTED_PROBLEMS): string[] {
  const sorted = [...problems].sort(
    (a, b) => severityOrder[a.severity] - severityOrder[b.severity] || a.path.localeCompare(b.path) || a.line - b.line || a.column - b.column,
  );
  const lines = sorted.slice(0, limit).map((problem) => problemLine(problem, shown(problem.path)));
  if (sorted.length > limit) lines.push(`… and ${sorted.length - limit} more`);
  return lines;
}

function problemLine(problem: Problem, path: string): string {
  const code = problem.code === undefined ? '' : ` ${codeText(problem)}`;
  const source = problem.source === undefined ? '' : ` (${problem.source})`;
  const message = problem.message.replace(/\s*\n\s*/g, ' ');
  return `${path}:${problem.line}:${problem.column} ${problem.severity}${code}: ${message}${source}`;
}

/** TypeScript's codes are numbers; the editor shows them as `TS2322`. */
function codeText(problem: Problem): string {
  return problem.source === 'ts' && /^\d+$/.test(problem.code ?? '') ? `TS${problem.code}` : (problem.code ?? '');
}

/** Counts by severity, e.g. `2 errors, 1 warning`. */
export function problemCount(problems: readonly Problem[]): string {
  const errors = problems.filter((problem) => problem.severity === 'error').length;
  const warnings = problems.filter((problem) => problem.severity === 'warning').length;
  const others = problems.length - errors - warnings;
  const parts = [plural(errors, 'error'), plural(warnings, 'warning'), plural(others, 'other problem')].filter((part) => part !== '');
  return parts.join(', ');
}

function plural(count: number, word: string): string {
  if (count === 0) return '';
  return `${count} ${word}${count === 1 ? '' : 's'}`;
}
