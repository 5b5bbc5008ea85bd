/** How bad a problem is, as the editor's Problems panel says it. */
export type ProblemSeverity = 'error' | 'warning' | 'information' | 'hint';

/** One problem a language server reports. */
export interface Problem {
  /** Absolute path of the file. */
  path: string;
  /** 1-based. */
  line: number;
  /** 1-based. */
  column: number;
  severity: ProblemSeverity;
  message: string;
  /** Who reported it, e.g. `ts` or `eslint`. */
  source?: string;
  code?: string;
}

/** Watches one edit, from before it lands until the language servers have had their say. */
export interface EditProblemsWatch {
  /** Waits (bounded) for the language servers to settle after the edit; the problems of the file and its importers that the edit introduced. */
  newProblems(signal: AbortSignal): Promise<Problem[]>;
  /** Stops watching without waiting (the edit did not land). */
  dispose(): void;
}

export interface FileProblems {
  problems: Problem[];
  /** The editor's language of the file, e.g. `typescript` or `plaintext`. */
  languageId: string;
}

/** The editor's problems (diagnostics), as its language servers report them. Only VS Code has them. */
export interface WorkspaceDiagnostics {
  /** Called before an edit of `path` lands; undefined when problems after edits are turned off. */
  watchEdit(path: string): Promise<EditProblemsWatch | undefined>;
  /** A file's problems, after letting the language servers check it (bounded wait). */
  fileProblems(path: string, signal: AbortSignal): Promise<FileProblems>;
  /** The problems reported now for the files under `folder` (all folders when undefined). */
  reportedProblems(folder: string | undefined): Problem[];
}
