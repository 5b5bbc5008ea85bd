import { execFile } from 'node:child_process';
import * as core from '@actions/core';
import { holdsSecret } from './secretForms';

/**
 * Never committed, whatever the run left: Elbow's own state, files that usually hold secrets, and workflows, which
 * run with the repository's secrets once a branch holding them is pushed (git's own ignore rules apply as well).
 */
const neverCommitted = ['**/.elbow/**', '**/.env', '**/.env.*', '**/*.pem', '**/*.key', '**/id_rsa*', '**/id_ed25519*', '.github/workflows/**'];

/** Who commits: the bot GitHub shows for the workflow's token. */
const committer = { name: 'github-actions[bot]', email: '41898282+github-actions[bot]@users.noreply.github.com' };

export class SecretInChangesError extends Error {}

/** Git in the checkout, run with no hooks and no fsmonitor (programs the checkout could name), and the given extra settings. */
export class Checkout {
  constructor(
    private readonly folder: string,
    private readonly environment: NodeJS.ProcessEnv,
  ) {}

  git(args: readonly string[], settings: Readonly<Record<string, string>> = {}): Promise<string> {
    const all = { 'core.hooksPath': '/dev/null', 'core.fsmonitor': 'false', 'commit.gpgSign': 'false', ...settings };
    const env: NodeJS.ProcessEnv = { ...this.environment, GIT_TERMINAL_PROMPT: '0', GIT_CONFIG_COUNT: String(Object.keys(all).length) };
    Object.entries(all).forEach(([key, value], index) => {
      env[`GIT_CONFIG_KEY_${index}`] = key;
      env[`GIT_CONFIG_VALUE_${index}`] = value;
    });
    return new Promise((resolve, reject) => {
      execFile('git', args, { cwd: this.folder, env, maxBuffer: 64 * 1024 * 1024 }, (error, stdout, stderr) => {
        if (error) reject(new Error(`git ${args[0] ?? ''} failed: ${stderr.trim() || error.message}`));
        else resolve(stdout);
      });
    });
  }

  /** Stages what the run changed, minus what is never committed; false when nothing is left. */
  async stageChanges(secrets: readonly string[]): Promise<boolean> {
    await this.git(['add', '--all', '--', '.', ...neverCommitted.map((pattern) => `:(exclude,glob)${pattern}`)]);
    const leftOut = (await this.git(['status', '--porcelain', '--untracked-files=all'])).split('\n').filter((line) => line !== '' && line[1] !== ' ');
    if (leftOut.length > 0) core.info(`Left out of the commit (Elbow's own files, likely secrets, workflows): ${leftOut.map((line) => line.slice(3)).join(', ')}`);
    if ((await this.git(['diff', '--cached', '--name-only'])).trim() === '') return false;
    const staged = await this.git(['diff', '--cached', '--no-color', '--no-ext-diff', '--text']);
    if (holdsSecret(staged, secrets)) {
      await this.git(['reset', '--quiet']);
      throw new SecretInChangesError('The changes contain the API key or the GitHub token; nothing was committed or pushed.');
    }
    return true;
  }

  /** Commits what is staged on a new branch and pushes it to `origin` with the token in a header git never writes down. */
  async commitAndPush(branch: string, message: string, serverUrl: string, token: string): Promise<string> {
    await this.git(['switch', '--create', branch]);
    await this.git(['commit', '--quiet', '--no-verify', '--message', message], { 'user.name': committer.name, 'user.email': committer.email });
    const diffstat = (await this.git(['show', '--stat', '--format=', '--no-color', 'HEAD'])).trimEnd();
    const basic = Buffer.from(`x-access-token:${token}`).toString('base64');
    core.setSecret(basic);
    await this.git(['push', '--quiet', 'origin', `refs/heads/${branch}:refs/heads/${branch}`], { [`http.${serverUrl.replace(/\/*$/, '/')}.extraheader`]: `AUTHORIZATION: basic ${basic}` });
    return diffstat;
  }
}
