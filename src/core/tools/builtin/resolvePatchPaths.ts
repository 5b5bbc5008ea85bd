import { dirname, posix } from 'node:path';
import type { ToolContext } from '../tool';
import { ToolError } from '../../toolContract/toolError';
import type { ResolvedPath } from '../../workspace/workspace';
import { repeatedPathsError } from './patch/planPatch';
import type { PatchOperation } from './patch/patchTypes';

const TOOL_NAME = 'apply_patch';

/** Deeper or longer paths are refused before anything is resolved: no project needs them, and each level costs a look at the disk. */
export const MAX_PATCH_PATH_DEPTH = 128;
export const MAX_PATCH_PATH_CHARACTERS = 4096;

/** Every path a patch names, resolved once (with edit_file's checks and questions): each attempt reads and plans on these very paths. */
export type PatchPaths = ReadonlyMap<string, ResolvedPatchPath>;

export interface ResolvedPatchPath {
  file: ResolvedPath;
  shown: string;
  /** The folders above a new file that do not exist yet, innermost first. */
  missingFolders: ResolvedPath[];
}

/**
 * Resolves every path the patch names, once. Two sections that reach one file, however spelled (`a.txt`,
 * `sub/../a.txt`, a link to it), are refused: each would be planned from the file as it was, and the later
 * write would silently undo the earlier. A file the patch deletes or moves away must not be a symbolic
 * link: putting it back after a later failure would have to recreate a link, which Elbow does not do.
 */
export async function resolvePatchPaths(context: ToolContext, operations: readonly PatchOperation[]): Promise<PatchPaths> {
  for (const path of operations.flatMap(operationPaths)) refuseHugePath(path);
  const paths = new Map<string, ResolvedPatchPath>();
  const owners = new Map<string, { index: number; shown: string }>();
  const repeated: string[] = [];
  for (const [index, operation] of operations.entries()) {
    for (const path of operationPaths(operation)) {
      context.signal.throwIfAborted();
      let entry = paths.get(path);
      if (entry === undefined) {
        const file = await context.workspace.resolve(path, { forWriting: true, outsideAccess: { access: 'write', toolName: TOOL_NAME, context } });
        entry = { file, shown: context.workspace.displayPath(file.absolute), missingFolders: await missingFolders(context, file) };
        paths.set(path, entry);
      }
      const owner = fileKeys(entry.file).map((key) => owners.get(key)).find((found) => found !== undefined && found.index !== index);
      if (owner !== undefined) repeated.push(owner.shown === entry.shown ? entry.shown : `${owner.shown} (also as ${entry.shown})`);
      for (const key of fileKeys(entry.file)) owners.set(key, { index, shown: entry.shown });
    }
  }
  if (repeated.length > 0) throw repeatedPathsError(repeated);
  for (const operation of operations) {
    const removed = operation.kind === 'delete' || (operation.kind === 'update' && operation.moveTo !== undefined);
    const entry = paths.get(operation.path);
    if (!removed || entry === undefined || !(await context.host.files.stat(entry.file.absolute))?.isSymbolicLink) continue;
    const verb = operation.kind === 'delete' ? 'delete' : 'move';
    throw new ToolError(`${entry.shown} is a symbolic link; apply_patch does not ${verb} links (it could not put one back if the patch failed). No file was changed. Use delete_file or run_command for the link.`);
  }
  return paths;
}

function operationPaths(operation: PatchOperation): string[] {
  return operation.kind === 'update' && operation.moveTo !== undefined ? [operation.path, operation.moveTo] : [operation.path];
}

function refuseHugePath(path: string): void {
  const depth = path.split(/[\\/]+/).filter((segment) => segment !== '' && segment !== '.').length;
  if (path.length <= MAX_PATCH_PATH_CHARACTERS && depth <= MAX_PATCH_PATH_DEPTH) return;
  const shown = path.length > 80 ? `${path.slice(0, 60)}…` : path;
  throw new ToolError(`The path ${shown} is too long (${path.length} characters, ${depth} levels; at most ${MAX_PATCH_PATH_CHARACTERS} characters and ${MAX_PATCH_PATH_DEPTH} levels). No file was changed. Use a shorter path.`);
}

/** The file as the user sees it and where it really is: two paths of the patch with either in common reach one file. */
function fileKeys(file: ResolvedPath): string[] {
  return file.real === undefined ? [`at ${file.absolute}`] : [`at ${file.absolute}`, `real ${file.real.root}\0${file.real.relative}`];
}

/**
 * The missing folders above a new file, innermost first, each described from the file's own resolution (its
 * checks cover every folder on the way): one look at the disk per level, never a full resolve per level.
 */
async function missingFolders(context: ToolContext, file: ResolvedPath): Promise<ResolvedPath[]> {
  const folders: ResolvedPath[] = [];
  if (file.exists || file.outside) return folders;
  let relative = file.relative;
  let real = file.real;
  for (let folder = dirname(file.absolute); folder !== dirname(folder); folder = dirname(folder)) {
    relative = posix.dirname(relative);
    real = real === undefined ? undefined : { root: real.root, relative: posix.dirname(real.relative) };
    if (relative === '.' || (await context.host.files.stat(folder)) !== undefined) break;
    context.signal.throwIfAborted();
    folders.push({ absolute: folder, root: file.root, relative, exists: false, ...(real === undefined ? {} : { real }) });
  }
  return folders;
}
