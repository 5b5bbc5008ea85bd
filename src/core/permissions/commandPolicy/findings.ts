import type { CommandJudgement } from './judgementTypes';

/** One thing about a command line that keeps it from running without a question. */
export type Finding =
  | { kind: 'deny'; reason: string }
  /** Asks whatever the allow list and auto-approve say: a dangerous form or a path outside. */
  | { kind: 'needsApproval'; reason: string }
  /** Asks only because no allow rule matches; `alwaysAllow` is undefined when no prefix is safe to offer. */
  | { kind: 'notAllowed'; reason: string; alwaysAllow: string | undefined };

export function needsApproval(reason: string): Finding {
  return { kind: 'needsApproval', reason };
}

export function combineFindings(findings: readonly Finding[]): CommandJudgement {
  const denials = findings.filter((finding) => finding.kind === 'deny');
  if (denials.length > 0) {
    return { verdict: 'deny', reasons: unique(denials.map((finding) => finding.reason)), alwaysAllow: [], autoApprovable: false };
  }
  if (findings.length === 0) return { verdict: 'allow', reasons: [], alwaysAllow: [], autoApprovable: false };

  const suggestions: string[] = [];
  let onlyNotAllowed = true;
  let everyPartHasSuggestion = true;
  for (const finding of findings) {
    if (finding.kind !== 'notAllowed') onlyNotAllowed = false;
    else if (finding.alwaysAllow === undefined) everyPartHasSuggestion = false;
    else suggestions.push(finding.alwaysAllow);
  }
  // Offering prefixes that would not make the whole line allowed next time would mislead.
  const alwaysAllow = onlyNotAllowed && everyPartHasSuggestion ? unique(suggestions) : [];
  return { verdict: 'ask', reasons: unique(findings.map((finding) => finding.reason)), alwaysAllow, autoApprovable: onlyNotAllowed };
}

const mostReasons = 12;

/** The distinct reasons, at most `mostReasons` of them: a question with dozens of lines helps nobody. */
function unique(items: readonly string[]): string[] {
  const distinct = [...new Set(items)];
  if (distinct.length <= mostReasons) return distinct;
  return [...distinct.slice(0, mostReasons - 1), `…and ${distinct.length - mostReasons + 1} more reasons`];
}
