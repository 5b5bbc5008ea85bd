import type { AppliedEdit } from '../editMatching/applyEdits';
import type { EditTarget } from '../editMatching/editTypes';

/** One change to a file's lines: the lines it replaces (context and removed) and what replaces them (context and added). */
export interface PatchHunk {
  /** The `@@ …` lines before the hunk, outermost first: text of lines above the change that narrow where it is. */
  anchors: string[];
  oldLines: string[];
  newLines: string[];
  /** The hunk ended with `*** End of File`: its old lines are the file's last. */
  atEndOfFile: boolean;
}

/** One file section of a patch, with paths as the patch gives them. */
export type PatchOperation =
  | { kind: 'add'; path: string; text: string }
  | { kind: 'delete'; path: string }
  | { kind: 'update'; path: string; moveTo?: string; hunks: PatchHunk[] };

/** What one file becomes once the whole patch is planned; nothing is written until every file is planned. */
export type PlannedFile =
  | { kind: 'add'; path: string; text: string }
  | { kind: 'delete'; path: string }
  | { kind: 'update'; path: string; moveTo?: string; target: EditTarget; text: string; edits: AppliedEdit[] };
