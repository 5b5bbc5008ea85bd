import type { EditProblemsWatch } from '../host/workspaceDiagnostics';
import { problemCount, problemLines } from './problemList';
import type { Workspace } from '../workspace/workspace';

/**
 * What the model reads after an edit about the problems the language servers report that were not
 * there before it, in the file and in files that import it: nothing when there are none (most
 * edits), so a clean edit costs no tokens. Problems of files hidden by `.elbowignore` are left out.
 */
export async function editProblemsNote(context: { signal: AbortSignal; workspace: Workspace }, watch: EditProblemsWatch): Promise<string | undefined> {
  const found = await watch.newProblems(context.signal);
  if (found.length === 0) return undefined;
  const isHidden = await context.workspace.hiddenPathTest();
  const visible = found.filter((problem) => !isHidden(problem.path, false));
  if (visible.length === 0) return undefined;
  const lines = problemLines(visible, (path) => context.workspace.displayPath(path));
  return [`New problems after this edit (${problemCount(visible)}):`, ...lines].join('\n');
}
