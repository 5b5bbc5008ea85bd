import * as vscode from 'vscode';
import type { CustomizationProblem } from '../../core/customize/customizationProblem';

/** Problems with customization files in the Problems panel, at the file's line, from "Elbow". */
export class CustomizationDiagnostics implements vscode.Disposable {
  private readonly collection = vscode.languages.createDiagnosticCollection('elbow.customize');

  show(problems: readonly CustomizationProblem[]): void {
    const byFile = new Map<string, vscode.Diagnostic[]>();
    for (const problem of problems) {
      const line = Math.max(0, problem.line - 1);
      const diagnostic = new vscode.Diagnostic(new vscode.Range(line, 0, line, Number.MAX_SAFE_INTEGER), problem.rule, vscode.DiagnosticSeverity.Warning);
      diagnostic.source = 'Elbow';
      byFile.set(problem.file, [...(byFile.get(problem.file) ?? []), diagnostic]);
    }
    this.collection.clear();
    for (const [file, diagnostics] of byFile) this.collection.set(vscode.Uri.file(file), diagnostics);
  }

  dispose(): void {
    this.collection.dispose();
  }
}
