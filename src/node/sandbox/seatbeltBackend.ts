import * as fs from 'node:fs/promises';
import { findExecutable } from '../findExecutable';
import type { SandboxBackend } from './sandboxBackend';
import { seatbeltProfile } from './seatbeltProfile';

const SANDBOX_EXEC = '/usr/bin/sandbox-exec';

/**
 * macOS: Seatbelt through `sandbox-exec`, started by `env -i` so that the command's environment
 * is exactly the plan's. The proxy listens on a loopback port, the only place the profile lets
 * the network reach.
 */
export async function seatbeltBackend(environment: Readonly<Record<string, string | undefined>>): Promise<SandboxBackend | { reason: string }> {
  const found = await fs.access(SANDBOX_EXEC).then(() => true, () => false);
  if (!found) return { reason: `${SANDBOX_EXEC} was not found` };
  const shell = (await findExecutable('bash', ['/bin/bash'], { PATH: environment.PATH })) ?? '/bin/sh';
  return {
    shell,
    description: 'Seatbelt: writes only in the workspace folders (not protected files) and a private temp folder, no network unless hosts are allowed, an empty home folder but for git configuration and toolchains, a short list of environment variables',
    mountsPaths: false,
    tempInside: (privateTemp) => privateTemp,
    invocation(plan, shellArguments) {
      const variables = Object.entries(plan.environment).map(([name, value]) => `${name}=${value}`);
      return { file: '/usr/bin/env', args: ['-i', ...variables, SANDBOX_EXEC, '-p', seatbeltProfile(plan), shell, ...shellArguments] };
    },
    proxyNetwork: () => ({ listen: 'port', network: (hostPort) => ({ kind: 'proxy', port: hostPort ?? 0 }) }),
  };
}
