import { bubblewrapArguments, SECCOMP_DESCRIPTOR } from './bubblewrapArguments';
import { probeBubblewrap } from './bubblewrapSetup';
import type { SandboxBackend } from './sandboxBackend';

/**
 * Linux: bubblewrap. The launcher shell opens the seccomp program on descriptor 3 and becomes
 * bubblewrap, so the same invocation serves a child process and a terminal's shell.
 */
export async function bubblewrapBackend(privateRoot: string, environment: Readonly<Record<string, string | undefined>>): Promise<SandboxBackend | { reason: string }> {
  const probe = await probeBubblewrap(privateRoot, environment);
  if ('reason' in probe) return probe;
  const { setup } = probe;
  return {
    shell: setup.shell,
    description: 'bubblewrap: writes only in the workspace folders (not protected files) and a private /tmp, no network unless hosts are allowed, an empty home folder but for git configuration and toolchains, a short list of environment variables',
    mountsPaths: true,
    tempInside: () => '/tmp',
    invocation(plan, shellArguments) {
      const args = bubblewrapArguments(plan, { bubblewrap: setup.bubblewrap, shell: setup.shell, shellArguments, canDisableUserNamespaces: setup.canDisableUserNamespaces });
      return { file: '/bin/sh', args: ['-c', `exec "$@" ${SECCOMP_DESCRIPTOR}<"$0"`, setup.filterPath, setup.bubblewrap, ...args] };
    },
    proxyNetwork({ socketFolder, socketInside, portInside }) {
      if (setup.socat === undefined) return { reason: 'socat (e.g. `sudo apt install socat`)' };
      const socat = setup.socat;
      return { listen: 'socket', network: () => ({ kind: 'proxy', port: portInside, bridge: { socketFolder, socketInside, socat } }) };
    },
  };
}
