import { formatSize } from './binaryDescription';
import { editProblemsNote } from '../../diagnostics/editProblemsNote';
import type { FileChanges } from '../../host/fileChanges';
import type { OpenedPathCheck } from '../../host/fileSystem';
import { checkProtectedFile } from './protectedFileCheck';
import { type ToolContext, type ToolOutput } from '../tool';
import { ToolError } from '../toolError';
import type { ResolvedPath } from '../../workspace/workspace';

/** Files larger than this are not edited: the editor, the diff and the model all cope badly. */
export const MAX_EDIT_FILE_BYTES = 16 * 1024 * 1024;
const MAX_ATTEMPTS = 3;

/** What a tool wants a file to become, and what to tell the model once it is. */
export interface PlannedChange {
  /** `undefined` deletes the file. */
  after: Uint8Array | undefined;
  output: ToolOutput;
}

/**
 * Reads the file, lets `plan` work out the change from what it holds now, and hands the change
 * to the host. When the file changed between the read and the apply (the user typing in it),
 * it reads and plans again, so an edit never lands on text it was not computed from.
 */
export async function changeFile(
  context: ToolContext,
  file: ResolvedPath,
  shown: string,
  toolName: string,
  plan: (current: Uint8Array | undefined) => Promise<PlannedChange> | PlannedChange,
): Promise<ToolOutput> {
  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
    const current = await readCurrent(context, file, shown, await context.workspace.openedPathCheck(file));
    let planned: PlannedChange;
    try {
      planned = await plan(current);
    } catch (error) {
      if (attempt === 0 || !(error instanceof ToolError)) throw error;
      throw new ToolError(`${shown} was changed by someone else (probably the user) while your edit was being applied. ${error.message}`);
    }
    if (attempt === 0) await checkProtectedFile(context, file, shown, current, planned.after, toolName);
    const allowed = await context.workspace.openedPathCheck(file, planned.after === undefined ? 'delete' : 'write');
    const watch = planned.after === undefined ? undefined : await context.host.diagnostics?.watchEdit(file.absolute);
    let outcome: Awaited<ReturnType<FileChanges['apply']>>;
    try {
      outcome = await context.host.changes.apply(
        { path: file.absolute, displayPath: shown, before: current, after: planned.after, toolCallId: context.toolCallId ?? '', allowed },
        context.signal,
      );
    } catch (error) {
      watch?.dispose();
      throw error;
    }
    if (outcome.status === 'applied') {
      const problems = watch === undefined ? undefined : await editProblemsNote(context, watch);
      const notes = [outcome.note, problems].filter((note) => note !== undefined);
      if (notes.length === 0) return planned.output;
      const content = typeof planned.output.content === 'string' ? [planned.output.content, ...notes].join('\n') : planned.output.content;
      return { ...planned.output, content };
    }
    watch?.dispose();
    if (outcome.status === 'rejected') return rejected(shown, outcome.feedback);
  }
  throw new ToolError(`${shown} kept changing while your edit was being applied (someone is editing it). Read it again, then retry.`);
}

async function readCurrent(context: ToolContext, file: ResolvedPath, shown: string, allowed: OpenedPathCheck): Promise<Uint8Array | undefined> {
  const stat = await context.host.files.stat(file.absolute);
  if (stat === undefined) return undefined;
  if (stat.kind === 'directory') throw new ToolError(`${shown} is a folder, not a file.`);
  if (stat.kind !== 'file') throw new ToolError(`${shown} is not a regular file.`);
  if (stat.size > MAX_EDIT_FILE_BYTES) {
    throw new ToolError(`${shown} is ${formatSize(stat.size)}, over the ${formatSize(MAX_EDIT_FILE_BYTES)} limit for edits, so it was not changed. Ask the user how to proceed.`);
  }
  return context.host.files.readFile(file.absolute, allowed);
}

function rejected(shown: string, feedback: string | undefined): ToolOutput {
  const reason = feedback?.trim()
    ? ` They said: ${feedback.trim()}`
    : ' Do not assume it was made; ask the user or take another approach.';
  return { content: `The user rejected this change to ${shown}; the file was not changed.${reason}`, isError: true, summary: `Rejected: change to ${shown}` };
}
