import * as path from 'node:path';
import { protectedEntryOf, type ProtectedLookup } from '../../core/sandbox/protectedEntryOf';
import type { ProtectedPath } from '../../core/sandbox/protectedPaths';
import type { ResolvedPath, Workspace } from '../../core/workspace/workspace';

/** Where a task's change of one file lands in the workspace, or why it cannot go in. */
export type ReviewTarget =
  /** `protectedEntry`: the protected entry the change touches, by any name or link. */
  | { kind: 'target'; resolved: ResolvedPath; protectedEntry: ProtectedPath | undefined }
  | { kind: 'skip'; why: string };

/**
 * The workspace file a worktree path (`/`-separated, relative to the repository's top) lands on, checked as a tool's
 * write is. Exact: the path is git's, not a model's, so a name that `Workspace.resolve` would tidy (trailing
 * whitespace, `.` or `..` segments) and so land on another file is left out rather than written elsewhere.
 */
export async function reviewTarget(workspace: Workspace, lookup: ProtectedLookup, repoRoot: string, changePath: string): Promise<ReviewTarget> {
  const segments = changePath.split('/');
  const target = path.join(repoRoot, ...segments);
  if (segments.some((segment) => segment === '' || segment === '.' || segment === '..' || segment.includes(path.sep))) {
    return notItself(changePath);
  }
  const resolved = await workspace.resolve(target, { forWriting: true });
  // The folder may be reached by another name than the repository's (a link to it): the path's own segments must stay.
  if (!resolved.absolute.endsWith(path.sep + segments.join(path.sep))) return notItself(changePath);
  return { kind: 'target', resolved, protectedEntry: await protectedEntryOf(lookup, resolved) };
}

function notItself(changePath: string): ReviewTarget {
  return { kind: 'skip', why: `its name ${JSON.stringify(changePath)} does not resolve to itself in the workspace, so review could not put it back; keep the task on its branch to have it.` };
}
