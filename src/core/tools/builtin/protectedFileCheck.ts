import * as path from 'node:path';
import { createTwoFilesPatch } from 'diff';
import type { FileContent } from '../../host/fileChanges';
import { findProtectedPath, type ProtectedPath } from '../../sandbox/protectedPaths';
import { protectedLinkTargetHolding } from '../../sandbox/protectedLinkTargets';
import { protectedPathsOfFolder } from '../../sandbox/workspaceProtectedPaths';
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
  if (file.outside) return;
  // Through a symbolic link (`notes.md` → `AGENTS.md`) the change lands where the link leads.
  const locations = [{ root: file.root, relative: file.relative }];
  const { real } = file;
  if (real !== undefined && (real.root !== file.root || real.relative !== file.relative)) locations.push(real);
  let entry: ProtectedPath | undefined;
  for (const location of locations) {
    const protectedPaths = await protectedPathsOfFolder(location.root, context.host.files, context.permissions.protectedPathSettings());
    entry = findProtectedPath(location.relative, protectedPaths);
    if (entry !== undefined) break;
  }
  entry ??= await protectedNameLeadingTo(context, real ?? { root: file.root, relative: file.relative }, locations);
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

/** A protected name elsewhere that is a link to the changed path or a folder holding it (`.vscode` → `conf`). */
async function protectedNameLeadingTo(
  context: ToolContext,
  real: { root: string; relative: string },
  locations: readonly { root: string; relative: string }[],
): Promise<ProtectedPath | undefined> {
  const { files } = context.host;
  const realRoot = await files.realPath(real.root).catch(() => real.root);
  const realPath = path.join(realRoot, ...real.relative.split('/').filter((segment) => segment !== '.'));
  for (const root of context.host.workspaceRoots) {
    const protectedPaths = await protectedPathsOfFolder(root, files, context.permissions.protectedPathSettings());
    const changedRelatives = locations.filter((location) => location.root === root).map((location) => location.relative);
    const entry = await protectedLinkTargetHolding(realPath, root, changedRelatives, protectedPaths, files);
    if (entry !== undefined) return entry;
  }
  return undefined;
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
