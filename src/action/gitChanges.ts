import * as path from 'node:path';
import * as core from '@actions/core';
import { findExecutable, trustedPathFolders } from '../node/findExecutable';
import { runGit } from '../node/worktrees/gitCommand';
import { nestedRepositories } from './nestedRepositories';
import { sandboxWritableFolders, withoutRunnerSecrets } from './runnerEnvironment';
import { holdsSecret } from './secretForms';

/**
 * Never committed, whatever the run left: Elbow's own state, files that usually hold secrets, and workflows, which
 * run with the repository's secrets once a branch holding them is pushed (git's own ignore rules apply as well).
 */
const neverCommitted = ['**/.elbow/**', '**/.env', '**/.env.*', '**/*.pem', '**/*.key', '**/id_rsa*', '**/id_ed25519*', '.github/workflows/**'];

/** The transports a push to origin may use (not `ext::`, which runs a command). */
const pushTransports = ['https', 'http', 'ssh', 'git', 'file'];

/** Who commits: the bot GitHub shows for the workflow's token. */
const committer = { name: 'github-actions[bot]', email: '41898282+github-actions[bot]@users.noreply.github.com' };

export class SecretInChangesError extends Error {}

/**
 * Git in the checkout, run outside the sandbox: the program resolved before the run from PATH folders the sandbox
 * cannot write, with Elbow's safe settings (no hooks, fsmonitor, filters, signing or submodule recursion), an
 * environment without the runner's secrets, and the given extra settings (passed in variables, never as arguments).
 */
export class Checkout {
  private constructor(
    private readonly folder: string,
    /** The git program, by absolute path. */
    readonly program: string,
    private readonly environment: NodeJS.ProcessEnv,
  ) {}

  static async open(folder: string, environment: NodeJS.ProcessEnv): Promise<Checkout> {
    const writable = sandboxWritableFolders(folder, environment);
    const program = await findExecutable('git', [], environment, writable);
    if (program === undefined) throw new Error('git was not found on the PATH (outside the workspace and the temporary folders).');
    const searchPath = (await trustedPathFolders(environment.PATH ?? '', writable)).join(path.delimiter);
    return new Checkout(folder, program, { ...withoutRunnerSecrets(environment), PATH: searchPath });
  }

  async git(args: readonly string[], settings: Readonly<Record<string, string>> = {}): Promise<string> {
    const env: Record<string, string> = { GIT_CONFIG_COUNT: String(Object.keys(settings).length) };
    Object.entries(settings).forEach(([key, value], index) => {
      env[`GIT_CONFIG_KEY_${index}`] = key;
      env[`GIT_CONFIG_VALUE_${index}`] = value;
    });
    const result = await runGit(args, { cwd: this.folder, program: this.program, inherit: this.environment, env });
    if (result.code !== 0) throw new Error(`git ${args[0] ?? ''} failed: ${result.stderr || `exit code ${result.code}`}`);
    return result.stdout.toString('utf8');
  }

  /**
   * Stages what the run changed, minus what is never committed, repositories of their own inside the checkout and
   * `ownFolders` (Elbow's data folder when it is inside); false when nothing is left.
   */
  async stageChanges(secrets: readonly string[], ownFolders: readonly string[] = []): Promise<boolean> {
    const repositories = await nestedRepositories(this.folder);
    if (repositories.length > 0) core.info(`Left out of the commit, as repositories of their own: ${repositories.join(', ')}`);
    const leftOutFolders = [...repositories, ...ownFolders.flatMap((folder) => insideCheckout(this.folder, folder))];
    const exclusions = [...neverCommitted.map((pattern) => `:(exclude,glob)${pattern}`), ...leftOutFolders.map((folder) => `:(exclude,literal)${folder}`)];
    await this.git(['add', '--all', '--', '.', ...exclusions]);
    const leftOut = (await this.git(['status', '--porcelain', '--untracked-files=all', '--ignore-submodules=all', '--', '.', ...leftOutFolders.map((folder) => `:(exclude,literal)${folder}`)]))
      .split('\n').filter((line) => line !== '' && line[1] !== ' ');
    if (leftOut.length > 0) core.info(`Left out of the commit (Elbow's own files, likely secrets, workflows): ${leftOut.map((line) => line.slice(3)).join(', ')}`);
    if ((await this.git(['diff', '--cached', '--name-only', '--ignore-submodules=all'])).trim() === '') return false;
    const staged = await this.git(['diff', '--cached', '--no-color', '--no-ext-diff', '--no-textconv', '--ignore-submodules=all', '--text']);
    if (holdsSecret(staged, secrets)) {
      await this.git(['reset', '--quiet']);
      throw new SecretInChangesError('The changes contain the API key or the GitHub token; nothing was committed or pushed.');
    }
    return true;
  }

  /** Commits what is staged on a new branch and pushes it to `origin` with the token in a header git never writes down. */
  async commitAndPush(branch: string, message: string, serverUrl: string, token: string): Promise<void> {
    await this.git(['switch', '--create', branch]);
    await this.git(['commit', '--quiet', '--no-verify', '--message', message], { 'user.name': committer.name, 'user.email': committer.email });
    const basic = Buffer.from(`x-access-token:${token}`).toString('base64');
    core.setSecret(basic);
    await this.git(['push', '--quiet', 'origin', `refs/heads/${branch}:refs/heads/${branch}`], {
      [`http.${serverUrl.replace(/\/*$/, '/')}.extraheader`]: `AUTHORIZATION: basic ${basic}`,
      // Elbow's git allows no transport unless named; origin's URL is in the checkout's protected configuration.
      ...Object.fromEntries(pushTransports.map((transport) => [`protocol.${transport}.allow`, 'always'])),
    });
  }

  /** What a pull request from HEAD into `base` shows (`base...HEAD`); from `start` when origin's `base` was not fetched. */
  async diffstat(base: string, start: string): Promise<string> {
    const baseRef = `refs/remotes/origin/${base}`;
    const fetched = await this.git(['rev-parse', '--verify', '--quiet', `${baseRef}^{commit}`]).then(() => true, () => false);
    return (await this.git(['diff', '--stat', '--no-color', '--no-ext-diff', '--no-textconv', '--ignore-submodules=all', fetched ? `${baseRef}...HEAD` : `${start}..HEAD`])).trimEnd();
  }
}

/** `folder` relative to the checkout with `/`, when it is inside it. */
function insideCheckout(checkout: string, folder: string): string[] {
  const relative = path.relative(checkout, folder);
  return relative === '' || relative === '..' || relative.startsWith(`..${path.sep}`) || path.isAbsolute(relative) ? [] : [relative.split(path.sep).join('/')];
}
