import type { ApprovalDecision, ApprovalRequest, ApprovalSubagent, Approvals, CommandPlacement, PermissionSettings } from '../host/approvals';
import type { SandboxStatus } from '../host/commandRunner';
import { allowRulesWithoutSandbox } from './commandPolicy/allowListWithoutSandbox';
import { judgeCommand } from './commandPolicy/judgeCommand';
import { classifyCommandPath } from './commandPathClass';
import { approvalClassOf, type ApprovalClass } from './approvalClass';
import { ToolError } from '../toolContract/toolError';

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
  /** The shell that runs commands when there is no sandbox. */
  shell: string;
  homeDirectory?: string;
  sandbox: SandboxStatus;
  /** The model asks to run the command outside the sandbox, for this reason. */
  outsideSandboxReason?: string;
}

export interface PermissionGateOptions {
  settings: PermissionSettings;
  /** Who answers requests; without it, whatever needs approval is refused. */
  approvals?: Approvals;
  /**
   * Classes of requests approved without asking (the terminal's `--yes` and `--allow-…` flags).
   * Deny rules and refusals still apply; a class not named here is asked about.
   */
  preApproved?: ReadonlySet<ApprovalClass>;
  /** Said to the model when a request is refused because nobody can answer, e.g. how the user can allow it. */
  unattendedHint?: (request: ApprovalRequest) => string | undefined;
  /** Tells the user that something was refused because nobody could answer (e.g. on the terminal's stderr). */
  onUnattendedRefusal?: (what: string, request: ApprovalRequest) => void;
  /** The gate of a subagent's calls: every request it makes names the child. */
  subagent?: ApprovalSubagent;
}

export interface McpToolCheck {
  server: string;
  /** As the server names it. */
  tool: string;
  /** As the model sees it, e.g. `mcp__github__create_issue`: what deny rules match. */
  modelName: string;
  arguments: unknown;
  readOnly: boolean;
  /** Listed in the server's `alwaysAllow`. */
  alwaysAllowed: boolean;
  toolCallId: string;
  signal: AbortSignal;
  /** Records "Always allow this tool" (in the server's configuration); absent when that cannot be written. */
  allowAlways?: () => Promise<void>;
}

/** How auto-approve, rules and the user decided a command, for the tool result. */
export type CommandPermission = 'rule' | 'autoApprove' | 'user';

export interface CommandDecision {
  permission: CommandPermission;
  /** Run it in the OS sandbox (false: with the user's full rights). */
  sandboxed: boolean;
}

/**
 * The one place tool calls get permission: commands are judged against the allow and deny
 * rules and asked about when needed; access outside the workspace is asked about (reads) or
 * refused (writes, unless the settings allow asking).
 */
export class PermissionGate {
  private readonly askingListeners = new Set<(what: string) => void>();

  constructor(private readonly options: PermissionGateOptions) {}

  /** The same gate (settings, approvals, answers given up front) for a subagent's calls: each request names the child. */
  forSubagent(subagent: ApprovalSubagent): PermissionGate {
    return new PermissionGate({ ...this.options, subagent });
  }

  /** Told each time the user is about to be asked (Notification hooks); returns the way to stop listening. */
  whenAsking(listener: (what: string) => void): () => void {
    this.askingListeners.add(listener);
    return () => this.askingListeners.delete(listener);
  }

