import * as fs from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { McpConfigFile } from '../../core/mcp/mcpServerConfig';

const RELOAD_DELAY_MS = 200;
const USER_FILE_POLL_MS = 2_000;

/**
 * Reloads the MCP configuration when one of its files is created, changed or deleted, so edits
 * apply without reloading the window. Workspace files are watched through VS Code's workspace
 * watcher (their folders need not exist yet); files elsewhere (the user's) are polled, which
 * works before their folder exists too. The watched set follows the workspace folders.
 */
export function watchMcpConfig(files: () => McpConfigFile[], reload: () => void): vscode.Disposable[] {
  let watchers: vscode.Disposable[] = [];
  let timer: NodeJS.Timeout | undefined;
  const changed = (): void => {
    if (timer !== undefined) clearTimeout(timer);
    timer = setTimeout(() => {
      timer = undefined;
      reload();
    }, RELOAD_DELAY_MS);
  };
  const watch = (): void => {
    for (const watcher of watchers) watcher.dispose();
    watchers = files().map((file) => watchFile(file, changed));
  };
  watch();
  return [
    vscode.workspace.onDidChangeWorkspaceFolders(watch),
    // Saving in VS Code is seen at once, even where file watching is slow or off.
    vscode.workspace.onDidSaveTextDocument((document) => {
      if (files().some((file) => file.path === document.uri.fsPath)) changed();
    }),
    { dispose: () => {
      if (timer !== undefined) clearTimeout(timer);
      for (const watcher of watchers) watcher.dispose();
    } },
  ];
}

function watchFile(file: McpConfigFile, changed: () => void): vscode.Disposable {
  const folder = vscode.workspace.getWorkspaceFolder(vscode.Uri.file(file.path));
  if (folder !== undefined) {
    const relative = path.relative(folder.uri.fsPath, file.path).split(path.sep).join('/');
    const watcher = vscode.workspace.createFileSystemWatcher(new vscode.RelativePattern(folder, relative));
    watcher.onDidCreate(changed);
    watcher.onDidChange(changed);
    watcher.onDidDelete(changed);
    return watcher;
  }
  const listener = (current: fs.Stats, previous: fs.Stats): void => {
    if (current.mtimeMs !== previous.mtimeMs || current.size !== previous.size) changed();
  };
  fs.watchFile(file.path, { interval: USER_FILE_POLL_MS, persistent: false }, listener);
  return { dispose: () => fs.unwatchFile(file.path, listener) };
}
