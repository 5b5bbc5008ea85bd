import { combineFindings } from './findings';
import { createJudgeEnvironment, isPosixShell } from './judgeEnvironment';
import type { CommandJudgement, JudgeContext } from './judgementTypes';
import { judgeNonPosixCommand } from './judgeNonPosixCommand';
import { judgeShellScript } from './judgeShellScript';

export type { CommandJudgement, JudgeContext, Verdict } from './judgementTypes';

/**
 * Decides whether a command line may run without asking: every sub-command (lists, pipes,
 * loops, substitutions, `bash -c` strings) must match an allow rule, none a deny rule, no
 * dangerous shell form may appear and every path must lie inside the workspace and not be
 * hidden. The most restrictive verdict wins. Never throws: anything unexpected asks.
 */
export function judgeCommand(commandLine: string, context: JudgeContext): CommandJudgement {
  try {
    if (typeof commandLine !== 'string' || commandLine.trim() === '') {
      return { verdict: 'ask', reasons: ['the command is empty'], alwaysAllow: [], autoApprovable: false };
    }
    const environment = createJudgeEnvironment(context);
    const findings = isPosixShell(environment)
      ? judgeShellScript(commandLine, environment, 0)
      : judgeNonPosixCommand(commandLine, environment);
    return combineFindings(findings);
  } catch (error) {
    const detail = error instanceof Error ? error.message : String(error);
    return { verdict: 'ask', reasons: [`Elbow could not judge this command (${detail})`], alwaysAllow: [], autoApprovable: false };
  }
}
