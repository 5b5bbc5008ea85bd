import { editProblemsNote } from '../../diagnostics/editProblemsNote';
import { checkProtectedFile } from './protectedFileCheck';
import type { FileContent } from '../../host/fileChanges';
import { proposeChange, readCurrent, rejectedChange, type CurrentFile } from './proposeChange';
import { type ToolContext, type ToolOutput } from '../tool';
import { ToolError } from '../../toolContract/toolError';
import type { ResolvedPath } from '../../workspace/workspace';

const MAX_ATTEMPTS = 3;

/** What a tool wants a file to become, and what to tell the model once it is. */
export interface PlannedChange {
  /** `undefined` deletes the file. */
  after: FileContent | undefined;
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
  plan: (current: CurrentFile | undefined) => Promise<PlannedChange> | PlannedChange,
): Promise<ToolOutput> {
  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
    const current = await readCurrent(context, file, shown);
    let planned: PlannedChange;
    try {
      planned = await plan(current);
    } catch (error) {
      if (attempt === 0 || !(error instanceof ToolError)) throw error;
      throw new ToolError(`${shown} was changed by someone else (probably the user) while your edit was being applied. ${error.message}`);
    }
    if (attempt === 0) await checkProtectedFile(context, file, shown, current?.content, planned.after, toolName);
    const outcome = await proposeChange(context, { file, shown, before: current?.content, after: planned.after });
    if (outcome.status === 'rejected') return rejectedChange(shown, outcome.feedback);
    if (outcome.status === 'stale') continue;
    const problems = outcome.watch === undefined ? undefined : await editProblemsNote(context, outcome.watch);
    const notes = [outcome.note, problems].filter((note) => note !== undefined);
    if (notes.length === 0) return planned.output;
    const content = typeof planned.output.content === 'string' ? [planned.output.content, ...notes].join('\n') : planned.output.content;
    return { ...planned.output, content };
  }
  throw new ToolError(`${shown} kept changing while your edit was being applied (someone is editing it). Read it again, then retry.`);
}
