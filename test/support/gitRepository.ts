import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs/promises';
import * as os from 'node:os';
import * as path from 'node:path';
import { writeFiles, type FileSpec } from './tempWorkspace';

/** A temp folder holding a git repository (`repo`, committed with `files`) and a folder for worktrees beside it (`worktrees`). */
export interface TempRepository {
  base: string;
  repo: string;
  worktrees: string;
  git(...args: string[]): string;
  cleanup(): Promise<void>;
}

/** Git as the tests run it: no system or user configuration of this machine, a known committer. */
export const testGitEnvironment: Record<string, string> = {
  GIT_CONFIG_NOSYSTEM: '1',
  GIT_CONFIG_GLOBAL: '/dev/null',
  GIT_AUTHOR_NAME: 'Test',
  GIT_AUTHOR_EMAIL: 'test@example.com',
  GIT_COMMITTER_NAME: 'Test',
  GIT_COMMITTER_EMAIL: 'test@example.com',
};

export function runGitSync(cwd: string, args: readonly string[]): string {
  return execFileSync('git', args, { cwd, env: { ...process.env, ...testGitEnvironment }, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024, stdio: ['ignore', 'pipe', 'pipe'] }).replace(/\n$/, '');
}

/** `names`: the repository's and the worktrees' folder names (spaces welcome). `files`: committed; `null` makes a repository with no commit. */
export async function createTempRepository(files: Record<string, FileSpec> | null, names: { repo?: string; worktrees?: string; base?: string } = {}): Promise<TempRepository> {
  const base = await fs.realpath(await fs.mkdtemp(path.join(names.base ?? os.tmpdir(), 'elbow-worktree-test-')));
  const repo = path.join(base, names.repo ?? 'repo');
  const worktrees = path.join(base, names.worktrees ?? 'data', 'worktrees');
  await fs.mkdir(repo, { recursive: true });
  const git = (...args: string[]): string => runGitSync(repo, args);
  git('init', '--quiet', '--initial-branch=main');
  if (files !== null) {
    await writeFiles(repo, files);
    git('add', '--all');
    git('commit', '--quiet', '--message', 'First');
  }
  return { base, repo, worktrees, git, cleanup: () => fs.rm(base, { recursive: true, force: true }) };
}

/** Sets `testGitEnvironment` for git run by the code under test; returns what puts the old values back. */
export function useTestGitEnvironment(): () => void {
  const saved = Object.fromEntries(Object.keys(testGitEnvironment).map((name) => [name, process.env[name]]));
  Object.assign(process.env, testGitEnvironment);
  return () => {
    for (const [name, value] of Object.entries(saved)) {
      if (value === undefined) Reflect.deleteProperty(process.env, name);
      else process.env[name] = value;
    }
  };
}
