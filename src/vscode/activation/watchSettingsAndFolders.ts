import * as vscode from 'vscode';
import type { McpManager } from '../../core/mcp/mcpManager';
import type { ApiKeys } from '../apiKeys';
import type { ChatController } from '../chat/chatController';
import type { WorkspaceHost } from './buildWorkspaceHost';

/** Settings, API keys or workspace folders change: the chat, the agent's host and the MCP servers follow. */
export function watchSettingsAndFolders(context: vscode.ExtensionContext, parts: { keys: ApiKeys; controller: ChatController; host: WorkspaceHost; mcp: McpManager }): void {
  const { keys, controller, host, mcp } = parts;
  context.subscriptions.push(
    keys.onDidChange(() => void controller.settingsChanged()),
    vscode.workspace.onDidChangeConfiguration((event) => {
      if (event.affectsConfiguration('elbow.terminal')) host.forget();
      if (event.affectsConfiguration('elbow')) void controller.settingsChanged();
    }),
    vscode.workspace.onDidChangeWorkspaceFolders(() => {
      host.forget();
      void mcp.reload();
      void controller.settingsChanged();
    }),
  );
}
