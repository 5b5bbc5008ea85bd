import * as path from 'node:path';
import type { ApprovalDecision, ApprovalRequest, Approvals, PermissionSettings } from '../host/approvals';
import { judgeCommand } from '../commands/judgeCommand';
import { relativeInside } from '../search/searchScope';
import { ToolError } from '../tools/tool';

export interface CommandCheck {
  command: string;
  /** Absolute folder the command runs in. */
  cwd: string;
  /** The folder as shown, e.g. `.`. */
  cwdDisplay: string;
  toolCallId: string;
  signal: AbortSignal;
  roots: readonly string[];
  /** True for absolute paths `.elbowignore` hides. */
  isHidden(absolutePath: string): boolean;
  platform: string;
  shell: string;
  homeDirectory?: string;
}

export interface PermissionGateOptions {
  settings: PermissionSettings;
  /** Who answers requests; without it, whatever needs approval is refused. */
  approvals?: Approvals;
  /** Said to the model when a request is refused because nobody can answer, e.g. how the user can allow it. */
  unattendedHint?: string;
  /** Tells the user that something was refused because nobody could answer (e.g. on the terminal's stderr). */
  onUnattendedRefusal?: (what: string) => void;
}

/** How auto-approve, rules and the user decided a command, for the tool result. */
export type CommandPermission = 'rule' | 'autoApprove' | 'user';

/**
 * The one place tool calls get permission: commands are judged against the allow and deny
 * rules and asked about when needed; access outside the workspace is asked about (reads) or
 * refused (writes, unless the settings allow asking).
 */
export class PermissionGate {
  constructor(private readonly options: PermissionGateOptions) {}

  async checkCommand(check: CommandCheck): Promise<CommandPermission> {
    const permissions = this.options.settings.current();
    const judgement = judgeCommand(check.command, {
      allow: permissions.allow,
      deny: permissions.deny,
      cwd: check.cwd,
      classifyPath: (absolute) => classify(absolute, check),
      platform: check.platform,
      shell: check.shell,
      homeDirectory: check.homeDirectory,
    });
    if (judgement.verdict === 'deny') {
      throw new ToolError(`The command was not run: ${judgement.reasons.join('; ')}. The user's settings forbid it; do not try to get around this, find another way or ask the user.`);
    }
    if (judgement.verdict === 'allow') return 'rule';
    if (permissions.autoApprove && judgement.autoApprovable) return 'autoApprove';
    const request: ApprovalRequest = {
      kind: 'command',
      toolCallId: check.toolCallId,
      command: check.command,
      cwd: check.cwdDisplay,
      reasons: judgement.reasons,
      alwaysAllow: judgement.alwaysAllow,
    };
    const decision = await this.ask(request, check.signal, `run \`${check.command}\``);
    if (decision.alwaysAllow && judgement.alwaysAllow.length > 0) await this.options.settings.addAllowRules(judgement.alwaysAllow);
    return 'user';
  }

  /** For a tool reaching `absolutePath` outside the workspace folders. */
  async checkOutsideWorkspace(access: 'read' | 'write', absolutePath: string, call: { toolName: string; toolCallId: string; signal: AbortSignal }): Promise<void> {
    if (access === 'write' && !this.options.settings.current().allowWritesOutsideWorkspace) {
      throw new ToolError(
        `${absolutePath} is outside the workspace, and Elbow does not write outside it (the setting elbow.files.allowWritesOutsideWorkspace is off). Work inside the workspace, or ask the user to make this change.`,
      );
    }
    const request: ApprovalRequest = { kind: 'outsideWorkspace', toolCallId: call.toolCallId, toolName: call.toolName, path: absolutePath, access };
    await this.ask(request, call.signal, `${access} ${absolutePath}, which is outside the workspace`);
  }

  /** A guard rail was reached: true to go on. */
  async askToContinue(message: string, call: { toolCallId: string; signal: AbortSignal }): Promise<boolean> {
    if (!this.options.approvals) return false;
    const decision = await this.options.approvals.request({ kind: 'continue', toolCallId: call.toolCallId, message }, call.signal);
    return decision.approved;
  }

  private async ask(request: ApprovalRequest, signal: AbortSignal, what: string): Promise<Extract<ApprovalDecision, { approved: true }>> {
    if (!this.options.approvals) {
      this.options.onUnattendedRefusal?.(what);
      throw new ToolError(`Not done: permission is needed to ${what}, and nobody is there to give it.${this.options.unattendedHint ? ` ${this.options.unattendedHint}` : ''}`);
    }
    const decision = await this.options.approvals.request(request, signal);
    if (decision.approved) return decision;
    const reason = decision.reason?.trim();
    throw new ToolError(
      reason
        ? `The user denied permission to ${what}, saying: "${reason}"`
        : `The user denied permission to ${what}. Do not try it again another way; continue without it or ask the user what they want.`,
    );
  }
}

function classify(absolute: string, check: CommandCheck): 'inside' | 'outside' | 'hidden' {
  const normalized = path.resolve(absolute);
  if (!check.roots.some((root) => relativeInside(root, normalized) !== undefined)) return 'outside';
  return check.isHidden(normalized) ? 'hidden' : 'inside';
}
