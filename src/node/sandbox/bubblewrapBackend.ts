import * as path from 'node:path';
import { bubblewrapArguments, SECCOMP_DESCRIPTOR } from './bubblewrapArguments';
import { probeBubblewrap } from './bubblewrapSetup';
import type { SandboxBackend } from './sandboxBackend';

/**
 * Linux: bubblewrap. The launcher shell closes every descriptor but the standard three (Elbow
 * may have inherited open files or sockets from whatever started it, and bubblewrap passes all
 * of them on), opens the seccomp program on descriptor 3 and becomes bubblewrap, so the same
 * invocation serves a child process and a terminal's shell.
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
      const bash = path.basename(setup.shell) === 'bash';
      return { file: bash ? setup.shell : '/bin/sh', args: ['-c', `${bash ? closeInherited : closeSingleDigits}; exec "$@" ${SECCOMP_DESCRIPTOR}<"$0"`, setup.filterPath, setup.bubblewrap, ...args] };
    },
    proxyNetwork({ socketFolder, socketInside, portInside }) {
      if (setup.socat === undefined) return { reason: 'socat (e.g. `sudo apt install socat`)' };
      const socat = setup.socat;
      return { listen: 'socket', network: () => ({ kind: 'proxy', port: portInside, bridge: { socketFolder, socketInside, socat } }) };
    },
  };
}

/** bash closes any descriptor by number; a POSIX sh only those of one digit. */
const closeInherited = 'for fd in /proc/self/fd/*; do fd=${fd##*/}; case $fd in 0|1|2) ;; *) eval "exec $fd>&-" 2>/dev/null ;; esac; done';
const closeSingleDigits = 'exec 3>&- 4>&- 5>&- 6>&- 7>&- 8>&- 9>&-';
