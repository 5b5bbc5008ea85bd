/** The subagent whose call asks: its task id, the description on its card and the agent it runs as. */
export interface ApprovalSubagent {
  taskId: string;
  description: string;
  agent: string;
}

/** Something a tool call may only do with the user's permission; `subagent` names the child whose call it is (absent: the conversation's own). */
export type ApprovalRequest = (
  | {
      kind: 'command';
      toolCallId: string;
      command: string;
      /** The folder as shown, e.g. `.` or `packages/app`. */
      cwd: string;
      /** Why it needs permission, one line each. */
      reasons: string[];
      /** What "Always allow" would add to the allow list; empty when it must not be offered. */
      alwaysAllow: string[];
      /** Where it would run if allowed. */
      placement: CommandPlacement;
    }
  | { kind: 'outsideWorkspace'; toolCallId: string; toolName: string; path: string; access: 'read' | 'write' }
  | {
      kind: 'mcpTool';
      toolCallId: string;
      server: string;
      /** As the server names it. */
      tool: string;
      /** The call's arguments as indented JSON. */
      arguments: string;
      /** The server annotates the tool as only reading. */
      readOnly: boolean;
      /** Whether "Always allow this tool" can be offered (it is written to the server's configuration). */
      alwaysAllowOffered: boolean;
    }
  /** A tool wants to change a protected file (`.vscode/settings.json`, `AGENTS.md`…): always asked, with the diff. */
  | {
      kind: 'protectedFile';
      toolCallId: string;
      toolName: string;
      /** As shown, e.g. `.vscode/settings.json`. */
      path: string;
      action: 'create' | 'change' | 'delete';
      /** Why the file is protected. */
      why: string;
      /** A unified diff of the change. */
      diff: string;
    }
  /** `fetch_url` wants to read a page of a domain the user has not always allowed. */
  | {
      kind: 'webPage';
      toolCallId: string;
      url: string;
      /** The host name "Always for this domain" would allow, e.g. `developer.mozilla.org`. */
      domain: string;
      /** Whether "Always for this domain" can be offered (it is remembered in the user's settings). */
      alwaysAllowOffered: boolean;
    }
  /** A guard rail was reached (e.g. many commands without a user message): go on? */
  | { kind: 'continue'; toolCallId: string; message: string }
) & { subagent?: ApprovalSubagent };

/**
 * Where an asked-about command would run: in the OS sandbox; outside it because the model asks
 * for that (with its reason); or outside because no sandbox can run on this machine.
 */
export type CommandPlacement =
  | { kind: 'sandbox' }
  | { kind: 'outsideRequested'; reason: string }
  | { kind: 'noSandbox'; reason: string };

export type ApprovalDecision =
  /** `runOutsideSandbox`: the user chose where a command runs, overriding its placement. */
  | { approved: true; alwaysAllow?: boolean; runOutsideSandbox?: boolean }
  | { approved: false; reason?: string };

/** Asks the user. The host shows the request (a chat card, a terminal prompt) and answers; cancel via the signal. */
export interface Approvals {
  request(request: ApprovalRequest, signal: AbortSignal): Promise<ApprovalDecision>;
}

/** The command permission settings as they stand now (read on every command). */
export interface CommandPermissions {
  /** Command prefixes that run without asking, e.g. `git status`. */
  allow: readonly string[];
  /** Command prefixes that are refused outright; they beat allow rules and auto-approve. */
  deny: readonly string[];
  /** Run commands that would otherwise ask without asking, in the sandbox only (deny rules, dangerous forms still apply; where no sandbox runs, nothing). */
  autoApprove: boolean;
  /** Writes outside the workspace may be asked for rather than refused. */
  allowWritesOutsideWorkspace: boolean;
  /** MCP tools their server annotates as read-only run without asking. */
  autoApproveReadOnlyMcpTools?: boolean;
  /** Paths relative to each workspace folder that tools change only after asking, besides the built-in list. */
  protectedPaths?: readonly string[];
  /** Host names `fetch_url` reads without asking, from the user's own settings only. */
  allowedWebDomains?: readonly string[];
}

/** Where the permission settings come from and where "Always allow" writes. */
export interface PermissionSettings {
  current(): CommandPermissions;
  addAllowRules(prefixes: readonly string[]): Promise<void>;
  /** Remembers "Always for this domain" for `fetch_url`; absent when it cannot be remembered. */
  addAllowedWebDomain?(domain: string): Promise<void>;
}
