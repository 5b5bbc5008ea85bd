import { spawn, type ChildProcess } from 'node:child_process';
import { isProcessGroupAlive, signalProcessGroup } from './processGroup';

export interface StopProcessTreeOptions {
  platform: NodeJS.Platform;
  /** How long the tree may take to end after SIGTERM before it gets SIGKILL (POSIX only). */
  graceMs: number;
}

/** How long to wait for the group to vanish after SIGKILL before giving up on it. */
const KILLED_WAIT_MS = 2000;
const POLL_MS = 50;

/**
 * Stops `child` and everything it started. On POSIX the child must lead its own process group
 * (spawned with `detached: true`), so that grandchildren are reached even after the child exited.
 * Resolves once the tree is gone or could not be stopped; never rejects.
 */
export async function stopProcessTree(child: ChildProcess, options: StopProcessTreeOptions): Promise<void> {
  const pid = child.pid;
  if (pid === undefined) return;
  if (options.platform === 'win32') {
    await taskkillTree(child, pid);
    return;
  }
  if (!signalProcessGroup(pid, 'SIGTERM')) return;
  if (await pollUntil(() => !isProcessGroupAlive(pid), options.graceMs)) return;
  signalProcessGroup(pid, 'SIGKILL');
  await pollUntil(() => !isProcessGroupAlive(pid), KILLED_WAIT_MS);
}

function taskkillTree(child: ChildProcess, pid: number): Promise<void> {
  return new Promise((resolve) => {
    const killer = spawn('taskkill', ['/pid', String(pid), '/T', '/F'], { stdio: 'ignore', windowsHide: true });
    killer.once('error', () => {
      child.kill();
      resolve();
    });
    killer.once('close', () => resolve());
  });
}

/** Checks now and then until `done` holds (true) or `timeoutMs` passed (false). */
async function pollUntil(done: () => boolean, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (done()) return true;
    const left = deadline - Date.now();
    if (left <= 0) return false;
    await new Promise((resolve) => setTimeout(resolve, Math.min(POLL_MS, left)));
  }
}
