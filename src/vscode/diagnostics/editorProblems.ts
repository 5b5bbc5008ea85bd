import * as vscode from 'vscode';
import type { Problem, ProblemSeverity } from '../../core/host/workspaceDiagnostics';

const severities: Record<vscode.DiagnosticSeverity, ProblemSeverity> = {
  [vscode.DiagnosticSeverity.Error]: 'error',
  [vscode.DiagnosticSeverity.Warning]: 'warning',
  [vscode.DiagnosticSeverity.Information]: 'information',
  [vscode.DiagnosticSeverity.Hint]: 'hint',
};

/** The problems VS Code holds now for one file. */
export function problemsOf(uri: vscode.Uri): Problem[] {
  return vscode.languages.getDiagnostics(uri).map((diagnostic) => problemFrom(uri, diagnostic));
}

/** The problems VS Code holds now for every file on disk. */
export function allProblems(): Problem[] {
  return vscode.languages
    .getDiagnostics()
    .filter(([uri]) => uri.scheme === 'file')
    .flatMap(([uri, diagnostics]) => diagnostics.map((diagnostic) => problemFrom(uri, diagnostic)));
}

function problemFrom(uri: vscode.Uri, diagnostic: vscode.Diagnostic): Problem {
  const code = typeof diagnostic.code === 'object' ? diagnostic.code.value : diagnostic.code;
  return {
    path: uri.fsPath,
    line: diagnostic.range.start.line + 1,
    column: diagnostic.range.start.character + 1,
    severity: severities[diagnostic.severity],
    message: diagnostic.message,
    source: diagnostic.source,
    code: code === undefined ? undefined : String(code),
  };
}
