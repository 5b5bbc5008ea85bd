import { spawn } from 'node:child_process';
import * as path from 'node:path';
import type { Worktree } from '../../src/node/worktrees/worktreeManager';

const ownerScript = path.join(__dirname, 'worktreeOwner.ts');

/** Makes a worktree of `repo` in `folder` from another process, then kills that process as a crash would. */
export async function worktreeOfCrashedProcess(folder: string, repo: string): Promise<Worktree> {
  const child = spawn(process.execPath, ['--import', 'tsx', ownerScript, folder, repo], { stdio: ['ignore', 'pipe', 'inherit'] });
  const line = await new Promise<string>((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      if (out.includes('\n')) resolve(out.slice(0, out.indexOf('\n')));
    });
    child.on('exit', (code) => reject(new Error(`the process ended (${code}) before making a worktree`)));
  });
  const exited = new Promise((resolve) => child.on('exit', resolve));
  child.kill('SIGKILL');
  await exited;
  return JSON.parse(line) as Worktree;
}
