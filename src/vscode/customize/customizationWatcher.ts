import * as vscode from 'vscode';

/** The workspace folders' customization folders and settings files. */
const watchedPattern = '{.agents,.elbow,.claude,.github}/{skills,commands,prompts,agents,settings.json,settings.local.json}{,/**}';
/** Several files change at once (a checkout, a pull): read them once after the last. */
const settleMs = 400;

/** Calls `changed` once the customization files of the workspace folders stop changing for a moment. */
export function watchCustomizationFiles(changed: () => void): vscode.Disposable {
  let timer: NodeJS.Timeout | undefined;
  let watchers: vscode.FileSystemWatcher[] = [];
  const soon = (): void => {
    clearTimeout(timer);
    timer = setTimeout(changed, settleMs);
  };
  const watchFolders = (): void => {
    for (const watcher of watchers) watcher.dispose();
    watchers = (vscode.workspace.workspaceFolders ?? []).map((folder) => {
      const watcher = vscode.workspace.createFileSystemWatcher(new vscode.RelativePattern(folder, watchedPattern));
      watcher.onDidCreate(soon);
      watcher.onDidChange(soon);
      watcher.onDidDelete(soon);
      return watcher;
    });
  };
  watchFolders();
  const folders = vscode.workspace.onDidChangeWorkspaceFolders(() => {
    watchFolders();
    soon();
  });
  return {
    dispose: () => {
      clearTimeout(timer);
      folders.dispose();
      for (const watcher of watchers) watcher.dispose();
    },
  };
}
