import * as path from 'node:path';
import type { ToolContext } from '../tool';
import type { ResolvedPath } from '../../workspace/workspace';

const MAX_SUGGESTIONS = 5;
/** How many workspace files are looked through for a file of the same name elsewhere. */
const WORKSPACE_SCAN_LIMIT = 5000;

/**
 * Display paths of existing files whose names resemble a missing one: siblings with a
 * similar name, else files of the same name anywhere in its root.
 */
export async function findSimilarPaths(missing: ResolvedPath, context: ToolContext): Promise<string[]> {
  const wanted = path.basename(missing.absolute);
  const isHidden = await context.workspace.hiddenPathTest();
  const folder = path.dirname(missing.absolute);
  const siblings = (await context.host.files.stat(folder))?.kind === 'directory'
    ? await context.host.files.readDirectory(folder).catch(() => [])
    : [];
  const similarSiblings = siblings
    .filter((entry) => isSimilarName(entry.name, wanted))
    .map((entry) => path.join(folder, entry.name))
    .filter((absolute) => !isHidden(absolute, false));
  if (similarSiblings.length > 0) return similarSiblings.slice(0, MAX_SUGGESTIONS).map((absolute) => context.workspace.displayPath(absolute));

  const listing = await context.host.searcher
    .listFiles({ directory: missing.root, recursive: true, limit: WORKSPACE_SCAN_LIMIT, signal: context.signal })
    .catch(() => ({ entries: [] }));
  return listing.entries
    .filter((entry) => path.posix.basename(entry).toLowerCase() === wanted.toLowerCase())
    .map((entry) => path.join(missing.root, entry))
    .filter((absolute) => !isHidden(absolute, false))
    .slice(0, MAX_SUGGESTIONS)
    .map((absolute) => context.workspace.displayPath(absolute));
}

function isSimilarName(candidate: string, wanted: string): boolean {
  const a = candidate.toLowerCase();
  const b = wanted.toLowerCase();
  if (a === b) return true;
  if (stem(a) === stem(b)) return true;
  return Math.min(a.length, b.length) >= 4 && editDistance(a, b) <= 2;
}

function stem(name: string): string {
  const dot = name.indexOf('.', 1);
  return dot === -1 ? name : name.slice(0, dot);
}

function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, index) => index);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      const substitution = (previous[j - 1] as number) + (a[i - 1] === b[j - 1] ? 0 : 1);
      current.push(Math.min((previous[j] as number) + 1, (current[j - 1] as number) + 1, substitution));
    }
    previous = current;
  }
  return previous[b.length] as number;
}

export async function notFoundMessage(missing: ResolvedPath, context: ToolContext): Promise<string> {
  const shown = context.workspace.displayPath(missing.absolute);
  const similar = await findSimilarPaths(missing, context);
  return similar.length > 0
    ? `File not found: ${shown}. Did you mean: ${similar.join(', ')}?`
    : `File not found: ${shown}. Use list_files or search to find the right path.`;
}
