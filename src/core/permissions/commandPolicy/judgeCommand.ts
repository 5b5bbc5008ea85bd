import { combineFindings } from './findings';
import { createJudgeEnvironment, runsInBash } from './judgeEnvironment';
import type { CommandJudgement, JudgeContext } from './judgementTypes';
import { judgeShellScript } from './judgeShellScript';
import { judgeUnparsedCommand } from './judgeUnparsedCommand';

export type { CommandJudgement, JudgeContext, Verdict } from './judgementTypes';

/**
 * Decides whether a command line may run without asking: every sub-command (lists, pipes,
 * loops, substitutions, `bash -c` strings) must match an allow rule, none a deny rule, no
 * dangerous shell form may appear and every path must lie inside the workspace and not be
 * hidden. Bash command lines are parsed; other shells get a cautious word split. The most
 * restrictive verdict wins. Never throws: anything unexpected asks.
 */
export function judgeCommand(commandLine: string, context: JudgeContext): CommandJudgement {
  try {
    if (typeof commandLine !== 'string' || commandLine.trim() === '') {
      return { verdict: 'ask', reasons: ['the command is empty'], alwaysAllow: [], autoApprovable: false };
    }
    const environment = createJudgeEnvironment(context);
    const findings = runsInBash(environment) ? judgeShellScript(commandLine, environment, 0) : judgeUnparsedCommand(commandLine, environment);
    return combineFindings(findings);
  } catch (error) {
    const detail = error instanceof Error ? error.message : String(error);
    return { verdict: 'ask', reasons: [`Elbow could not judge this command (${detail})`], alwaysAllow: [], autoApprovable: false };
  }
}
