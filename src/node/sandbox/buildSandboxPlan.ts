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
import { expandHome, homeView } from './homeView';
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
  /** Variables Elbow itself sets for this launch (a terminal's), kept whatever their names. */
  extraEnvironment?: Readonly<Record<string, string>>;
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
  const environment = { ...sandboxEnvironment(inputs.environment, inputs.settings.passEnvironment).environment, ...inputs.extraEnvironment, ...sandboxVariables(inputs.network, inputs.tempInside) };
  const home = await homeView(inputs.homeDirectory, inputs.settings.readableHomePaths, environment.PATH);
  // A credential store stays hidden inside what is readable, unless the user named it (or something in it) to be read.
  const namedReadable = inputs.settings.readableHomePaths.map((text) => expandHome(text, inputs.homeDirectory));
  const credentials = credentialPaths.map((relative) => path.join(inputs.homeDirectory, relative)).filter((credential) => !namedReadable.some((named) => isInside(credential, named)));
  const outside = [...credentials, ...inputs.settings.hiddenPaths.map((text) => expandHome(text, inputs.homeDirectory)), ...inputs.ownDataFolders];
  for (const candidate of outside) {
    const real = await fs.realpath(candidate).catch(() => undefined);
    const stats = real === undefined ? undefined : await fs.stat(real).catch(() => undefined);
    if (real === undefined || stats === undefined) continue;
    const list = stats.isDirectory() ? hiddenDirectories : hiddenFiles;
    list.push(real);
    // Where a readable folder of the home is a link (~/.cargo to /data/cargo), the command sees the store under the link's path.
    const seen = path.resolve(candidate);
    const isLink = (await fs.lstat(seen).catch(() => undefined))?.isSymbolicLink() ?? true;
    if (seen !== real && !isLink && home.readable.some((binding) => isInside(binding.target, seen))) list.push(seen);
  }
  const cwd = await fs.realpath(inputs.cwd).catch(() => inputs.cwd);
  // Only a workspace folder itself keeps a mask off (one opened inside ~/.elbow, say); a working folder inside a hidden one stays hidden.
  const masks = withoutNested(hiddenDirectories).filter((folder) => !roots.some((kept) => isInside(folder, kept)));
  const protection = await inputs.guard.protect(guarded, inputs.needsPlaceholders);
  const keptReadable = (await Promise.all((inputs.keptReadable ?? []).map((kept) => fs.realpath(kept).catch(() => undefined)))).filter((kept): kept is string => kept !== undefined);
  // What a covered home folder shows; a mask elsewhere in one would only make an empty folder there.
  const shownInHomes = [...roots, cwd, ...keptReadable, ...home.readable.map((binding) => binding.target)];
  const visible = (candidate: string): boolean => !home.coveredHomes.some((folder) => isInside(folder, candidate)) || shownInHomes.some((shown) => isInside(shown, candidate));
  const unmasked = (candidate: string): boolean => !masks.some((folder) => isInside(folder, candidate));
  return {
    plan: {
      writableRoots: roots,
      privateTemp: inputs.privateTemp,
      pinnedDirectories: protection.pinnedDirectories.filter(unmasked),
      readOnlyPaths: protection.readOnlyPaths.filter(unmasked),
      protectedPaths: guarded.map((entry) => ({ path: entry.absolute, kind: entry.kind })),
      hiddenDirectories: masks.filter(visible),
      hiddenFiles: [...new Set(hiddenFiles)].filter((file) => unmasked(file) && visible(file)),
      coveredHomes: home.coveredHomes,
      readableInHomes: home.readable.filter((binding) => unmasked(binding.target)),
      keptReadable: keptReadable.filter(unmasked),
      environment,
      cwd,
      network: inputs.network,
    },
    protection,
    warnings,
  };
}

/** `folder` holds `candidate` (or is it). */
function isInside(folder: string, candidate: string): boolean {
  return relativeInside(folder, candidate) !== undefined;
}

function withoutNested(folders: readonly string[]): string[] {
  const unique = [...new Set(folders)].sort((first, second) => first.length - second.length);
  return unique.filter((folder, index) => !unique.slice(0, index).some((outer) => isInside(outer, folder)));
}
