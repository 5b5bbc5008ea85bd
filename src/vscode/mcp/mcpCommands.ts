import * as fs from 'node:fs/promises';
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { McpManager } from '../../core/mcp/mcpManager';
import type { McpConfigFile } from '../../core/mcp/mcpServerConfig';
import { addMcpServer } from '../../node/mcpConfigEditor';
import type { CommandHandlers } from '../commands/commandHandlers';
import { addServerSteps } from './addMcpServerSteps';
import { describeKind } from './configFileKinds';
import { showError, showInformation } from '../notifications';

export interface McpCommandDependencies {
  manager: McpManager;
  /** The files that can hold servers, in precedence order. */
  configFiles(): McpConfigFile[];
  /** Reveals the chat and opens its MCP panel. */
  showServers(): Promise<void>;
  /** Told of a server the user adds, so it starts without asking again. */
  approvals?: { expectAdded(file: string, name: string): void };
}

const emptyConfig = (file: McpConfigFile): string => `${JSON.stringify({ [file.kind === 'vscode' ? 'servers' : 'mcpServers']: {} }, null, 2)}\n`;

/** "Open MCP Configuration", "Add MCP Server", "Restart MCP Server" and "Show MCP Servers". */
export function mcpCommands(deps: McpCommandDependencies): CommandHandlers {
  return {
    'elbow.mcp.openConfiguration': (kind: unknown) => openConfiguration(deps, kind),
    'elbow.mcp.addServer': () => addServer(deps),
    'elbow.mcp.restartServer': (name: unknown) => restartServer(deps, name),
    'elbow.mcp.showServers': () => deps.showServers(),
  };
}

/** Asks which file (each marked when it exists), creates it when missing, and opens it; `kind` skips the question. */
async function openConfiguration(deps: McpCommandDependencies, kind: unknown): Promise<void> {
  const files = editableFiles(deps);
  const chosen = typeof kind === 'string' ? files.find((file) => file.kind === kind) : await pickFile(files, 'Open which MCP configuration?');
  if (chosen === undefined) return;
  if (!(await exists(chosen.path))) {
    await fs.mkdir(path.dirname(chosen.path), { recursive: true });
    await fs.writeFile(chosen.path, emptyConfig(chosen), { flag: 'wx' }).catch((error: NodeJS.ErrnoException) => {
      if (error.code !== 'EEXIST') throw error;
    });
  }
  await vscode.window.showTextDocument(vscode.Uri.file(chosen.path));
}

async function addServer(deps: McpCommandDependencies): Promise<void> {
  const files = editableFiles(deps).filter((file) => file.kind !== 'vscode');
  const step = await addServerSteps(files, new Set(deps.manager.serverNames()));
  if (step === undefined) return;
  await addMcpServer(step.file.path, step.file.kind, step.name, step.entry);
  deps.approvals?.expectAdded(step.file.path, step.name);
  await deps.manager.reload();
  const choice = await showInformation(`Added the MCP server "${step.name}" to ${step.file.display}. It starts when a conversation next needs tools.`, 'Show MCP Servers', 'Open Configuration');
  if (choice === 'Show MCP Servers') await deps.showServers();
  if (choice === 'Open Configuration') await vscode.window.showTextDocument(vscode.Uri.file(step.file.path));
}

async function restartServer(deps: McpCommandDependencies, name: unknown): Promise<void> {
  const status = deps.manager.status();
  const enabled = status.servers.filter((server) => server.state !== 'disabled');
  if (enabled.length === 0) {
    const choice = await showInformation('No MCP server is configured (or all are disabled).', 'Add MCP Server');
    if (choice === 'Add MCP Server') await vscode.commands.executeCommand('elbow.mcp.addServer');
    return;
  }
  const picked = typeof name === 'string' ? name : (await vscode.window.showQuickPick(
    enabled.map((server) => ({ label: server.name, description: server.state, detail: server.error })),
    { title: 'Restart which MCP server?' },
  ))?.label;
  if (picked === undefined) return;
  await vscode.window.withProgress({ location: vscode.ProgressLocation.Notification, title: `Restarting the MCP server "${picked}"…` }, () => deps.manager.restart(picked));
  const after = deps.manager.connection(picked);
  if (after?.state === 'failed') void showError(`The MCP server "${picked}" failed to start: ${after.error ?? 'unknown reason'}`);
}

/** The workspace's own file first, then VS Code's, then the user's. */
function editableFiles(deps: McpCommandDependencies): McpConfigFile[] {
  return deps.configFiles().filter((file) => file.kind !== 'cli');
}

async function pickFile(files: readonly McpConfigFile[], title: string): Promise<McpConfigFile | undefined> {
  const items = await Promise.all(files.map(async (file) => ({
    label: file.display,
    description: describeKind(file),
    detail: (await exists(file.path)) ? undefined : 'Not created yet: opening it creates it',
    file,
  })));
  return (await vscode.window.showQuickPick(items, { title }))?.file;
}

async function exists(file: string): Promise<boolean> {
  return fs.stat(file).then(() => true, () => false);
}
