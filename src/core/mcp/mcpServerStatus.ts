import type { McpResourceDefinition, McpResourceTemplateDefinition } from './mcpResource';
import type { McpTransportType } from './mcpServerConfig';

/**
 * `idle`: configured, started when a conversation first needs tools. `awaitingApproval`: not
 * started until the user says so; `declined`: the user chose not to start it (Restart asks again).
 * `signInRequired`: a remote server refused Elbow until the user signs in (OAuth); it is not retried on its own.
 */
export type McpServerState = 'idle' | 'connecting' | 'connected' | 'failed' | 'disabled' | 'awaitingApproval' | 'declined' | 'signInRequired';

/** One tool of a server, as offered to the model. */
export interface McpToolStatus {
  /** As the server names it, e.g. `create_issue`. */
  name: string;
  /** As the model sees it, e.g. `mcp__github__create_issue`. */
  modelName: string;
  description: string;
  /** The server annotates it as only reading (`readOnlyHint`). */
  readOnly: boolean;
  /** Off: the model does not get this tool (`disabledTools` in the server's configuration). */
  enabled: boolean;
  /** Runs without asking (`alwaysAllow` in the server's configuration). */
  alwaysAllowed: boolean;
}

export interface McpServerStatus {
  name: string;
  state: McpServerState;
  /** For `failed`: why, in words for the user, and when it is tried again; for `awaitingApproval` and `declined`: what to do. */
  error?: string;
  transport: McpTransportType;
  /** The configuration file it comes from, as shown (e.g. `.elbow/mcp.json`). */
  source: string;
  /** Remote servers that sign in with OAuth: whether Elbow holds tokens for it (absent while it is not known to use OAuth). */
  signedIn?: boolean;
  tools: McpToolStatus[];
  resources: McpResourceDefinition[];
  resourceTemplates: McpResourceTemplateDefinition[];
}

/** How the configured MCP servers are doing, for a host to show. */
export interface McpStatus {
  servers: McpServerStatus[];
  /** Problems in the configuration files, one line each naming the file and the field. */
  problems: string[];
  /** Set when the model would get too many tools: what happens and what to do about it. */
  warning?: string;
}
