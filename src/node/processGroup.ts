import { readdirSync, readFileSync } from 'node:fs';

/** Signals every process in a group; false when the group no longer exists. */
export function signalProcessGroup(groupId: number, signal: NodeJS.Signals): boolean {
  try {
    process.kill(-groupId, signal);
    return true;
  } catch (error) {
    return errorCode(error) !== 'ESRCH';
  }
}

/** Whether any process of the group still runs. Zombies do not count: they hold no resources and cannot be signalled away. */
export function isProcessGroupAlive(groupId: number): boolean {
  try {
    process.kill(-groupId, 0);
  } catch (error) {
    return errorCode(error) === 'EPERM';
  }
  // Where init does not reap orphans (some containers), killed grandchildren stay zombies for good.
  return process.platform === 'linux' ? hasLivingLinuxMember(groupId) : true;
}

function hasLivingLinuxMember(groupId: number): boolean {
  let entries: string[];
  try {
    entries = readdirSync('/proc');
  } catch {
    return true;
  }
  for (const entry of entries) {
    if (!/^\d+$/.test(entry)) continue;
    let stat: string;
    try {
      stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
    } catch {
      continue;
    }
    // `pid (comm) state ppid pgrp …`; comm may hold spaces and parentheses.
    const [state, , group] = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    if (group === String(groupId) && state !== 'Z' && state !== 'X') return true;
  }
  return false;
}

function errorCode(error: unknown): string | undefined {
  return error instanceof Error && 'code' in error && typeof error.code === 'string' ? error.code : undefined;
}
