import type { ApprovalRequest } from '../core/host/approvals';
import { approvalClassOf, type ApprovalClass } from '../core/permissions/approvalClass';
import { printableLine } from './printable';

/** The flags that approve without asking, each for what it names and nothing more. */
export interface ApprovalFlags {
  /** `--yes`: commands that run in the sandbox, tools of MCP servers already running, going on past a guard rail. */
  yes: boolean;
  /** `--allow-read-outside-workspace`: Elbow's tools read files and folders outside the workspace (`~/.ssh` included). */
  allowReadOutsideWorkspace: boolean;
  /** `--allow-protected-writes`: Elbow's tools change protected files (`.npmrc`, `.vscode/tasks.json`, `AGENTS.md`…). */
  allowProtectedWrites: boolean;
  /** `--allow-unsandboxed-commands`: commands run with the user's full rights (outside the sandbox, or where none runs). */
  allowUnsandboxedCommands: boolean;
}

/** What each flag approves; `--yes` only what stays in the sandbox (MCP servers were trusted to start on their own). */
const classesOf: ReadonlyArray<[keyof ApprovalFlags, readonly ApprovalClass[]]> = [
  ['yes', ['sandboxedCommand', 'mcpTool', 'continue']],
  ['allowReadOutsideWorkspace', ['readOutsideWorkspace']],
  ['allowProtectedWrites', ['protectedFile']],
  ['allowUnsandboxedCommands', ['unsandboxedCommand']],
];

/** The flag that approves each class, as the user types it. */
const flagOf: Readonly<Record<ApprovalClass, string | undefined>> = {
  sandboxedCommand: '--yes',
  mcpTool: '--yes',
  continue: '--yes',
  readOutsideWorkspace: '--allow-read-outside-workspace',
  protectedFile: '--allow-protected-writes',
  unsandboxedCommand: '--allow-unsandboxed-commands',
  webPage: '--allow-domain',
  writeOutsideWorkspace: undefined,
};

export function preApprovedClasses(flags: ApprovalFlags): ReadonlySet<ApprovalClass> {
  return new Set(classesOf.filter(([flag]) => flags[flag]).flatMap(([, classes]) => classes));
}

/** The flag that would have approved a request, with its argument, e.g. `--allow-domain example.org`. */
export function flagFor(request: ApprovalRequest): string | undefined {
  const flag = flagOf[approvalClassOf(request)];
  return request.kind === 'webPage' ? `${flag} ${request.domain}` : flag;
}

/** What the model is told when a request is refused because nobody can answer. */
export function unattendedHint(request: ApprovalRequest): string {
  const flag = flagFor(request);
  if (request.kind === 'command' && request.placement.kind === 'outsideRequested') {
    return 'Running a command outside the sandbox needs the user\'s approval each time, and --yes does not give it. Do it inside the sandbox, or tell the user what to run themselves.';
  }
  if (flag === undefined) return 'Nobody can allow this here; work inside the workspace, or tell the user what to do.';
  const notYes = flag === '--yes' ? '' : ' (--yes does not allow it)';
  return `Elbow runs without a user to ask here; the user can re-run it with ${flag} to allow this${notYes}. Go on without it, or tell the user.`;
}

/**
 * What the user reads on stderr when a request is refused because nobody could answer: one line, the
 * command or path in it shown with its newlines visible, since a CI log reads a line starting `::` as a command.
 */
export function refusalLine(what: string, request: ApprovalRequest): string {
  const flag = flagFor(request);
  const outside = request.kind === 'command' && request.placement.kind === 'outsideRequested';
  const hint = outside
    ? `Run elbow without -p to be asked, or with ${flag} to allow it.`
    : flag === undefined ? 'Nothing allows it in -p runs.' : `Run with ${flag} to allow it.`;
  return `elbow: refused without approval: ${printableLine(what, Number.POSITIVE_INFINITY)}. ${hint}\n`;
}
