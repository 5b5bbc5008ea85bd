import type { McpConfigFile } from '../../core/mcp/mcpServerConfig';

/** What a configuration file is for, as the quick picks describe it. */
export function describeKind(file: McpConfigFile): string {
  switch (file.kind) {
    case 'workspace': return 'this workspace, Elbow only';
    case 'vscode': return 'this workspace, shared with VS Code';
    case 'user': return 'all your workspaces';
    case 'cli': return 'named on the command line';
  }
}
