import type { FileContent } from '../../host/fileChanges';
import { formatSize } from './binaryDescription';
import type { EditProblemsWatch } from '../../host/workspaceDiagnostics';
import type { ToolContext, ToolOutput } from '../tool';
import { ToolError } from '../../toolContract/toolError';
import type { ResolvedPath } from '../../workspace/workspace';
import { decodeFile, type BinaryContent, type TextContent } from './textFile';

/** Files larger than this are not edited: the editor, the diff and the model all cope badly. */
export const MAX_EDIT_FILE_BYTES = 16 * 1024 * 1024;

/** One file's change as the tools hand it to the host. */
export interface FileChange {
  file: ResolvedPath;
  shown: string;
  /** What the tool read; `undefined`: the file did not exist. */
  before: FileContent | undefined;
  /** `undefined` deletes the file. */
  after: FileContent | undefined;
  /** The permission bits of the file `before` came from, or the file `after` creates (see `ProposedChange.mode`). */
  mode?: number;
  /** Folders the change creates for a new file, innermost first, resolved as it was: removed again (when empty) if it is put back. */
  madeFolders?: readonly ResolvedPath[];
  /** Puts back a change the same call made moments ago (see `ProposedChange.putBack`). */
  putBack?: boolean;
  /** For the removal half of a move: the file's new place (see `ProposedChange.movedTo`). */
  movedTo?: ResolvedPath;
}

export type ProposedOutcome =
  /** `watch`: the language servers' problems after the change, to read once every file of the call has landed. */
  | { status: 'applied'; note?: string; watch?: EditProblemsWatch }
  | { status: 'rejected'; feedback?: string }
  | { status: 'stale' };

/** A file as a tool read it: decoded once, for the tool to plan on and the host to compare and write back. */
export interface CurrentFile {
  decoded: TextContent | BinaryContent;
  /** The text when it is UTF-8 throughout, else the bytes: what the change hands on as `before`. */
  content: FileContent;
}

/** What a tool may change, or `undefined` when there is none; folders, special files and huge files are refused. */
export async function readCurrent(context: ToolContext, file: ResolvedPath, shown: string): Promise<CurrentFile | undefined> {
  const allowed = await context.workspace.openedPathCheck(file);
  const stat = await context.host.files.stat(file.absolute);
  if (stat === undefined) return undefined;
  if (stat.kind === 'directory') throw new ToolError(`${shown} is a folder, not a file.`);
  if (stat.kind !== 'file') throw new ToolError(`${shown} is not a regular file.`);
  if (stat.size > MAX_EDIT_FILE_BYTES) {
    throw new ToolError(`${shown} is ${formatSize(stat.size)}, over the ${formatSize(MAX_EDIT_FILE_BYTES)} limit for edits, so it was not changed. Ask the user how to proceed.`);
  }
  const bytes = await context.host.files.readFile(file.absolute, allowed);
  const decoded = decodeFile(bytes);
  return { decoded, content: decoded.kind === 'text' && !decoded.hasInvalidBytes ? decoded : { kind: 'bytes', bytes } };
}

/** Hands one file's change to the host (the editor's review in VS Code, the disk in the terminal), watching for new problems when it lands. */
export async function proposeChange(context: ToolContext, change: FileChange): Promise<ProposedOutcome> {
  const { file, shown, before, after } = change;
  const allowed = await context.workspace.openedPathCheck(file, after === undefined ? 'delete' : 'write');
  const watch = after === undefined || change.putBack ? undefined : await context.host.diagnostics?.watchEdit(file.absolute);
  let outcome: Awaited<ReturnType<ToolContext['host']['changes']['apply']>>;
  try {
    outcome = await context.host.changes.apply(
      {
        path: file.absolute,
        displayPath: shown,
        before,
        after,
        toolCallId: context.toolCallId ?? '',
        ...(context.subagent === undefined ? {} : { subagent: context.subagent }),
        allowed,
        ...(change.mode === undefined ? {} : { mode: change.mode }),
        ...(change.putBack ? { putBack: true } : {}),
        ...(change.movedTo === undefined ? {} : { movedTo: change.movedTo.absolute }),
      },
      context.signal,
    );
  } catch (error) {
    watch?.dispose();
    throw error;
  }
  if (outcome.status !== 'applied') watch?.dispose();
  if (outcome.status === 'applied' && watch !== undefined) return { ...outcome, watch };
  return outcome;
}

/** What the model reads when the user declined a change. */
export function rejectedChange(shown: string, feedback: string | undefined): ToolOutput {
  const reason = feedback?.trim()
    ? ` They said: ${feedback.trim()}`
    : ' Do not assume it was made; ask the user or take another approach.';
  return { content: `The user rejected this change to ${shown}; the file was not changed.${reason}`, isError: true, summary: `Rejected: change to ${shown}` };
}
