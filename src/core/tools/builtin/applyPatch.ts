import { z } from 'zod';
import { editProblemsNote } from '../../diagnostics/editProblemsNote';
import type { FileContent } from '../../host/fileChanges';
import { defineTool, type ToolContext, type ToolOutput } from '../tool';
import { ToolError } from '../../toolContract/toolError';
import { applyAllOrNothing, type AllOrNothingOutcome, type LandedChange } from './applyAllOrNothing';
import { parsePatch } from './patch/parsePatch';
import { planPatchFiles, type PatchedFile } from './patchFileChanges';
import { patchPaths, patchTitle } from './patchPaths';
import type { FileChange } from './proposeChange';
import { checkProtectedFile } from './protectedFileCheck';
import { resolvePatchPaths } from './resolvePatchPaths';

const MAX_ATTEMPTS = 3;

// The shape OpenAI's models are trained to call (Codex's apply_patch function tool): one string, the whole patch.
const inputSchema = z.object({
  input: z.string().describe('The entire patch, from *** Begin Patch to *** End Patch.'),
});

export const applyPatchTool = defineTool({
  name: 'apply_patch',
  description: [
    'Edit files with a patch: change, add, move and delete files, several in one call. All or nothing: when any part does not apply, no file is changed. Read the files first.',
    '',
    '*** Begin Patch',
    '*** Update File: src/app.py',
    '@@ def greet():',
    '     name = "world"',
    '-    print("Hi")',
    '+    print(f"Hello, {name}!")',
    '     return name',
    '*** Add File: docs/hello.txt',
    '+Hello',
    '*** Delete File: old.txt',
    '*** End Patch',
    '',
    '- *** Update File: <path>, then hunks. *** Move to: <new path> right after it also renames the file.',
    '- A hunk starts with @@, optionally followed by a line of the file above the change (its class or function) that tells where it is; several @@ lines narrow further. Each line after it starts with a space (context, kept), - (removed) or + (added). Copy context and removed lines exactly from the file, with about 3 lines of context above and below each change, so they match exactly one place. Put *** End of File after a hunk that ends at the end of the file.',
    '- *** Add File: <path>, then every line of the new file, each starting with +.',
    '- *** Delete File: <path> deletes the file.',
    '- Paths are relative to the workspace folder.',
    'A hunk that does not match exactly still applies when exactly one place matches after forgiving line endings, trailing whitespace, a shifted or tab/space indentation (added lines are re-indented the same way), curly quotes or odd spaces and dashes, or, last, a very similar block; the result says how it matched.',
    'On failure nothing changes and the error says why: the most similar places with line numbers, every match when there were several, or that the change looks already applied.',
    'Line endings (CRLF) and a UTF-8 byte order mark are kept as they are in each file.',
  ].join('\n'),
  inputSchema,
  readOnly: false,
  kind: 'edit',
  files: (input) => patchPaths(input.input),
  title: (input) => patchTitle(patchPaths(input.input)),
  async execute(input, context) {
    const operations = parsePatch(input.input);
    // Resolved once: a retry plans on the very paths checked and asked about, never on a link swapped in since.
    const paths = await resolvePatchPaths(context, operations);
    for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
      let files: PatchedFile[];
      try {
        files = await planPatchFiles(context, operations, paths);
      } catch (error) {
        if (attempt === 0 || !(error instanceof ToolError)) throw error;
        throw new ToolError(`A file was changed by someone else (probably the user) while your patch was being applied. ${error.message}`);
      }
      const changes = chained(files.flatMap((file) => file.changes));
      if (attempt === 0) {
        for (const change of changes) await checkProtectedFile(context, change.file, change.shown, change.before, change.after, 'apply_patch');
      }
      const outcome = await applyAllOrNothing(context, changes);
      if (outcome.status === 'applied') return landedOutput(context, files, outcome.landed);
      if (outcome.status !== 'stale' || outcome.notPutBack.length > 0) return notApplied(outcome);
    }
    throw new ToolError('The files kept changing while your patch was being applied (someone is editing them); nothing was changed. Read them again, then retry.');
  },
});

/** A file changed twice in one patch (moved onto, then changed) is changed from what the first change left. */
function chained(changes: readonly FileChange[]): FileChange[] {
  const latest = new Map<string, FileContent | undefined>();
  return changes.map((change) => {
    const before = latest.has(change.file.absolute) ? latest.get(change.file.absolute) : change.before;
    latest.set(change.file.absolute, change.after);
    return { ...change, before };
  });
}

async function landedOutput(context: ToolContext, files: readonly PatchedFile[], landed: readonly LandedChange[]): Promise<ToolOutput> {
  const problems = await Promise.all(landed.map(({ outcome }) => (outcome.watch === undefined ? undefined : editProblemsNote(context, outcome.watch))));
  const notes = [...landed.map(({ outcome }) => outcome.note), ...problems].filter((note) => note !== undefined);
  return {
    content: [...files.map((file) => file.report), ...notes].join('\n\n'),
    summary: `Patched ${files.map((file) => file.named).join(', ')} +${sum(files, 'added')} −${sum(files, 'removed')}`,
  };
}

function notApplied(outcome: Exclude<AllOrNothingOutcome, { status: 'applied' }>): ToolOutput {
  const shown = outcome.at.shown;
  const what = outcome.status === 'rejected'
    ? `The user rejected the change to ${shown}`
    : outcome.status === 'stale'
      ? `${shown} was changed by someone else (probably the user) while your patch was being applied`
      : outcome.status === 'cancelled'
        ? 'apply_patch was cancelled by the user'
        : `Changing ${shown} failed: ${outcome.error instanceof Error ? outcome.error.message : String(outcome.error)}`;
  // A host's note (a permission it could not set) says how a put-back file differs; without one it is as it was.
  const asItWas = outcome.notes.length > 0 ? '' : ` as ${outcome.putBack.length === 1 ? 'it was' : 'they were'}`;
  const restored = outcome.putBack.length === 0 ? '' : ` ${listed(outcome.putBack)}, already changed, ${outcome.putBack.length === 1 ? 'was' : 'were'} put back${asItWas}.`;
  const left = outcome.notPutBack.length === 0
    ? ''
    : ` ${listed(outcome.notPutBack)} could not be put back (changed meanwhile) and ${outcome.notPutBack.length === 1 ? 'keeps' : 'keep'} this patch's change: read ${outcome.notPutBack.length === 1 ? 'it' : 'them'} again.`;
  const next = outcome.status === 'rejected'
    ? (outcome.feedback?.trim() ? ` They said: ${outcome.feedback.trim()}` : ' Do not assume it was made; ask the user or take another approach.')
    : '';
  const summary = outcome.status === 'rejected' ? `Rejected: change to ${shown}` : outcome.status === 'cancelled' ? 'Cancelled: patch not applied' : `Not applied: ${shown}`;
  const notes = outcome.notes.map((note) => ` ${note}`).join('');
  return { content: `${what}, so the patch was not applied.${restored}${notes}${left}${next}`, isError: true, summary };
}

function sum(files: readonly PatchedFile[], count: 'added' | 'removed'): number {
  return files.reduce((total, file) => total + file[count], 0);
}

function listed(paths: readonly string[]): string {
  return paths.length <= 1 ? (paths[0] ?? '') : `${paths.slice(0, -1).join(', ')} and ${paths.at(-1) as string}`;
}
