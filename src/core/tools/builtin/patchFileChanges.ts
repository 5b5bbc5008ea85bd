import { dirname } from 'node:path';
import type { ToolContext } from '../tool';
import { ToolError } from '../toolError';
import type { ResolvedPath } from '../../workspace/workspace';
import type { EditTarget } from './editMatching/editTypes';
import { editableText } from './editableText';
import { editedRegions } from './editSummary';
import { planPatch } from './patch/planPatch';
import type { PatchOperation, PlannedFile } from './patch/patchTypes';
import { readCurrent, type FileChange } from './proposeChange';
import { encodeText, splitLines, type TextContent } from './textFile';

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
  bytes: Uint8Array | undefined;
  content: TextContent | undefined;
  /** Its permission bits, for the file a move creates and for a deleted file put back. */
  mode: number | undefined;
  madeFolders: readonly ResolvedPath[];
}

/** Every path a patch names, resolved once (with edit_file's checks and questions): each attempt reads and plans on these very paths. */
export type PatchPaths = ReadonlyMap<string, ResolvedPatchPath>;

interface ResolvedPatchPath {
  file: ResolvedPath;
  shown: string;
  /** The folders above a new file that do not exist yet, innermost first. */
  missingFolders: ResolvedPath[];
}

/**
 * Resolves every path the patch names, once. A file the patch deletes or moves away must not be a symbolic
 * link: putting it back after a later failure would have to recreate a link, which Elbow does not do.
 */
export async function resolvePatchPaths(context: ToolContext, operations: readonly PatchOperation[]): Promise<PatchPaths> {
  const paths = new Map<string, ResolvedPatchPath>();
  for (const path of operationPaths(operations)) {
    if (paths.has(path)) continue;
    const file = await context.workspace.resolve(path, { forWriting: true, outsideAccess: { access: 'write', toolName: TOOL_NAME, context } });
    paths.set(path, { file, shown: context.workspace.displayPath(file.absolute), missingFolders: await missingFolders(context, file) });
  }
  for (const operation of operations) {
    const removed = operation.kind === 'delete' || (operation.kind === 'update' && operation.moveTo !== undefined);
    const entry = paths.get(operation.path);
    if (!removed || entry === undefined || !(await context.host.files.stat(entry.file.absolute))?.isSymbolicLink) continue;
    const verb = operation.kind === 'delete' ? 'delete' : 'move';
    throw new ToolError(`${entry.shown} is a symbolic link; apply_patch does not ${verb} links (it could not put one back if the patch failed). No file was changed. Use delete_file or run_command for the link.`);
  }
  return paths;
}

async function missingFolders(context: ToolContext, file: ResolvedPath): Promise<ResolvedPath[]> {
  const folders: ResolvedPath[] = [];
  if (file.exists || file.outside) return folders;
  for (let folder = dirname(file.absolute); (await context.host.files.stat(folder)) === undefined; folder = dirname(folder)) {
    folders.push(await context.workspace.resolve(folder, { forWriting: true }));
  }
  return folders;
}

/**
 * Reads every file at the paths resolved once, and plans the whole patch on what they hold now: nothing is
 * changed yet, and any problem (a file too big or not text, a hunk that does not apply) throws before anything is.
 */
export async function planPatchFiles(context: ToolContext, operations: readonly PatchOperation[], paths: PatchPaths): Promise<PatchedFile[]> {
  const files = new Map<string, ReadFile>();
  for (const [path, { file, shown, missingFolders: madeFolders }] of paths) {
    const bytes = await readCurrent(context, file, shown);
    const mode = bytes === undefined ? undefined : (await context.host.files.stat(file.absolute))?.mode;
    files.set(path, { file, shown, bytes, mode, madeFolders, content: bytes === undefined ? undefined : editableText(bytes, shown, TOOL_NAME) });
  }
  const read = (path: string): ReadFile => files.get(path) as ReadFile;
  const planned = planPatch(operations, (path): EditTarget | undefined => {
    const content = files.get(path)?.content;
    return content === undefined ? undefined : { text: content.text, lineEnding: content.lineEnding, shownPath: read(path).shown };
  });
  return planned.map((plannedFile) => patchedFile(plannedFile, read));
}

function operationPaths(operations: readonly PatchOperation[]): string[] {
  return operations.flatMap((operation) => (operation.kind === 'update' && operation.moveTo !== undefined ? [operation.path, operation.moveTo] : [operation.path]));
}

function patchedFile(planned: PlannedFile, read: (path: string) => ReadFile): PatchedFile {
  const source = read(planned.path);
  const { file, shown, bytes } = source;
  const mode = source.mode === undefined ? {} : { mode: source.mode };
  if (planned.kind === 'add') {
    const lines = splitLines(planned.text).length;
    return {
      changes: [{ file, shown, before: bytes, after: encodeText(planned.text, { hasBom: false }), madeFolders: source.madeFolders }],
      report: `Created ${shown} (${linesOf(lines)}).`,
      named: shown,
      added: lines,
      removed: 0,
    };
  }
  if (planned.kind === 'delete') {
    const lines = source.content === undefined ? 0 : splitLines(source.content.text).length;
    return { changes: [{ file, shown, before: bytes, after: undefined, ...mode }], report: `Deleted ${shown} (${linesOf(lines)}).`, named: shown, added: 0, removed: lines };
  }
  const after = encodeText(planned.text, { hasBom: source.content?.hasBom ?? false });
  const { added, removed, content: regions } = editedRegions(planned.text, planned.edits);
  const hunks = `${planned.edits.length} hunk${planned.edits.length === 1 ? '' : 's'}`;
  if (planned.moveTo === undefined) {
    return { changes: [{ file, shown, before: bytes, after }], report: `Edited ${shown}: applied ${hunks}.${regions}`, named: shown, added, removed };
  }
  const destination = read(planned.moveTo);
  const edited = planned.edits.length === 0 ? '' : ` and applied ${hunks}.${regions}`;
  return {
    changes: [
      { file: destination.file, shown: destination.shown, before: destination.bytes, after, ...mode, madeFolders: destination.madeFolders },
      { file, shown, before: bytes, after: undefined, ...mode, movedTo: destination.file },
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
