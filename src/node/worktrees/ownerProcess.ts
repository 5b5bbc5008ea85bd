import { readFileSync } from 'node:fs';
import { hostname } from 'node:os';

/** The process that made a worktree: its id and, where the system tells it, when it started (so a reused id is not taken for it). */
export interface OwnerProcess {
  pid: number;
  startedAt?: string;
  /** The machine it runs on: a data folder in a shared home may hold another machine's worktrees, whose processes cannot be seen from here. */
  host?: string;
}

export function currentProcess(): OwnerProcess {
  const startedAt = processStartTime(process.pid);
  return { pid: process.pid, host: hostname(), ...(startedAt === undefined ? {} : { startedAt }) };
}

/** Whether the process that made a worktree still runs (a process of another machine counts as running). */
export function isRunning(owner: OwnerProcess): boolean {
  if (owner.host !== undefined && owner.host !== hostname()) return true;
  try {
    process.kill(owner.pid, 0);
  } catch (error) {
    // EPERM: it runs, as another user.
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  if (owner.startedAt === undefined) return true;
  const startedAt = processStartTime(owner.pid);
  return startedAt === undefined || startedAt === owner.startedAt;
}

/** Linux's start time of a process, in clock ticks since boot (field 22 of /proc/<pid>/stat); elsewhere nothing. */
function processStartTime(pid: number): string | undefined {
  if (process.platform !== 'linux') return undefined;
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) may hold spaces and parentheses: count from its closing one.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return fields[19];
  } catch {
    return undefined;
  }
}
