import * as vscode from 'vscode';
import * as os from 'node:os';
import type { CommandRunner } from '../../core/host/commandRunner';
import type { FileChanges } from '../../core/host/fileChanges';
import type { AgentHost } from '../../core/host/host';
import { createWorkspaceSearcher } from '../../node/createWorkspaceSearcher';
import type { DocumentWriter } from '../review/documentWriter';
import { NodeWebPageFetcher } from '../../node/web/nodeWebPageFetcher';
import { readSandboxSettings, readTerminalSettings } from '../settings';
import { terminalShell } from '../terminal/terminalRunner';
import { VscodeDiagnostics } from '../diagnostics/vscodeDiagnostics';
import { VscodeCodeNavigation } from './vscodeCodeNavigation';
import { VscodeFileSystem } from './vscodeFileSystem';
import { vscodeRipgrepCandidates } from './vscodeRipgrep';

/** The workspace folders on disk; folders of other schemes (virtual file systems) cannot be reached by the tools. */
export function workspaceRoots(): string[] {
  return (vscode.workspace.workspaceFolders ?? []).filter((folder) => folder.uri.scheme === 'file').map((folder) => folder.uri.fsPath);
}

/** The agent's host inside VS Code: documents and `WorkspaceEdit` for files, VS Code's ripgrep for search. */
export async function createVscodeHost(roots: readonly string[], writer: DocumentWriter, changes: FileChanges, commands: CommandRunner, dataFolder?: string): Promise<AgentHost> {
  const files = new VscodeFileSystem(writer);
  const searcher = await createWorkspaceSearcher({ files, scope: { roots }, ripgrepCandidates: vscodeRipgrepCandidates(vscode.env.appRoot) });
  return {
    workspaceRoots: roots,
    files,
    changes,
    searcher,
    commands,
    diagnostics: new VscodeDiagnostics(roots, searcher),
    environment: {
      platform: process.platform,
      shell: terminalShell(readTerminalSettings()),
      today: () => new Date().toISOString().slice(0, 10),
      homeDirectory: os.homedir(),
      ...(dataFolder === undefined ? {} : { dataFolder }),
    },
    web: new NodeWebPageFetcher({ allowedHosts: () => readSandboxSettings().allowedHosts }),
    codeNavigation: new VscodeCodeNavigation(),
  };
}
