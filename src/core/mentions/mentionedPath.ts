import type { HostFileSystem, OpenedPathCheck } from '../host/fileSystem';
import { ELBOW_IGNORE_FILE_NAME } from '../search/searchScope';
import { decodeFile } from '../tools/builtin/textFile';
import { ToolError } from '../toolContract/toolError';
import type { Workspace } from '../workspace/workspace';

export type MentionedPath =
  /** `allowed`: what the object opened to read it must be (see `Workspace.openedPathCheck`). */
  | { found: true; absolute: string; kind: 'file' | 'folder'; shown: string; allowed: OpenedPathCheck }
  | { found: false; problem: string };

/** A path the user mentioned, checked as the tools check paths: inside the workspace, existing, not hidden by `.elbowignore`. */
export async function resolveMentionedPath(workspace: Workspace, typed: string): Promise<MentionedPath> {
  try {
    const resolved = await workspace.resolve(typed, { mustExist: true });
    const shown = workspace.displayPath(resolved.absolute);
    if (resolved.kind !== 'file' && resolved.kind !== 'directory') return { found: false, problem: `${shown} is neither a file nor a folder.` };
    return { found: true, absolute: resolved.absolute, kind: resolved.kind === 'file' ? 'file' : 'folder', shown, allowed: await workspace.openedPathCheck(resolved) };
  } catch (error) {
    if (!(error instanceof ToolError)) throw error;
    return { found: false, problem: userMessage(typed, error.message) };
  }
}

/** A mentioned file's text; a binary or unreadable file gets a problem instead. */
export async function readMentionedFile(files: HostFileSystem, absolute: string, shown: string, allowed: OpenedPathCheck): Promise<{ text: string } | { problem: string }> {
  try {
    const decoded = decodeFile(await files.readFile(absolute, allowed));
    if (decoded.kind === 'binary') return { problem: `${shown} is a binary file (${decoded.description}), so it cannot be attached as text.` };
    return { text: decoded.text };
  } catch (error) {
    return { problem: `${shown} could not be read: ${error instanceof Error ? error.message : String(error)}` };
  }
}

/** The tools' refusals speak to the model; the user gets a shorter sentence. */
function userMessage(typed: string, refusal: string): string {
  if (refusal.includes(`hidden by ${ELBOW_IGNORE_FILE_NAME}`)) return `${typed} is hidden by ${ELBOW_IGNORE_FILE_NAME}, so Elbow cannot attach it.`;
  if (refusal.startsWith('No such file or folder')) return `${typed} does not exist in the workspace.`;
  return refusal;
}
