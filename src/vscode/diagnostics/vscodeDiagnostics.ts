import * as vscode from 'vscode';
import { newProblems } from '../../core/diagnostics/newProblems';
import type { WorkspaceSearcher } from '../../core/host/searcher';
import type { EditProblemsWatch, FileProblems, Problem, WorkspaceDiagnostics } from '../../core/host/workspaceDiagnostics';
import { relativeInside } from '../../core/search/searchScope';
import { diagnosticsSettled } from './diagnosticsSettle';
import { allProblems, problemsOf } from './editorProblems';
import { importingFiles } from './importingFiles';
import { openForChecking } from './checkingTabs';
import { readEditSettings, readProblemsAfterEdit } from '../settings';

/** How long finding importers may take. */
const SEARCH_BOUND_MS = 1_000;

/**
 * VS Code's problems for the agent. Language servers (TypeScript's among them) check only files
 * open in tabs, so the file and its likely importers are opened in background tabs before an edit
 * (and closed after it), and their problems are compared before and after it.
 */
export class VscodeDiagnostics implements WorkspaceDiagnostics {
  constructor(
    private readonly roots: readonly string[],
    private readonly searcher: WorkspaceSearcher,
  ) {}

  async watchEdit(file: string): Promise<EditProblemsWatch | undefined> {
    const setting = readProblemsAfterEdit();
    if (setting === 'off') return undefined;
    const language = await languageOf(vscode.Uri.file(file));
    // No language server checks plain text (.txt, unknown extensions): waiting for one would only cost time.
    if (language === 'plaintext') return undefined;
    const importers = await importingFiles(file, this.roots, this.searcher, AbortSignal.timeout(SEARCH_BOUND_MS));
    // A file about to be created has no problems yet and no tab to open.
    const existing = language === undefined ? [] : [file];
    const uris = [...existing, ...importers].map((fsPath) => vscode.Uri.file(fsPath));
    // The edited file's tab stays when edits open their files anyway.
    const closeTabs = await openForChecking(uris, readEditSettings().openEditedFiles === 'never' ? undefined : vscode.Uri.file(file));
    const before = uris.flatMap(problemsOf);
    const reported = (problem: Problem): boolean => problem.severity === 'error' || (setting === 'errorsAndWarnings' && problem.severity === 'warning');
    return {
      async newProblems(signal) {
        await diagnosticsSettled([vscode.Uri.file(file), ...uris], signal);
        const after = [vscode.Uri.file(file), ...uris.slice(existing.length)].flatMap(problemsOf);
        await closeTabs();
        return newProblems(before, after).filter(reported);
      },
      dispose: () => void closeTabs(),
    };
  }

  async fileProblems(file: string, signal: AbortSignal): Promise<FileProblems> {
    const uri = vscode.Uri.file(file);
    const languageId = await languageOf(uri);
    if (languageId === undefined || languageId === 'plaintext' || signal.aborted) return { problems: [], languageId: languageId ?? 'binary' };
    const closeTab = await openForChecking([uri]);
    const problems = problemsOf(uri);
    await closeTab();
    return { problems, languageId };
  }

  reportedProblems(folder: string | undefined): Problem[] {
    const inScope = (problem: Problem): boolean =>
      folder === undefined ? this.roots.some((root) => relativeInside(root, problem.path) !== undefined) : relativeInside(folder, problem.path) !== undefined;
    return allProblems().filter(inScope);
  }
}

/** The language VS Code gives the file; undefined when it cannot be opened as text (missing, binary). */
async function languageOf(uri: vscode.Uri): Promise<string | undefined> {
  return vscode.workspace.openTextDocument(uri).then(
    (document) => document.languageId,
    () => undefined,
  );
}
