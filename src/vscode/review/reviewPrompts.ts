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

export type PendingChangesChoice = 'accept' | 'reject' | 'keep';

/** Before a new chat: what to do with the changes still pending review; `undefined`: stay in this chat. */
export async function askAboutPendingChanges(paths: readonly string[]): Promise<PendingChangesChoice | undefined> {
  const count = paths.length === 1 ? '1 file' : `${paths.length} files`;
  const choice = await vscode.window.showQuickPick(
    [
      { label: '$(check-all) Accept All', detail: `Keep Elbow's changes to ${count}`, choice: 'accept' as const },
      { label: '$(discard) Reject All', detail: `Undo Elbow's changes to ${count}`, choice: 'reject' as const },
      { label: '$(history) Keep for Later', detail: 'Leave them pending in the editors, to accept or reject while you chat anew', choice: 'keep' as const },
      { label: 'Cancel', detail: 'Stay in this chat', choice: undefined },
    ],
    { title: `New chat: Elbow's changes to ${count} are still pending review`, placeHolder: paths.join(', '), ignoreFocusOut: true },
  );
  return choice?.choice;
}
