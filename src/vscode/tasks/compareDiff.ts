import * as vscode from 'vscode';
import type { ComparedTasks } from './comparedTasks';
import { textOf } from './compareModel';

/** The scheme of a compared result's files: `elbow-compare:/<path>?<query>`, read-only, served from the task's changes. */
export const compareScheme = 'elbow-compare';

type Side = 'before' | 'after';

function sideUri(taskId: string, path: string, side: Side): vscode.Uri {
  return vscode.Uri.from({ scheme: compareScheme, path: `/${path}`, query: new URLSearchParams({ task: taskId, side }).toString() });
}

/** Serves each side of a result's changed files: the base's text on the left, the worktree's on the right. */
export class CompareDocuments implements vscode.TextDocumentContentProvider {
  constructor(private readonly tasks: ComparedTasks) {}

  provideTextDocumentContent(uri: vscode.Uri): string {
    const query = new URLSearchParams(uri.query);
    const change = this.tasks.get(query.get('task') ?? '')?.changes?.find((candidate) => `/${candidate.path}` === uri.path);
    if (change === undefined) return '';
    const text = textOf(query.get('side') === 'before' ? change.before : change.after);
    return text ?? '(not text)';
  }
}

/** Opens one result's changes in VS Code's multi-file diff editor, each file the base against the worktree's. */
export async function openComparedDiff(tasks: ComparedTasks, taskId: string): Promise<boolean> {
  const task = tasks.get(taskId);
  const changes = task?.changes ?? [];
  if (task === undefined || changes.length === 0) return false;
  const workspaceFolder = vscode.workspace.workspaceFolders?.[0]?.uri;
  const resources = changes.map((change) => [
    workspaceFolder === undefined ? sideUri(taskId, change.path, 'after') : vscode.Uri.joinPath(workspaceFolder, change.path),
    sideUri(taskId, change.path, 'before'),
    sideUri(taskId, change.path, 'after'),
  ]);
  await vscode.commands.executeCommand('vscode.changes', `${task.model}: ${changes.length} file${changes.length === 1 ? '' : 's'} changed`, resources);
  return true;
}
