import type { ToolIdentity } from '../toolContract/toolIdentity';

/** What a tool is known by when plan mode decides whether it may run. */
export interface PlanModeSubject extends ToolIdentity {
  readOnly: boolean;
  /** The tool lets through, in plan mode, only what cannot change anything (run_command: read-only commands). */
  checksPlanMode?: boolean;
}

const planModeRule = 'Elbow is in plan mode: files are not changed and only read-only commands run. Read and search what you need, then answer with your plan; the user switches to act mode to carry it out.';

/** Why a call may not run in plan mode, for the model; `undefined` when it may. */
export function planModeRefusal(tool: PlanModeSubject): string | undefined {
  if (tool.readOnly || tool.checksPlanMode === true) return undefined;
  // Looking after the conversation or the commands it started changes no file.
  if (tool.kind === 'conversation' || tool.kind === 'commandFollowUp') return undefined;
  return `${tool.name} was not run. ${planModeRule}`;
}

/** For a command that is not known to only read. */
export function planModeCommandRefusal(command: string, why: string): string {
  const reason = why === '' ? '' : ` (${why})`;
  return `The command \`${command}\` was not run: it is not known to only read${reason}. ${planModeRule} Read-only commands such as ls, cat, rg, git status, git diff and git log still run.`;
}

/** Background processes keep running and may change things, so plan mode starts none. */
export const planModeBackgroundRefusal = `No background process was started. ${planModeRule}`;
