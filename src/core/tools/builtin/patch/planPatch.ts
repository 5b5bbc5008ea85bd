import type { EditTarget } from '../editMatching/editTypes';
import { ToolError } from '../../../toolContract/toolError';
import type { PatchHunk, PatchOperation, PlannedFile } from './patchTypes';
import { planHunks } from './planHunks';

/**
 * What every file of a patch becomes, from the files as they are now (`current`: undefined when a path does not
 * exist). Pure: nothing is read or written here. All or nothing: when any section cannot be planned, one ToolError
 * names every file and hunk that failed and why, and nothing is planned.
 */
export function planPatch(operations: readonly PatchOperation[], current: (path: string) => EditTarget | undefined): PlannedFile[] {
  refuseRepeatedPaths(operations);
  const problems: string[] = [];
  const planned: PlannedFile[] = [];
  for (const operation of operations) {
    if (operation.kind === 'add') {
      if (current(operation.path) === undefined) planned.push(operation);
      else problems.push(`${operation.path}: '*** Add File' creates a file, but ${operation.path} already exists. Change it with '*** Update File' (read it first), or delete it first if it should be replaced.`);
    } else if (operation.kind === 'delete') {
      if (current(operation.path) !== undefined) planned.push(operation);
      else problems.push(`${operation.path}: '*** Delete File', but ${operation.path} does not exist. Check the path (list_files can help).`);
    } else {
      const file = planUpdate(operation, current);
      if (typeof file === 'string') problems.push(file);
      else planned.push(file);
    }
  }
  if (problems.length > 0) throw new ToolError(refusal(problems));
  return planned;
}

function planUpdate(operation: Extract<PatchOperation, { kind: 'update' }>, current: (path: string) => EditTarget | undefined): PlannedFile | string {
  const target = current(operation.path);
  if (target === undefined) {
    return `${operation.path}: '*** Update File', but ${operation.path} does not exist. Check the path, or create the file with '*** Add File'.`;
  }
  const moveTo = operation.moveTo !== undefined && pathKey(operation.moveTo) !== pathKey(operation.path) ? operation.moveTo : undefined;
  if (moveTo !== undefined && current(moveTo) !== undefined) {
    // Codex overwrites the destination; a move must not silently destroy a file the model may never have read.
    return `${target.shownPath}: '*** Move to: ${moveTo}', but ${moveTo} already exists and would be overwritten. Move the file to a new path, or delete ${moveTo} in an earlier call first.`;
  }
  const outcome = planHunks(target, operation.hunks);
  if (outcome.kind === 'failed') {
    const hunk = operation.hunks[outcome.hunk] as PatchHunk;
    return `${target.shownPath}, hunk ${outcome.hunk + 1} of ${operation.hunks.length} (${describeHunk(hunk)}): ${outcome.reason}`;
  }
  const file = { kind: 'update' as const, path: operation.path, target, text: outcome.text, edits: outcome.edits };
  return moveTo === undefined ? file : { ...file, moveTo };
}

/** Every path at most once per patch: two sections on one file (or a move onto another section's file) would each be planned from the file as it was. */
function refuseRepeatedPaths(operations: readonly PatchOperation[]): void {
  const seen = new Map<string, string>();
  const repeated: string[] = [];
  for (const operation of operations) {
    const paths = operation.kind === 'update' && operation.moveTo !== undefined && pathKey(operation.moveTo) !== pathKey(operation.path) ? [operation.path, operation.moveTo] : [operation.path];
    for (const path of paths) {
      const key = pathKey(path);
      if (seen.has(key)) repeated.push(path);
      else seen.set(key, path);
    }
  }
  if (repeated.length > 0) throw repeatedPathsError(repeated);
}

/** The refusal for a file the patch names in more than one section (however it spells it). */
export function repeatedPathsError(repeated: readonly string[]): ToolError {
  const list = [...new Set(repeated)].join(', ');
  return new ToolError(`The patch names ${list} more than once. Give each file one section: put all of a file's hunks, in file order, under a single '*** Update File'. No file was changed.`);
}

/** The same file however the patch spells a relative path (`./a//b` is `a/b`). */
function pathKey(path: string): string {
  const absolute = path.startsWith('/') ? '/' : '';
  return absolute + path.replace(/\\/g, '/').split('/').filter((segment) => segment !== '' && segment !== '.').join('/');
}

/** `@@ class Foo, starting 'x = 1' / 'y = 2'`: enough of a hunk for the model to find it in its patch. */
function describeHunk(hunk: PatchHunk): string {
  const anchors = hunk.anchors.map((anchor) => `@@ ${anchor.trim()}`).join(' ');
  const lines = (hunk.oldLines.length > 0 ? hunk.oldLines : hunk.newLines).filter((line) => line.trim() !== '').slice(0, 2);
  const start = lines.length === 0 ? 'blank lines' : `starting ${lines.map((line) => `'${short(line.trim())}'`).join(' / ')}`;
  return anchors === '' ? start : `${anchors}, ${start}`;
}

function short(line: string): string {
  return line.length > 60 ? `${line.slice(0, 57)}…` : line;
}

function refusal(problems: readonly string[]): string {
  const intro = problems.length === 1 ? 'The patch was not applied, and no file was changed:' : `The patch was not applied, and no file was changed (${problems.length} problems):`;
  const glossary = problems.some((problem) => /\b(old_str|new_str)\b/.test(problem))
    ? "\n(Here old_str means a hunk's context and '-' lines, new_str its context and '+' lines.)"
    : '';
  return `${intro}\n${problems.map((problem) => `- ${problem}`).join('\n')}${glossary}\nFix these and send the whole patch again.`;
}
