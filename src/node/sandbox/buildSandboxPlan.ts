import * as fs from 'node:fs/promises';
import * as path from 'node:path';
import type { HostFileSystem } from '../../core/host/fileSystem';
import { credentialPaths } from '../../core/sandbox/credentialPaths';
import { sandboxEnvironment } from '../../core/sandbox/sandboxEnvironment';
import type { SandboxSettings } from '../../core/sandbox/sandboxSettings';
import { protectedPathsOfFolder } from '../../core/sandbox/workspaceProtectedPaths';
import { readIgnoreRules } from '../../core/search/ignoreRules';
import { ELBOW_IGNORE_FILE_NAME, relativeInside } from '../../core/search/searchScope';
import { gitDirectoryPaths } from './gitDirectoryPaths';
import { hiddenWorkspacePaths } from './hiddenWorkspacePaths';
import type { GuardedPath, Protection, ProtectedPathsGuard } from './protectedPathsGuard';
import { sandboxVariables, type SandboxNetwork, type SandboxPlan } from './sandboxPlan';

export interface SandboxPlanInputs {
  roots: readonly string[];
  cwd: string;
  settings: SandboxSettings;
  homeDirectory: string;
  /** Elbow's own storage (transcripts, configuration): hidden like credentials. */
  ownDataFolders: readonly string[];
  privateTemp: string;
  /** The private temp folder as commands see it (`/tmp` where it is mounted there). */
  tempInside: string;
  environment: Readonly<Record<string, string | undefined>>;
  network: SandboxNetwork;
  files: HostFileSystem;
  guard: ProtectedPathsGuard;
  /** The sandbox covers protected paths with mounts, which need something to cover. */
  needsPlaceholders: boolean;
  /** Paths the command must read wherever they are (see `SandboxPlan.keptReadable`). */
  keptReadable?: readonly string[];
}

export interface BuiltSandboxPlan {
  plan: SandboxPlan;
  protection: Protection;
  /** Things the user should know about this plan (a hidden-path walk that stopped early). */
  warnings: string[];
}

/** Works out, for one command, what the sandbox allows: from the workspace folders, the settings and what is on disk now. */
export async function buildSandboxPlan(inputs: SandboxPlanInputs): Promise<BuiltSandboxPlan> {
  const roots = await Promise.all(inputs.roots.map((root) => fs.realpath(root).catch(() => path.resolve(root))));
  const warnings: string[] = [];
  const guarded: GuardedPath[] = [];
  const hiddenDirectories: string[] = [];
  const hiddenFiles: string[] = [];
  for (const root of roots) {
    const entries = [...(await protectedPathsOfFolder(root, inputs.files, inputs.settings.protectedPaths)), ...(await gitDirectoryPaths(root, (folder) => inputs.guard.isPlaceholder(folder)))];
    guarded.push(...entries.map((entry) => ({ ...entry, root, absolute: path.join(root, ...entry.path.split('/')) })));
    const rules = await readIgnoreRules(inputs.files, path.join(root, ELBOW_IGNORE_FILE_NAME), { ignoreCase: true }).catch(() => undefined);
    if (rules === undefined) continue;
    const hidden = await hiddenWorkspacePaths(root, rules);
    hiddenDirectories.push(...hidden.directories);
    hiddenFiles.push(...hidden.files);
    if (hidden.incomplete) warnings.push(`${root} holds too many files to find every path ${ELBOW_IGNORE_FILE_NAME} hides; commands may see some of them.`);
  }
  const outside = [...credentialPaths.map((relative) => path.join(inputs.homeDirectory, relative)), ...inputs.settings.hiddenPaths.map((text) => expandHome(text, inputs.homeDirectory)), ...inputs.ownDataFolders];
  for (const candidate of outside) {
    const real = await fs.realpath(candidate).catch(() => undefined);
    const stats = real === undefined ? undefined : await fs.stat(real).catch(() => undefined);
    if (real === undefined || stats === undefined) continue;
    (stats.isDirectory() ? hiddenDirectories : hiddenFiles).push(real);
  }
  const cwd = await fs.realpath(inputs.cwd).catch(() => inputs.cwd);
  // A mask over a workspace folder (say, one opened inside ~/.elbow) would hide the folder itself.
  const masks = withoutNested(hiddenDirectories).filter((folder) => ![...roots, cwd].some((kept) => isInside(folder, kept)));
  const protection = await inputs.guard.protect(guarded, inputs.needsPlaceholders);
  const unmasked = (candidate: string): boolean => !masks.some((folder) => isInside(folder, candidate));
  const keptReadable = await Promise.all((inputs.keptReadable ?? []).map((kept) => fs.realpath(kept).catch(() => undefined)));
  const environment = { ...sandboxEnvironment(inputs.environment, inputs.settings.passEnvironment).environment, ...sandboxVariables(inputs.network, inputs.tempInside) };
  return {
    plan: {
      writableRoots: roots,
      privateTemp: inputs.privateTemp,
      pinnedDirectories: protection.pinnedDirectories.filter(unmasked),
      readOnlyPaths: protection.readOnlyPaths.filter(unmasked),
      protectedPaths: guarded.map((entry) => ({ path: entry.absolute, kind: entry.kind })),
      hiddenDirectories: masks,
      hiddenFiles: [...new Set(hiddenFiles)].filter(unmasked),
      keptReadable: keptReadable.filter((kept): kept is string => kept !== undefined && unmasked(kept)),
      environment,
      cwd,
      network: inputs.network,
    },
    protection,
    warnings,
  };
}

function expandHome(text: string, homeDirectory: string): string {
  const trimmed = text.trim();
  if (trimmed === '~') return homeDirectory;
  return trimmed.startsWith('~/') ? path.join(homeDirectory, trimmed.slice(2)) : path.resolve(trimmed);
}

/** `folder` holds `candidate` (or is it). */
function isInside(folder: string, candidate: string): boolean {
  return relativeInside(folder, candidate) !== undefined;
}

function withoutNested(folders: readonly string[]): string[] {
  const unique = [...new Set(folders)].sort((first, second) => first.length - second.length);
  return unique.filter((folder, index) => !unique.slice(0, index).some((outer) => isInside(outer, folder)));
}
