import { defaultShell } from './defaultShell';
import { findExecutable } from './findExecutable';

/**
 * The shell the terminal host runs commands with: bash wherever there is one, since commands are
 * judged by a Bash parser (a `/bin/sh` that is dash reads some quoting differently); else the
 * user's shell, whose commands are then judged cautiously.
 */
export async function commandShell(environment: { PATH?: string } = process.env): Promise<string> {
  if (process.platform === 'win32') return defaultShell();
  return (await findExecutable('bash', ['/bin/bash', '/usr/bin/bash'], environment)) ?? defaultShell();
}
