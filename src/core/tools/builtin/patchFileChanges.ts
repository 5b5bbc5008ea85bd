import type { FileContent } from '../../host/fileChanges';
import type { ToolContext } from '../tool';
import type { ResolvedPath } from '../../workspace/workspace';
import type { EditTarget } from './editMatching/editTypes';
import { editableText } from './editableText';
import { editedRegions } from './editSummary';
import { planPatch } from './patch/planPatch';
import type { PatchOperation, PlannedFile } from './patch/patchTypes';
import { readCurrent, type FileChange } from './proposeChange';
import type { PatchPaths } from './resolvePatchPaths';
import { splitLines, type TextContent } from './textFile';

const TOOL_NAME = 'apply_patch';

/** One file of a planned patch: its changes for the host (a move is two), and what to tell the model once they land. */
export interface PatchedFile {
  changes: FileChange[];
  report: string;
  /** How the user's card names it: `src/app.ts`, or `old.ts → new.ts` for a move. */
  named: string;
  added: number;
  removed: number;
}

interface ReadFile {
  file: ResolvedPath;
  shown: string;
  /** What it holds, as the host gets it back (`text` is the same text as a FileContent). */
  text: TextContent | undefined;
  /** Its permission bits, for the file a move creates and for a deleted file put back. */
  mode: number | undefined;
  madeFolders: readonly ResolvedPath[];
}

/**
 * Reads every file at the paths resolved once, and plans the whole patch on what they hold now: nothing is
 * changed yet, and any problem (a file too big or not text, a hunk that does not apply) throws before anything is.
 */
export async function planPatchFiles(context: ToolContext, operations: readonly PatchOperation[], paths: PatchPaths): Promise<PatchedFile[]> {
  const files = new Map<string, ReadFile>();
  for (const [path, { file, shown, missingFolders: madeFolders }] of paths) {
    context.signal.throwIfAborted();
    const current = await readCurrent(context, file, shown);
    const mode = current === undefined ? undefined : (await context.host.files.stat(file.absolute))?.mode;
    files.set(path, { file, shown, mode, madeFolders, text: current === undefined ? undefined : editableText(current.decoded, shown, TOOL_NAME) });
  }
  const read = (path: string): ReadFile => files.get(path) as ReadFile;
  const planned = planPatch(operations, (path): EditTarget | undefined => {
    const text = files.get(path)?.text;
    return text === undefined ? undefined : { text: text.text, lineEnding: text.lineEnding, shownPath: read(path).shown };
  });
  return planned.map((plannedFile) => patchedFile(plannedFile, read));
}

function patchedFile(planned: PlannedFile, read: (path: string) => ReadFile): PatchedFile {
  const source = read(planned.path);
  const { file, shown, text: before } = source;
  const mode = source.mode === undefined ? {} : { mode: source.mode };
  if (planned.kind === 'add') {
    const lines = splitLines(planned.text).length;
    return {
      changes: [{ file, shown, before, after: { kind: 'text', text: planned.text, hasBom: false }, madeFolders: source.madeFolders }],
      report: `Created ${shown} (${linesOf(lines)}).`,
      named: shown,
      added: lines,
      removed: 0,
    };
  }
  if (planned.kind === 'delete') {
    const lines = before === undefined ? 0 : splitLines(before.text).length;
    return { changes: [{ file, shown, before, after: undefined, ...mode }], report: `Deleted ${shown} (${linesOf(lines)}).`, named: shown, added: 0, removed: lines };
  }
  const after: FileContent = { kind: 'text', text: planned.text, hasBom: before?.hasBom ?? false };
  const { added, removed, content: regions } = editedRegions(planned.text, planned.edits);
  const hunks = `${planned.edits.length} hunk${planned.edits.length === 1 ? '' : 's'}`;
  if (planned.moveTo === undefined) {
    return { changes: [{ file, shown, before, after }], report: `Edited ${shown}: applied ${hunks}.${regions}`, named: shown, added, removed };
  }
  const destination = read(planned.moveTo);
  const edited = planned.edits.length === 0 ? '' : ` and applied ${hunks}.${regions}`;
  return {
    changes: [
      { file: destination.file, shown: destination.shown, before: destination.text, after, ...mode, madeFolders: destination.madeFolders },
      { file, shown, before, after: undefined, ...mode, movedTo: destination.file },
    ],
    report: `Moved ${shown} to ${destination.shown}${edited === '' ? '.' : edited}`,
    named: `${shown} → ${destination.shown}`,
    added,
    removed,
  };
}

function linesOf(count: number): string {
  return count === 1 ? '1 line' : `${count} lines`;
}
