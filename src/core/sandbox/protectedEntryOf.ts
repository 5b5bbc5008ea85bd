import * as path from 'node:path';
import type { HostFileSystem } from '../host/fileSystem';
import { protectedLinkTargetHolding } from './protectedLinkTargets';
import { findProtectedPath, type ProtectedPath } from './protectedPaths';
import { protectedPathsOfFolder } from './workspaceProtectedPaths';

/** Where protected entries are looked up: the workspace folders, their files, the user's `protectedPaths` setting. */
export interface ProtectedLookup {
  files: HostFileSystem;
  workspaceRoots: readonly string[];
  settings: readonly string[];
}

/** A workspace path as `Workspace.resolve` gives it: the name it was reached by, and where it really is. */
export interface ProtectedCandidate {
  root: string;
  relative: string;
  outside?: boolean;
  real?: { root: string; relative: string };
}

/**
 * The protected entry a change to `file` (a resolved workspace path) touches: by the name it was reached by, by where
 * it really is (`notes.md` → `AGENTS.md`), or by a protected name elsewhere that links to it or a folder holding it
 * (`.vscode` → `conf`). `undefined` when none does, or when the path is outside the workspace.
 */
export async function protectedEntryOf(lookup: ProtectedLookup, file: ProtectedCandidate): Promise<ProtectedPath | undefined> {
  if (file.outside) return undefined;
  const locations = [{ root: file.root, relative: file.relative }];
  const { real } = file;
  if (real !== undefined && (real.root !== file.root || real.relative !== file.relative)) locations.push(real);
  for (const location of locations) {
    const entry = findProtectedPath(location.relative, await protectedPathsOfFolder(location.root, lookup.files, lookup.settings));
    if (entry !== undefined) return entry;
  }
  return protectedNameLeadingTo(lookup, real ?? { root: file.root, relative: file.relative }, locations);
}

async function protectedNameLeadingTo(
  lookup: ProtectedLookup,
  real: { root: string; relative: string },
  locations: readonly { root: string; relative: string }[],
): Promise<ProtectedPath | undefined> {
  const { files } = lookup;
  const realRoot = await files.realPath(real.root).catch(() => real.root);
  const realPath = path.join(realRoot, ...real.relative.split('/').filter((segment) => segment !== '.'));
  for (const root of lookup.workspaceRoots) {
    const protectedPaths = await protectedPathsOfFolder(root, files, lookup.settings);
    const changedRelatives = locations.filter((location) => location.root === root).map((location) => location.relative);
    const entry = await protectedLinkTargetHolding(realPath, root, changedRelatives, protectedPaths, files);
    if (entry !== undefined) return entry;
  }
  return undefined;
}
