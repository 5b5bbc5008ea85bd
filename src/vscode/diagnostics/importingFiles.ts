import * as path from 'node:path';
import type { WorkspaceSearcher } from '../../core/host/searcher';
import { relativeInside } from '../../core/search/searchScope';

/** Files whose importers are looked for: the languages whose servers check a file against what it imports. */
const SCRIPT_FILE = /\.(?:[cm]?[jt]sx?)$/;
const MAX_IMPORTERS = 5;

/**
 * Likely importers of a script file: files under the same workspace folder with a relative import
 * specifier ending in the file's name (`'./shapes'`, `"../lib/shapes.js"`), at most a few, found
 * with ripgrep. A guess by name: it can find a same-named sibling's importer, which costs only a
 * check of one more file.
 */
export async function importingFiles(file: string, roots: readonly string[], searcher: WorkspaceSearcher, signal: AbortSignal): Promise<string[]> {
  if (!SCRIPT_FILE.test(file)) return [];
  const root = roots.find((candidate) => relativeInside(candidate, file) !== undefined);
  if (root === undefined) return [];
  const name = path.basename(file).replace(SCRIPT_FILE, '').replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const specifier = `['"]\\.{1,2}/(?:[^'"]*/)?${name}(?:\\.[cm]?[jt]sx?)?['"]`;
  try {
    const result = await searcher.search({ directory: root, pattern: specifier, literal: false, caseSensitive: true, include: '*.{ts,tsx,js,jsx,mts,cts,mjs,cjs}', limit: 50, signal });
    const files = new Set(result.matches.map((match) => path.join(root, match.path)));
    files.delete(file);
    return [...files].slice(0, MAX_IMPORTERS);
  } catch {
    return [];
  }
}
