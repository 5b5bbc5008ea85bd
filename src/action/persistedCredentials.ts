import { execFile } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as core from '@actions/core';

/** Folders of a git directory that hold no configuration (and may be large). */
const notConfiguration = new Set(['objects', 'refs', 'logs', 'hooks', 'info', 'lfs']);
/** The files git reads its repository settings from: `config`, and `config.worktree` with worktreeConfig. */
const configNames = new Set(['config', 'config.worktree']);
/** A credential left in a file: a token in an http header, as actions/checkout writes one. */
const credentialLine = /^\s*extraheader\s*=/im;

export class PersistedCredentialError extends Error {}

/**
 * Removes the token actions/checkout keeps for later steps before Elbow runs, since a command the model runs can read
 * the checkout's git folder: the `http.<url>.extraheader` entries it writes, in the top repository and, with
 * submodules, in each one's configuration (`.git/modules/**`), and since v6 the file in the runner's temporary folder
 * those configurations include, which is deleted as well. If a header is left anywhere in the git folder, the run stops.
 */
export async function forgetPersistedCredentials(workspace: string, runnerTemp: string | undefined, git: string): Promise<void> {
  const gitDirectory = gitDirectoryOf(workspace);
  if (gitDirectory === undefined) return;
  // The git folder's own configuration, its submodules' (modules/**) and its worktrees' (worktrees/**).
  const configs = configFilesUnder(gitDirectory);
  // Every entry is looked at before any file is deleted: several configurations include the same file.
  const removals: Array<{ config: string; key: string; value: string; files: string[] }> = [];
  for (const config of configs) {
    const entries = (await gitConfig(git, config, ['--get-regexp', '^(http\\..*\\.extraheader|include\\.path|includeif\\..*\\.path)$']).catch(() => '')).split('\n').filter((line) => line !== '');
    for (const entry of entries) {
      const [key = '', ...rest] = entry.split(' ');
      const value = rest.join(' ');
      const files = key.endsWith('.extraheader') ? [] : includedFile(value, config, runnerTemp);
      if (key.endsWith('.extraheader') || files.some((file) => credentialLine.test(readable(file)))) removals.push({ config, key, value, files });
    }
  }
  for (const { config, key, value, files } of removals) {
    // The value is the token's header: git's message, which quotes the command, stays out of the log.
    await gitConfig(git, config, ['--fixed-value', '--unset-all', key, value]).catch(() => {
      throw new PersistedCredentialError(`Could not remove ${key} from ${path.relative(workspace, config)}.`);
    });
    files.forEach((file) => fs.rmSync(file, { force: true }));
    core.info(`Removed ${key} from ${path.relative(workspace, config)}, so that nothing Elbow runs can read the token it holds.`);
  }
  const left = filesUnder(gitDirectory).filter((file) => credentialLine.test(readable(file)));
  if (left.length > 0) {
    throw new PersistedCredentialError(`The checkout's git folder still holds a token for later steps (an http extraheader in ${left.map((file) => path.relative(workspace, file)).join(', ')}), which a command Elbow runs could read. Check out with \`persist-credentials: false\` (actions/checkout), then run Elbow.`);
  }
}

/** `.git`, or where a `.git` file (a worktree's, a submodule's) points. */
function gitDirectoryOf(workspace: string): string | undefined {
  const dotGit = path.join(workspace, '.git');
  const stats = fs.statSync(dotGit, { throwIfNoEntry: false });
  if (stats === undefined) return undefined;
  if (stats.isDirectory()) return dotGit;
  const pointer = /^gitdir:\s*(.+)$/m.exec(readable(dotGit))?.[1]?.trim();
  return pointer === undefined ? undefined : path.resolve(workspace, pointer);
}

/** Where an include's path leads: relative to the config file, and a container job's `/github/runner_temp` as the runner's temporary folder. */
function includedFile(value: string, config: string, runnerTemp: string | undefined): string[] {
  const file = path.resolve(path.dirname(config), value);
  const containerTemp = '/github/runner_temp/';
  return runnerTemp !== undefined && file.startsWith(containerTemp) ? [file, path.join(runnerTemp, file.slice(containerTemp.length))] : [file];
}

function configFilesUnder(folder: string): string[] {
  return filesUnder(folder).filter((file) => configNames.has(path.basename(file)));
}

function filesUnder(folder: string): string[] {
  let entries: fs.Dirent[];
  try {
    entries = fs.readdirSync(folder, { withFileTypes: true });
  } catch {
    return [];
  }
  return entries.flatMap((entry) => {
    const full = path.join(folder, entry.name);
    if (entry.isDirectory()) return notConfiguration.has(entry.name) ? [] : filesUnder(full);
    return entry.isFile() ? [full] : [];
  });
}

/** `git config --file`, from the root folder so that no repository's own settings take part. */
function gitConfig(git: string, file: string, args: readonly string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile(git, ['config', '--file', file, ...args], { cwd: path.parse(file).root }, (error, stdout) => (error ? reject(error) : resolve(stdout)));
  });
}

function readable(file: string): string {
  try {
    return fs.statSync(file).size > 1024 * 1024 ? '' : fs.readFileSync(file, 'utf8');
  } catch {
    return '';
  }
}
