import * as fs from 'node:fs/promises';
import * as path from 'node:path';
import { homeReadablePaths } from '../../core/sandbox/homeReadablePaths';
import { relativeInside } from '../../core/search/searchScope';

/** A file or folder bound back, read-only, into a covered home folder. */
export interface ReadableBinding {
  /** Its real path on the host. */
  source: string;
  /** Where the command finds it. */
  target: string;
}

export interface HomeView {
  /** Home folders (the user's, `/root`, `/home`, `/Users`) the command sees as empty and read-only. */
  coveredHomes: string[];
  /** What it reads in them all the same: the built-in list, the user's list, and `PATH` folders in them. */
  readable: ReadableBinding[];
}

/** Other users' homes, and the root user's: readable to a user (or to Elbow run as root) on many machines. */
const otherHomes = ['/root', '/home', '/Users'];

/** Folders a home folder may not cover: a home folder at `/`, `/usr` or `/tmp` would take the system with it. */
const systemFolders = ['/', '/tmp', '/usr', '/etc', '/bin', '/sbin', '/lib', '/lib64', '/opt', '/var', '/proc', '/dev', '/sys', '/run', '/nix', '/private', '/System'];

/**
 * What of the home folders a command may read. `userPaths`: `elbow.sandbox.readableHomePaths`
 * (`~/…` or absolute); `searchPath`: the `PATH` of the command, whose folders inside a home folder
 * (but not a home folder itself) are the user's own tools.
 */
export async function homeView(homeDirectory: string, userPaths: readonly string[], searchPath: string | undefined): Promise<HomeView> {
  const home = await realDirectory(homeDirectory);
  const candidates = await Promise.all([home, ...otherHomes].map((folder) => (folder === undefined ? undefined : realDirectory(folder))));
  const coverable = candidates.filter((folder): folder is string => folder !== undefined && !systemFolders.some((system) => isInside(folder, system)));
  // The user's home stays in the list inside /home: the command's HOME must exist, if empty.
  const coveredHomes = [...new Set(coverable)];
  const underCovered = (candidate: string): boolean => coveredHomes.some((folder) => isInside(folder, candidate));
  const wanted = [
    ...(home === undefined ? [] : homeReadablePaths.map((relative) => path.join(home, relative))),
    ...userPaths.map((text) => expandHome(text, home ?? homeDirectory)),
    ...(searchPath ?? '').split(':').filter((folder) => path.isAbsolute(folder) && !coveredHomes.includes(path.resolve(folder)) && !isHomeFolder(path.resolve(folder))),
  ];
  const targets = [...new Set(wanted.map((candidate) => path.resolve(candidate)))].filter(underCovered);
  const sources = await Promise.all(targets.map((target) => fs.realpath(target).catch(() => undefined)));
  const found = targets.flatMap((target, index) => (sources[index] === undefined ? [] : [{ source: sources[index], target }]));
  // A folder inside another that is bound already, and that is what that binding shows there (`~/.cargo/bin`), needs no mount of its own.
  const shownBy = (outer: ReadableBinding, inner: ReadableBinding): boolean => {
    const relative = outer !== inner ? relativeInside(outer.target, inner.target) : undefined;
    return relative !== undefined && path.join(outer.source, relative) === inner.source;
  };
  return { coveredHomes, readable: found.filter((binding) => !found.some((outer) => shownBy(outer, binding))) };
}

/** `~/…` or an absolute path. */
export function expandHome(text: string, homeDirectory: string): string {
  const trimmed = text.trim();
  if (trimmed === '~') return homeDirectory;
  return trimmed.startsWith('~/') ? path.join(homeDirectory, trimmed.slice(2)) : path.resolve(trimmed);
}

/** A user's home folder itself (`/home/me`, `/root`), which a `PATH` entry must not open whole. */
function isHomeFolder(folder: string): boolean {
  return otherHomes.includes(folder) || ['/home', '/Users'].includes(path.dirname(folder));
}

async function realDirectory(folder: string): Promise<string | undefined> {
  if (!path.isAbsolute(folder)) return undefined;
  const real = await fs.realpath(folder).catch(() => undefined);
  const stats = real === undefined ? undefined : await fs.stat(real).catch(() => undefined);
  return stats?.isDirectory() ? real : undefined;
}

/** `folder` holds `candidate` (or is it). */
function isInside(folder: string, candidate: string): boolean {
  return relativeInside(folder, candidate) !== undefined;
}