  /**
   * Containment first: with a sandbox, what the rules allow (or auto-approve lets through) runs
   * in it unasked, and the user's Allow and "Always allow" keep it there; running outside asks
   * every time. Without one, only rules that cannot run code or write files apply, and
   * auto-approve approves nothing: it never widens what runs with the user's full rights.
   */
  async checkCommand(check: CommandCheck): Promise<CommandDecision> {
    const permissions = this.options.settings.current();
    const { sandbox } = check;
    const judgement = judgeCommand(check.command, {
      allow: sandbox.available ? permissions.allow : allowRulesWithoutSandbox(permissions.allow),
      deny: permissions.deny,
      cwd: check.cwd,
      classifyPath: (absolute) => classifyCommandPath(absolute, check),
      platform: check.platform,
      shell: sandbox.available ? sandbox.shell : check.shell,
      homeDirectory: check.homeDirectory,
      hiddenFilesUnmasked: !sandbox.available,
    });
    if (judgement.verdict === 'deny') {
      throw new ToolError(`The command was not run: ${judgement.reasons.join('; ')}. The user's settings forbid it; do not try to get around this, find another way or ask the user.`);
    }
    const outsideRequested = sandbox.available && check.outsideSandboxReason !== undefined;
    if (!outsideRequested) {
      if (judgement.verdict === 'allow') return { permission: 'rule', sandboxed: sandbox.available };
      if (permissions.autoApprove && judgement.autoApprovable && sandbox.available) return { permission: 'autoApprove', sandboxed: true };
    }
    const placement: CommandPlacement = !sandbox.available
      ? { kind: 'noSandbox', reason: sandbox.reason }
      : outsideRequested
        ? { kind: 'outsideRequested', reason: check.outsideSandboxReason ?? '' }
        : { kind: 'sandbox' };
    const alwaysAllow = placement.kind === 'sandbox' ? judgement.alwaysAllow : [];
    const request: ApprovalRequest = {
      kind: 'command',
      toolCallId: check.toolCallId,
      command: check.command,
      cwd: check.cwdDisplay,
      reasons: outsideRequested ? [] : judgement.reasons,
      alwaysAllow,
      placement,
    };
    const what = placement.kind === 'outsideRequested' ? `run \`${check.command}\` outside the sandbox` : `run \`${check.command}\``;
    const decision = await this.ask(request, check.signal, what);
    if (decision.alwaysAllow && alwaysAllow.length > 0) await this.options.settings.addAllowRules(alwaysAllow);
    const outside = decision.runOutsideSandbox ?? placement.kind !== 'sandbox';
    return { permission: 'user', sandboxed: sandbox.available && !outside };
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

  /**
   * For a call of an MCP server's tool: deny rules naming it (`mcp__server` or `mcp__server__tool`)
   * refuse it; the server's `alwaysAllow` and, when the user turned it on, a read-only annotation
   * let it run; otherwise the user is asked.
   */
  async checkMcpTool(check: McpToolCheck): Promise<void> {
    const permissions = this.options.settings.current();
    const rule = permissions.deny.find((deny) => mcpRuleMatches(deny.trim(), check.modelName));
    if (rule !== undefined) {
      throw new ToolError(`${check.server} › ${check.tool} was not run: the user's settings forbid it (deny rule \`${rule}\`). Do not try to get around this; find another way or ask the user.`);
    }
    if (check.alwaysAllowed) return;
    if (check.readOnly && permissions.autoApproveReadOnlyMcpTools === true) return;
    const request: ApprovalRequest = {
      kind: 'mcpTool',
      toolCallId: check.toolCallId,
      server: check.server,
      tool: check.tool,
      arguments: JSON.stringify(check.arguments, null, 2),
      readOnly: check.readOnly,
      alwaysAllowOffered: check.allowAlways !== undefined,
    };
    const decision = await this.ask(request, check.signal, `use ${check.tool} of the MCP server "${check.server}"`);
    if (decision.alwaysAllow) await check.allowAlways?.();
  }

  /** Before `fetch_url` reads a page: the domain is always allowed, or the user is asked (Allow once, Always for this domain, Deny). */
  async checkWebPage(url: URL, call: { toolCallId: string; signal: AbortSignal }): Promise<void> {
    const settings = this.options.settings;
    const domain = url.hostname.toLowerCase();
    if ((settings.current().allowedWebDomains ?? []).some((allowed) => allowed.trim().toLowerCase() === domain)) return;
    const request: ApprovalRequest = {
      kind: 'webPage',
      toolCallId: call.toolCallId,
      url: url.href,
      domain,
      alwaysAllowOffered: settings.addAllowedWebDomain !== undefined,
    };
    const decision = await this.ask(request, call.signal, `read ${url.href}`);
    if (decision.alwaysAllow) await settings.addAllowedWebDomain?.(domain);
  }

  /** The user's additions to the protected paths (relative to each workspace folder). */
  protectedPathSettings(): readonly string[] {
    return this.options.settings.current().protectedPaths ?? [];
  }

  /** A tool changes a protected file: asked every time, with the diff, auto-approve or not; only `--allow-protected-writes` approves it up front. */
  async checkProtectedFile(change: Omit<Extract<ApprovalRequest, { kind: 'protectedFile' }>, 'kind'>, signal: AbortSignal): Promise<void> {
    const verb = change.action === 'create' ? 'create' : change.action === 'delete' ? 'delete' : 'change';
    await this.ask({ kind: 'protectedFile', ...change }, signal, `${verb} ${change.path}, which is protected because ${change.why}`);
  }

  /** A guard rail was reached: true to go on. */
  async askToContinue(message: string, call: { toolCallId: string; signal: AbortSignal }): Promise<boolean> {
    if (this.options.preApproved?.has('continue') === true) return true;
    if (!this.options.approvals) return false;
    for (const listener of this.askingListeners) listener(message);
    const decision = await this.options.approvals.request(this.named({ kind: 'continue', toolCallId: call.toolCallId, message }), call.signal);
    return decision.approved;
  }

  private named(request: ApprovalRequest): ApprovalRequest {
    return this.options.subagent === undefined ? request : { ...request, subagent: this.options.subagent };
  }

  private async ask(asked: ApprovalRequest, signal: AbortSignal, what: string): Promise<Extract<ApprovalDecision, { approved: true }>> {
    const request = this.named(asked);
    if (this.options.preApproved?.has(approvalClassOf(request)) === true) return { approved: true };
    if (!this.options.approvals) {
      this.options.onUnattendedRefusal?.(what, request);
      const hint = this.options.unattendedHint?.(request);
      throw new ToolError(`Not done: permission is needed to ${what}, and nobody is there to give it.${hint ? ` ${hint}` : ''}`);
    }
    for (const listener of this.askingListeners) listener(what);
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

/** `mcp__github` matches every tool of the server github; `mcp__github__create_issue` that tool. */
function mcpRuleMatches(rule: string, modelName: string): boolean {
  if (!rule.startsWith('mcp__')) return false;
  return modelName === rule || modelName.startsWith(rule.endsWith('__') ? rule : `${rule}__`);
}


