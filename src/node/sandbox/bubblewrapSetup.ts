import { spawn } from 'node:child_process';
import * as fs from 'node:fs/promises';
import * as path from 'node:path';
import { findExecutable } from '../findExecutable';
import { seccompFilter } from './seccompFilter';

/** What Elbow found on this Linux machine to run commands in bubblewrap. */
export interface BubblewrapSetup {
  bubblewrap: string;
  /** bash where there is one (commands are judged by a Bash parser), else `/bin/sh`. */
  shell: string;
  /** Needed only when hosts are allowed (the proxy bridge). */
  socat: string | undefined;
  canDisableUserNamespaces: boolean;
  /** The seccomp program, written where the sandbox launcher reads it. */
  filterPath: string;
}

/** Either the setup, or why bubblewrap cannot run here, said so the user can act. */
export type BubblewrapProbe = { setup: BubblewrapSetup } | { reason: string };

/** Finds bubblewrap and checks, by running it once, that this machine lets it make its namespaces. */
export async function probeBubblewrap(privateRoot: string, environment: { PATH?: string } = process.env): Promise<BubblewrapProbe> {
  const filter = seccompFilter();
  if (filter === undefined) return { reason: `Elbow has no seccomp program for this processor (${process.arch})` };
  const bubblewrap = await findExecutable('bwrap', [], environment);
  if (bubblewrap === undefined) return { reason: 'bubblewrap (bwrap) is not installed; install it (e.g. `sudo apt install bubblewrap`) and reload' };
  const filterPath = path.join(privateRoot, 'seccomp.bpf');
  await fs.writeFile(filterPath, filter, { mode: 0o600 });
  const baseArguments = ['--unshare-user', '--unshare-pid', '--unshare-net', '--ro-bind', '/', '/', '--dev', '/dev', '--proc', '/proc'];
  let canDisableUserNamespaces = true;
  let trial = await runOnce(bubblewrap, ['--disable-userns', ...baseArguments, '--seccomp', '3', '--', 'true'], filterPath);
  if (!trial.ok && /disable-userns/.test(trial.output)) {
    canDisableUserNamespaces = false;
    trial = await runOnce(bubblewrap, [...baseArguments, '--seccomp', '3', '--', 'true'], filterPath);
  }
  if (!trial.ok) return { reason: `bubblewrap cannot create its namespaces on this machine (${trial.output.trim() || 'it failed'}); user namespaces may be turned off` };
  const shell = (await findExecutable('bash', ['/bin/bash', '/usr/bin/bash'], environment)) ?? '/bin/sh';
  const socat = await findExecutable('socat', [], environment);
  return { setup: { bubblewrap, shell, socat, canDisableUserNamespaces, filterPath } };
}

function runOnce(program: string, args: readonly string[], filterPath: string): Promise<{ ok: boolean; output: string }> {
  return fs.open(filterPath, 'r').then((filter) =>
    new Promise<{ ok: boolean; output: string }>((resolve) => {
      const child = spawn(program, args, { stdio: ['ignore', 'pipe', 'pipe', filter.fd] });
      let output = '';
      child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
      child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
      child.on('error', (error) => resolve({ ok: false, output: error.message }));
      child.on('close', (code) => resolve({ ok: code === 0, output }));
    }).finally(() => filter.close()),
  );
}
