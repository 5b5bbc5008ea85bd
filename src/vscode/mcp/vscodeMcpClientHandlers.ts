import { pathToFileURL } from 'node:url';
import * as vscode from 'vscode';
import type { McpClientHandlers } from '../../core/mcp/mcpClientHandlers';
import type { McpManager } from '../../core/mcp/mcpManager';
import { mcpRootsOf } from '../../core/mcp/mcpRoots';

/** What VS Code answers MCP servers: the workspace's local folders are their roots. */
export function vscodeMcpClientHandlers(): McpClientHandlers {
  return {
    roots: () => mcpRootsOf((vscode.workspace.workspaceFolders ?? []).map((folder) => ({
      uri: folder.uri.scheme === 'file' ? pathToFileURL(folder.uri.fsPath).href : folder.uri.toString(),
      name: folder.name,
    }))),
  };
}

/** Tells running servers when the workspace's folders change. */
export function watchMcpRoots(manager: McpManager): vscode.Disposable {
  return vscode.workspace.onDidChangeWorkspaceFolders(() => manager.rootsChanged());
}
