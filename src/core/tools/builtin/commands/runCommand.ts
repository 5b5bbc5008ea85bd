import * as os from 'node:os';
import { z } from 'zod';
import type { CommandResult } from '../../../host/commandRunner';
import type { CommandCheck, CommandDecision } from '../../../permissions/permissionGate';
import { whyNotReadOnly } from '../../../permissions/readOnlyCommand';
import { planModeBackgroundRefusal, planModeCommandRefusal } from '../../planMode';
import { defineTool, type ToolContext } from '../../tool';
import { ToolError } from '../../../toolContract/toolError';
import { clip, stringArgument } from '../../../toolContract/toolTitleText';
import { startBackgroundCommand } from './backgroundCommand';
import { outputForModel, shortCommand } from './commandOutputText';
import { sandboxFailureHint } from './sandboxNotes';

export const DEFAULT_COMMAND_TIMEOUT_SECONDS = 120;
export const MAX_COMMAND_TIMEOUT_SECONDS = 1800;

const inputSchema = z.object({
  command: z.string().trim().min(1, 'command must not be empty').describe('The command line, as typed in the shell, e.g. "npm test -- --grep parser".'),
  cwd: z.string().optional().describe('Folder to run in. Default: the workspace root.'),
  timeout_seconds: z
    .number()
    .int()
    .min(1)
    .max(MAX_COMMAND_TIMEOUT_SECONDS)
    .optional()
    .describe(`Stop the command after this many seconds. Default ${DEFAULT_COMMAND_TIMEOUT_SECONDS}; ask for more only for slow builds or test suites.`),
  background: z
    .boolean()
    .optional()
    .describe('Start a long-running process (dev server, watcher) and return at once with its id instead of waiting for it to end.'),
  outside_sandbox: z
    .boolean()
    .optional()
    .describe('Run with the user\'s full rights instead of in the sandbox. The user is asked every time; only for what the sandbox blocks (network access, writing outside the workspace or to protected files, global installs). Give the reason.'),
  reason: z
    .string()
    .optional()
    .describe('With outside_sandbox: why the command must run outside the sandbox, in one sentence for the user.'),
});

export const runCommandTool = defineTool({
  name: 'run_command',
  description: [
    "Run a shell command in the user's terminal and get its exit code and output (stdout and stderr together). Use it to build, test, lint, run git or package managers; use the file tools, not cat/sed/grep, to read, search and edit files.",
    'The user may have to approve the command first and can deny it with a reason. Commands get no input: use non-interactive flags (e.g. --yes, CI=1) and avoid pagers and editors.',
    `A command is stopped after ${DEFAULT_COMMAND_TIMEOUT_SECONDS} s unless timeout_seconds says otherwise. Long output keeps its start and end; read_command_output pages through the rest.`,
    'For servers and watchers that never end, set background: true, then use read_command_output to see what they print and stop_command to stop them.',
    'Where the machine allows it, commands run in a sandbox (the result says so): they can write only inside the workspace folders and the temp folder (not .git, .vscode, .elbow, AGENTS.md or other protected files: git status, diff and log work; add, commit, checkout and other repository changes must run outside the sandbox), cannot reach the network unless the user allowed a host, and see no credentials or secret environment variables. When a command fails because of that, run it again with outside_sandbox: true and a reason; the user decides.',
  ].join('\n'),
  inputSchema,
  readOnly: false,
  checksPlanMode: true,
  kind: 'command',
  subjectArgument: 'command',
  title: (input) => {
    const command = stringArgument(input, 'command');
    return command === undefined ? 'Running a command' : `Running ${clip(command, 70)}`;
  },
  async execute(input, context) {
    const folder = await context.workspace.resolve(input.cwd ?? '.', { mustExist: true });
    if (folder.kind !== 'directory') throw new ToolError(`cwd must be a folder; ${context.workspace.displayPath(folder.absolute)} is not one.`);
    const cwdDisplay = context.workspace.displayPath(folder.absolute);
    const isHidden = await context.workspace.hiddenPathTest();
    const sandbox = await context.host.commands.sandboxStatus();
    const reason = input.reason?.trim();
    if (input.outside_sandbox === true && sandbox.available && !reason) {
      throw new ToolError('outside_sandbox needs a reason: say in one sentence why the command cannot run in the sandbox, so the user can decide.');
    }
    const check: CommandCheck = {
      command: input.command,
      cwd: folder.absolute,
      cwdDisplay,
      toolCallId: context.toolCallId ?? '',
      signal: context.signal,
      roots: context.host.workspaceRoots,
      isHidden: (absolute) => isHidden(absolute, false) || isHidden(absolute, true),
      platform: context.host.environment.platform,
      shell: context.host.environment.shell,
      homeDirectory: os.homedir(),
      sandbox,
      ...(input.outside_sandbox === true ? { outsideSandboxReason: reason ?? '' } : {}),
    };
    if (context.mode === 'plan') refuseInPlanMode(check, input.background === true);
    const decision = await context.permissions.checkCommand(check);
    if (input.background) return startBackgroundCommand(input.command, folder.absolute, decision.sandboxed, context);
    const timeoutSeconds = input.timeout_seconds ?? DEFAULT_COMMAND_TIMEOUT_SECONDS;
    const result = await context.host.commands.run({
      command: input.command,
      cwd: folder.absolute,
      timeoutMs: timeoutSeconds * 1000,
      signal: context.signal,
      sandboxed: decision.sandboxed,
    });
    return describeResult(input.command, result, timeoutSeconds, { ...decision, sandboxAvailable: sandbox.available }, context);
  },
});

