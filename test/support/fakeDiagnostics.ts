import type { EditProblemsWatch, FileProblems, Problem, WorkspaceDiagnostics } from '../../src/core/host/workspaceDiagnostics';

/** Diagnostics a test sets: what the servers report now, and what they will report once an edit lands. */
export class FakeDiagnostics implements WorkspaceDiagnostics {
  reported: Problem[] = [];
  /** Replaces `reported` when a watched edit settles. */
  afterEdit: Problem[] | undefined;
  languageId = 'typescript';
  readonly watched: string[] = [];
  disposed = 0;

  async watchEdit(path: string): Promise<EditProblemsWatch> {
    this.watched.push(path);
    const before = [...this.reported];
    return {
      newProblems: async () => {
        if (this.afterEdit !== undefined) this.reported = this.afterEdit;
        return this.reported.filter((problem) => !before.some((old) => old.message === problem.message && old.path === problem.path));
      },
      dispose: () => {
        this.disposed++;
      },
    };
  }

  async fileProblems(path: string): Promise<FileProblems> {
    return { problems: this.reported.filter((problem) => problem.path === path), languageId: this.languageId };
  }

  reportedProblems(folder: string | undefined): Problem[] {
    return this.reported.filter((problem) => folder === undefined || problem.path.startsWith(`${folder}/`));
  }
}

export function problem(path: string, line: number, message: string, severity: Problem['severity'] = 'error', code = '2322'): Problem {
  return { path, line, column: 5, severity, message, source: 'ts', code };
}
