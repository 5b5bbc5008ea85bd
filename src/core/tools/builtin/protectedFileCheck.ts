import { createTwoFilesPatch } from 'diff';
import type { FileContent } from '../../host/fileChanges';
import { protectedEntryOf } from '../../sandbox/protectedEntryOf';
import type { ToolContext } from '../tool';
import type { ResolvedPath } from '../../workspace/workspace';
import { decodeFile } from './textFile';

/** Diffs longer than this are cut for the question; the user can still see the whole change after it applies. */
const MAX_DIFF_CHARACTERS = 20_000;

/**
 * Before a tool changes a file the sandbox protects (`.vscode/…`, `AGENTS.md`, `.git` hooks…),
 * the user is asked, with the diff, every time: auto-approve does not cover these. Throws the
 * refusal as a ToolError.
 */
export async function checkProtectedFile(
  context: ToolContext,
  file: ResolvedPath,
  shown: string,
  before: FileContent | undefined,
  after: FileContent | undefined,
  toolName: string,
): Promise<void> {
  const entry = await protectedEntryOf({ files: context.host.files, workspaceRoots: context.host.workspaceRoots, settings: context.permissions.protectedPathSettings() }, file);
  if (entry === undefined) return;
  await context.permissions.checkProtectedFile(
    {
      toolCallId: context.toolCallId ?? '',
      toolName,
      path: shown,
      action: before === undefined ? 'create' : after === undefined ? 'delete' : 'change',
      why: entry.why,
      diff: unifiedDiff(shown, before, after),
    },
    context.signal,
  );
}

function unifiedDiff(shown: string, before: FileContent | undefined, after: FileContent | undefined): string {
  const patch = createTwoFilesPatch(shown, shown, textOf(before), textOf(after), undefined, undefined, { context: 3 });
  const body = patch.split('\n').slice(2).join('\n');
  return body.length > MAX_DIFF_CHARACTERS ? `${body.slice(0, MAX_DIFF_CHARACTERS)}\n… (the rest of the diff is left out)` : body;
}

function textOf(content: FileContent | undefined): string {
  if (content === undefined) return '';
  if (content.kind === 'text') return content.text;
  const decoded = decodeFile(content.bytes);
  return decoded.kind === 'text' ? decoded.text : `(${decoded.description})\n`;
}
