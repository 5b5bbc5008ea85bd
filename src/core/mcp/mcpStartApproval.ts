import type { McpServerConfig } from './mcpServerConfig';

/**
 * Who decides whether a server may start, when the host asks the user first for some (e.g. a
 * server that appeared in a workspace file while Elbow runs). Without one every server may start.
 */
export interface McpStartApproval {
  /** Every configuration read, before any of its servers starts. */
  configured(servers: readonly McpServerConfig[]): void;
  /** The server may start as configured without asking. */
  approved(server: McpServerConfig): boolean;
  /** Asks the user; true to start it. Runs go on meanwhile, and the server joins a later one. */
  ask(server: McpServerConfig): Promise<boolean>;
}
