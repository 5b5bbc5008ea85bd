import * as vscode from 'vscode';

/** Quick picks rather than modal dialogs: they keep the editor usable and work in every VS Code host. */
export async function confirmRestore(paths: readonly string[]): Promise<boolean> {
  const count = paths.length === 1 ? '1 file' : `${paths.length} files`;
  const choice = await vscode.window.showQuickPick(
    [
      { label: `$(discard) Restore ${count}`, detail: paths.join(', '), restore: true },
      { label: 'Cancel', restore: false },
    ],
    { title: `Restore checkpoint: roll back ${count} Elbow changed after this message?`, placeHolder: paths.join(', '), ignoreFocusOut: true },
  );
  return choice?.restore === true;
}

export async function confirmDeleteEditedFile(path: string): Promise<boolean> {
  const choice = await vscode.window.showQuickPick(
    [
      { label: `$(trash) Delete ${path}`, remove: true },
      { label: 'Keep it', remove: false },
    ],
    { title: `You have edited ${path} since Elbow created it. Delete it anyway?`, ignoreFocusOut: true },
  );
  return choice?.remove === true;
}
