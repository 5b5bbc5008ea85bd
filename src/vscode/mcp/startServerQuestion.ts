import type { McpServerConfig } from '../../core/mcp/mcpServerConfig';
import { describeLaunch } from '../../core/mcp/mcpServerLaunch';
import { showWarning } from '../notifications';

const START = 'Start';
const DO_NOT_START = "Don't start";

/** Asks in a notification whether to start a server the workspace's approval does not cover; closing it answers no. */
export async function askToStartServer(server: McpServerConfig): Promise<boolean> {
  const verb = server.type === 'stdio' ? 'It would run' : 'It would connect to';
  const choice = await showWarning(
    `Elbow: "${server.name}" in ${server.file.display} is a new or changed MCP server. ${verb}: ${describeLaunch(server)}. Start it?`,
    START,
    DO_NOT_START,
  );
  return choice === START;
}
