import * as vscode from 'vscode';
import type { Problem, ProblemSeverity } from '../../core/mentions/mentionTexts';
import type { Workspace } from '../../core/workspace/workspace';

const severities: Record<vscode.DiagnosticSeverity, ProblemSeverity> = {
  [vscode.DiagnosticSeverity.Error]: 'error',
  [vscode.DiagnosticSeverity.Warning]: 'warning',
  [vscode.DiagnosticSeverity.Information]: 'information',
  [vscode.DiagnosticSeverity.Hint]: 'hint',
};

/** The diagnostics VS Code shows in the Problems panel for the workspace's files, without those `.elbowignore` hides. */
export async function workspaceProblems(workspace: Workspace): Promise<Problem[]> {
  const hidden = await workspace.hiddenPathTest();
  const problems: Problem[] = [];
  for (const [uri, diagnostics] of vscode.languages.getDiagnostics()) {
    if (uri.scheme !== 'file' || vscode.workspace.getWorkspaceFolder(uri) === undefined || hidden(uri.fsPath, false)) continue;
    const path = workspace.displayPath(uri.fsPath);
    for (const diagnostic of diagnostics) {
      problems.push({
        path,
        line: diagnostic.range.start.line + 1,
        column: diagnostic.range.start.character + 1,
        severity: severities[diagnostic.severity],
        message: diagnostic.message,
        source: diagnostic.source,
      });
    }
  }
  return problems;
}
