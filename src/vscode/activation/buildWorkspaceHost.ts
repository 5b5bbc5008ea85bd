import * as path from 'node:path';
import type * as vscode from 'vscode';
import type { FileChanges } from '../../core/host/fileChanges';
import type { AgentHost } from '../../core/host/host';
import type { LastCommand } from '../../core/mentions/mentionTexts';
import { ChildProcessHookRunner } from '../../node/childProcessHookRunner';
import { ChildProcessRunner } from '../../node/childProcessRunner';
import { CommandSandbox } from '../../node/sandbox/commandSandbox';
import { mcpServerSandbox, type McpServerSandbox } from '../../node/sandboxedMcpTransports';
import { createVscodeHost, workspaceRoots } from '../host/createVscodeHost';
import type { DocumentWriter } from '../review/documentWriter';
import { readSandboxSettings, readTerminalSettings } from '../settings';
import { TerminalRunner } from '../terminal/terminalRunner';
import { ownDataFolders } from './ownDataFolders';

export interface WorkspaceHost {
  /** The agent's host for the workspace folders open now, made when first asked for. */
  current(): Promise<AgentHost>;
  /** The folders or the terminal settings changed: the next `current()` makes a new host. */
  forget(): void;
  /** The agent's last command in the Elbow terminal. */
  lastCommand(): LastCommand | undefined;
  /** Where the workspace's own stdio MCP servers run. */
  serverSandbox: McpServerSandbox;
}

export interface WorkspaceHostParts {
  /** This workspace's Elbow storage. */
  storageFolder: string;
  /** Elbow's data folder, shared with the terminal. */
  dataFolder: string;
  log: vscode.LogOutputChannel;
  writer: DocumentWriter;
  changes: FileChanges;
}

/** The agent's host: the workspace's files, search, and commands in the terminal or the sandbox. */
export function buildWorkspaceHost(context: vscode.ExtensionContext, parts: WorkspaceHostParts): WorkspaceHost {
  const { storageFolder, log } = parts;
  const sandbox = new CommandSandbox({
    roots: workspaceRoots,
    settings: readSandboxSettings,
    ownDataFolders: () => ownDataFolders({ globalStorage: path.dirname(context.globalStorageUri.fsPath), storageFolder, dataFolder: parts.dataFolder }),
    quarantineFolder: path.join(context.globalStorageUri.fsPath, 'quarantine'),
    log: (message) => log.warn(message),
  });
  const terminals = new TerminalRunner({ settings: readTerminalSettings, fallback: (shell) => new ChildProcessRunner({ shell, sandbox }), sandbox, log });
  context.subscriptions.push(terminals, { dispose: () => void sandbox.dispose() });
  let host: Promise<AgentHost> | undefined;
  return {
    current: () => {
      const roots = workspaceRoots();
      if (roots.length === 0) return Promise.reject(new Error('Elbow works on the files of a folder: open a folder or a workspace first.'));
      host ??= createVscodeHost(roots, parts.writer, parts.changes, terminals, parts.dataFolder).then((created) => {
        log.info(`Workspace: ${roots.join(', ')}; search with ${created.searcher.engine}.`);
        // Hooks run as child processes, never in the terminal the user types in.
        return { ...created, hooks: new ChildProcessHookRunner({ shell: created.environment.shell, sandbox }) };
      });
      return host;
    },
    forget: () => {
      host = undefined;
    },
    lastCommand: () => terminals.lastCommand,
    serverSandbox: mcpServerSandbox(sandbox),
  };
}
