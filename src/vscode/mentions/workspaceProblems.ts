import * as vscode from 'vscode';
import type { Problem } from '../../core/host/workspaceDiagnostics';
import type { Workspace } from '../../core/workspace/workspace';
import { allProblems } from '../diagnostics/editorProblems';

/** The diagnostics VS Code shows in the Problems panel for the workspace's files, without those `.elbowignore` hides. */
export async function workspaceProblems(workspace: Workspace): Promise<Problem[]> {
  const hidden = await workspace.hiddenPathTest();
  return allProblems().filter((problem) => vscode.workspace.getWorkspaceFolder(vscode.Uri.file(problem.path)) !== undefined && !hidden(problem.path, false));
}
