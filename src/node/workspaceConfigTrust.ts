import type { McpConfigFile } from '../core/mcp/mcpServerConfig';

/**
 * Trust in what a workspace's MCP configuration file holds: its servers run programs with the
 * user's rights and may be given the user's environment variables (`${env:…}`), so a file that
 * came with the workspace is read only once the user trusts that very content.
 */
export interface WorkspaceConfigTrust {
  /** The file's servers may be read (its `${…}` substituted) and started. */
  trusts(file: McpConfigFile, content: Buffer): Promise<boolean>;
  /** Elbow changed the file for the user (e.g. "always allow"): if the content before was trusted, the content after is too. */
  carryOver(file: McpConfigFile, before: Buffer, after: Buffer): Promise<void>;
}
