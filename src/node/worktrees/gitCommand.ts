import { spawn } from 'node:child_process';
import * as os from 'node:os';
import { WorktreeError } from './worktree';

export interface GitResult {
  code: number;
  stdout: Buffer;
  stderr: string;
}

export interface GitOptions {
  cwd: string;
  /** Variables added to git's environment (an index of its own, an identity). */
  env?: Readonly<Record<string, string>>;
  input?: string | Buffer;
  /** The git program, an absolute path resolved where nothing the sandbox writes can supply it; `git` on the PATH when left out. */
  program?: string;
  /** The environment git starts from (the repository variables are dropped from it); this process's when left out. */
  inherit?: NodeJS.ProcessEnv;
}

/** Variables that would point git at another repository, index or work tree than the folder it runs in (set when Elbow runs from a git hook). */
const REPOSITORY_VARIABLES = ['GIT_DIR', 'GIT_WORK_TREE', 'GIT_INDEX_FILE', 'GIT_COMMON_DIR', 'GIT_OBJECT_DIRECTORY', 'GIT_ALTERNATE_OBJECT_DIRECTORIES', 'GIT_NAMESPACE', 'GIT_CEILING_DIRECTORIES'];

/**
 * Settings that keep git from running any program a repository's configuration (or a file it
 * includes) can name: hooks, the file system monitor, signing, auto maintenance, pagers, submodule
 * recursion (a repository inside the checkout, which a sandboxed command may have made, has a
 * configuration of its own that git would run when it looks into it). Given with `-c`, they win over
 * every configuration file. (Callers ask for no external diff or textconv program: `--no-ext-diff --no-textconv`.)
 */
export const SAFE_GIT_SETTINGS: readonly string[] = [
  `core.hooksPath=${os.devNull}`,
  'core.fsmonitor=false',
  'core.pager=cat',
  'commit.gpgSign=false',
  'gc.auto=0',
  'maintenance.auto=false',
  'submodule.recurse=false',
  'diff.ignoreSubmodules=all',
  'status.submoduleSummary=false',
  'protocol.allow=never',
];

const FILTER_KEY = /^filter\.(.+)\.(clean|smudge|process|required)$/i;

/** `-c` arguments that turn off every filter driver the configuration names (`clean`, `smudge`, `process`), read without running anything. */
async function filterOverrides(options: GitOptions): Promise<string[]> {
  const result = await spawnGit([...settingArguments(SAFE_GIT_SETTINGS), 'config', '--null', '--name-only', '--get-regexp', '^filter\\.'], options);
  const names = new Set<string>();
  for (const key of result.stdout.toString('utf8').split('\0')) {
    const name = FILTER_KEY.exec(key.trim())?.[1];
    if (name !== undefined) names.add(name);
  }
  return [...names].flatMap((name) => [`filter.${name}.clean=`, `filter.${name}.smudge=`, `filter.${name}.process=`, `filter.${name}.required=false`]);
}

function settingArguments(settings: readonly string[]): string[] {
  return settings.flatMap((setting) => ['-c', setting]);
}

/**
 * Runs git with arguments (never through a shell) and collects what it printed; a missing git is a
 * `WorktreeError`. Every call runs with `SAFE_GIT_SETTINGS` and every filter turned off: the
 * repository and the files a task wrote are not trusted, and Elbow's git runs outside the sandbox.
 */
export async function runGit(args: readonly string[], options: GitOptions): Promise<GitResult> {
  const filters = await filterOverrides(options);
  return await spawnGit([...settingArguments(SAFE_GIT_SETTINGS), ...settingArguments(filters), ...args], options);
}

function spawnGit(args: readonly string[], options: GitOptions): Promise<GitResult> {
  const inherited = Object.entries(options.inherit ?? process.env).filter(([name]) => !REPOSITORY_VARIABLES.includes(name));
  const env = { ...Object.fromEntries(inherited), GIT_TERMINAL_PROMPT: '0', LC_ALL: 'C', ...options.env };
  return new Promise((resolve, reject) => {
    const child = spawn(options.program ?? 'git', args, { cwd: options.cwd, env, stdio: ['pipe', 'pipe', 'pipe'] });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => out.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => err.push(chunk));
    child.stdin.on('error', () => undefined);
    child.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') reject(new WorktreeError(`git could not be run (${error.message}): install git, or put it on the PATH, to run a task in a worktree.`));
      else reject(new WorktreeError(`git could not be run: ${error.message}.`));
    });
    child.on('close', (code) => resolve({ code: code ?? 1, stdout: Buffer.concat(out), stderr: Buffer.concat(err).toString('utf8').trim() }));
    child.stdin.end(options.input);
  });
}

/** Runs git and returns its output as text without the final newline; a failure is a `WorktreeError` saying `what` failed and git's words. */
export async function git(args: readonly string[], options: GitOptions, what: string): Promise<string> {
  const result = await runGit(args, options);
  if (result.code !== 0) throw new WorktreeError(`${what}: ${result.stderr || `git ${args[0] ?? ''} exited with code ${result.code}`}`);
  return result.stdout.toString('utf8').replace(/\n$/, '');
}
