/** How Elbow reaches a server; `http` tries streamable HTTP, then SSE. */
export type McpTransportType = 'stdio' | 'sse' | 'streamableHttp' | 'http';

/** Where a server's configuration comes from; earlier kinds win when two files name the same server. */
export type McpConfigKind = 'cli' | 'workspace' | 'vscode' | 'user';

export interface McpConfigFile {
  /** Absolute path. */
  path: string;
  kind: McpConfigKind;
  /** The file as shown to the user, e.g. `.elbow/mcp.json` or `~/.elbow/mcp.json`. */
  display: string;
  /** The workspace folder `${workspaceFolder}` stands for in this file (the first one for user files). */
  workspaceFolder?: string;
}

/** One MCP server, validated, with `${…}` variables substituted. */
export interface McpServerConfig {
  name: string;
  /** `http`: streamable HTTP, falling back to SSE (VS Code's `http`, and a `url` without a `type`). */
  type: McpTransportType;
  /** stdio: the program and its arguments. */
  command?: string;
  args: string[];
  /** stdio: added to the environment Elbow passes on. */
  env: Record<string, string>;
  /** stdio: absolute folder to start in; the first workspace folder when unset. */
  cwd?: string;
  /** sse, streamableHttp, http. */
  url?: string;
  headers: Record<string, string>;
  disabled: boolean;
  /** How long one tool call may take. */
  timeoutMs: number;
  /** Tools (as the server names them) that run without asking. */
  alwaysAllow: string[];
  /** Tools (as the server names them) the model does not get. */
  disabledTools: string[];
  /** Remote servers: how Elbow signs in with OAuth, when the server's own discovery is not enough. */
  oauth?: McpOAuthConfig;
  /** The file it comes from. */
  file: McpConfigFile;
  /** What starts or is reached, as the file writes it (before `${…}` substitution): shown when asking to start it. */
  written?: McpServerLaunch;
}

/** `oauth` of a remote server (as Claude Code writes it): a client registered beforehand, the scopes, a fixed redirect port. */
export interface McpOAuthConfig {
  /** A client id registered with the authorization server, for servers without dynamic registration. */
  clientId?: string;
  clientSecret?: string;
  /** Scopes to ask for instead of those the server names. */
  scopes?: string[];
  /** The terminal's loopback redirect listens on this port (`http://127.0.0.1:PORT/callback`). */
  callbackPort?: number;
}

/** The settings that decide what program runs or what is contacted, and with what. */
export type McpServerLaunch = Pick<McpServerConfig, 'command' | 'args' | 'env' | 'cwd' | 'url' | 'headers'>;

/** Something wrong in a configuration file, for the user: which file, which field, what to do. */
export interface McpConfigProblem {
  file: string;
  /** e.g. `mcpServers.github.command`; absent for the file as a whole. */
  field?: string;
  message: string;
}

export const defaultMcpTimeoutMs = 60_000;

/** One line for the user: `.elbow/mcp.json: mcpServers.github.command: expected a string`. */
export function problemText(problem: McpConfigProblem): string {
  return [problem.file, problem.field, problem.message].filter((part) => part !== undefined).join(': ');
}
