/**
 * Why a customization file (a skill, a prompt file, an agent, a hooks setting) was not taken as it
 * is, said the way an editor's problem is: the file, the line (1-based) and the rule it breaks.
 */
export interface CustomizationProblem {
  file: string;
  line: number;
  rule: string;
}

/** `file:line: rule`, as the terminal and the log show it. */
export function problemText(problem: CustomizationProblem): string {
  return `${problem.file}:${problem.line}: ${problem.rule}`;
}