/** Plan mode runs only commands that read, and starts no background process. */
function refuseInPlanMode(check: CommandCheck, background: boolean): void {
  if (background) throw new ToolError(planModeBackgroundRefusal, 'planMode');
  const why = whyNotReadOnly(check);
  if (why !== undefined) throw new ToolError(planModeCommandRefusal(check.command, why), 'planMode');
}

function describeResult(command: string, result: CommandResult, timeoutSeconds: number, decision: CommandDecision & { sandboxAvailable: boolean }, context: ToolContext) {
  const id = context.commands.newId();
  const record = context.commands.recordFinished(id, command, result.output);
  const text = context.commands.text(record);
  const status =
    result.ending === 'timedOut'
      ? `Timed out after ${timeoutSeconds} s: the command and everything it started were stopped. If it needs longer, run it again with a larger timeout_seconds; if it never ends on its own, use background: true.`
      : result.ending === 'cancelled'
        ? 'Cancelled by the user: the command and everything it started were stopped.'
        : result.exitCode === undefined
          ? 'Ended without an exit code.'
          : `Exit code: ${result.exitCode}`;
  const lines = [status];
  if (result.note) lines.push(result.note);
  if (decision.permission === 'autoApprove') lines.push('(Run without asking: auto-approve is on.)');
  if (decision.sandboxed) lines.push('Ran in the sandbox.');
  else if (decision.sandboxAvailable) lines.push('Ran outside the sandbox, as the user allowed.');
  const failed = result.ending !== 'exited' || result.exitCode !== 0;
  const hint = decision.sandboxed && failed ? sandboxFailureHint(text) : undefined;
  if (hint !== undefined) lines.push(hint);
  lines.push(`Output (id ${id}):`, outputForModel(id, text, 1, context.resultLimit));
  const ending = result.ending === 'exited' ? (result.exitCode === undefined ? 'ended' : `exit ${result.exitCode}`) : result.ending === 'timedOut' ? `timed out after ${timeoutSeconds} s` : 'cancelled';
  return {
    content: lines.join('\n'),
    isError: failed,
    summary: `Ran ${shortCommand(command)} · ${ending}`,
    ...(decision.sandboxed ? { placement: 'sandboxed' as const } : decision.sandboxAvailable ? { placement: 'outsideSandbox' as const } : {}),
  };
}
