import type { McpLog } from '../core/mcp/mcpServerConnection';

/**
 * MCP news on stderr: servers connecting and failing, and configuration problems. What the
 * servers themselves write to stderr is left out unless ELBOW_MCP_STDERR=1.
 */
export function cliMcpLog(writeErr: (text: string) => void, environment: Readonly<Record<string, string | undefined>> = process.env): McpLog {
  const showOutput = environment.ELBOW_MCP_STDERR === '1';
  return {
    info: (text) => writeErr(`elbow: ${text}\n`),
    warn: (text) => writeErr(`elbow: ${text}\n`),
    notice: (text) => writeErr(`elbow: ${text}\n`),
    output: (server, line) => {
      if (showOutput) writeErr(`[${server}] ${line}\n`);
    },
  };
}
