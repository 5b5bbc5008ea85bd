import * as path from 'node:path';
import type { SandboxPlan } from './sandboxPlan';

/** The file descriptor the seccomp program is read from (see `seccompFilter.ts`). */
export const SECCOMP_DESCRIPTOR = 3;

export interface BubblewrapCommand {
  bubblewrap: string;
  /** The shell that runs the command (or, for a terminal, the shell the user types into). */
  shell: string;
  /** The arguments after the shell, e.g. `['-c', 'npm test']` or `['--init-file', script]`. */
  shellArguments: readonly string[];
  /** The bubblewrap on this machine understands `--disable-userns` (0.8 and later). */
  canDisableUserNamespaces: boolean;
}

/**
 * The bubblewrap command line for a plan: namespaces of its own (no network, no view of other
 * processes), the whole file system read-only, home folders empty but for what a build reads, the
 * workspace folders and a private temp folder writable, protected paths read-only again, hidden
 * paths masked, a clean environment, and the seccomp program from descriptor 3. Later mounts win,
 * so the order below matters.
 */
export function bubblewrapArguments(plan: SandboxPlan, command: BubblewrapCommand): string[] {
  const bridge = plan.network.kind === 'proxy' ? plan.network.bridge : undefined;
  const proxied = bridge !== undefined;
  const args = ['--die-with-parent', '--unshare-user', '--unshare-pid', '--unshare-ipc', '--unshare-uts', '--unshare-cgroup-try', '--unshare-net', '--cap-drop', 'ALL'];
  // With the proxy, socat must start before the seccomp program forbids Unix sockets: an inner bubblewrap loads it,
  // in a user namespace of its own (mapping uid 0, as for root, takes CAP_SETFCAP; the inner one drops it again).
  if (proxied) args.push('--cap-add', 'CAP_SETFCAP');
  else if (command.canDisableUserNamespaces) args.push('--disable-userns');
  args.push('--ro-bind', '/', '/', '--dev', '/dev', '--proc', '/proc', '--bind', plan.privateTemp, '/tmp');
  if (bridge !== undefined) args.push('--ro-bind', bridge.socketFolder, path.posix.dirname(bridge.socketInside));
  // Empty until the end, when they turn read-only: what is bound back below makes its folders in them.
  for (const home of outerFirst(plan.coveredHomes)) args.push('--tmpfs', home);
  for (const binding of [...plan.readableInHomes].sort((first, second) => first.target.length - second.target.length)) args.push('--ro-bind', binding.source, binding.target);
  // Only what the private /tmp or a covered home covers, and never a folder holding the private /tmp itself, which would show the host's again.
  const covered = (candidate: string): boolean => ['/tmp', ...plan.coveredHomes].some((folder) => candidate.startsWith(`${folder}/`));
  const keptCovered = plan.keptReadable.filter((candidate) => covered(candidate) && !`${plan.privateTemp}/`.startsWith(`${candidate}/`));
  for (const kept of outerFirst(keptCovered)) args.push('--ro-bind', kept, kept);
  for (const root of outerFirst(plan.writableRoots)) args.push('--bind', root, root);
  // Elbow's private folder (the seccomp program, the proxy's socket) stays out of reach where a workspace folder holds it (TMPDIR inside the project).
  const privateRoot = path.dirname(plan.privateTemp);
  if (plan.writableRoots.some((root) => privateRoot === root || privateRoot.startsWith(`${root}/`))) args.push('--tmpfs', privateRoot, '--remount-ro', privateRoot);
  for (const directory of outerFirst(plan.pinnedDirectories)) args.push('--bind', directory, directory);
  for (const path of outerFirst(plan.readOnlyPaths)) args.push('--ro-bind', path, path);
  for (const directory of outerFirst(plan.hiddenDirectories)) args.push('--tmpfs', directory, '--remount-ro', directory);
  for (const file of plan.hiddenFiles) args.push('--ro-bind', '/dev/null', file);
  for (const home of plan.coveredHomes) args.push('--remount-ro', home);
  args.push('--clearenv');
  for (const [name, value] of Object.entries(plan.environment)) args.push('--setenv', name, value);
  args.push('--chdir', plan.cwd);
  if (bridge === undefined || plan.network.kind !== 'proxy') return [...args, '--seccomp', String(SECCOMP_DESCRIPTOR), '--', command.shell, ...command.shellArguments];
  const { port } = plan.network;
  const inner = [command.bubblewrap, '--unshare-user', ...(command.canDisableUserNamespaces ? ['--disable-userns'] : []), '--cap-drop', 'ALL', '--dev-bind', '/', '/', '--chdir', plan.cwd, '--seccomp', String(SECCOMP_DESCRIPTOR), '--', command.shell, ...command.shellArguments];
  const listen = `TCP-LISTEN:${port},bind=127.0.0.1,fork,reuseaddr`;
  const portInHex = port.toString(16).toUpperCase().padStart(4, '0');
  const script = [
    `"$ELBOW_SOCAT" ${listen} UNIX-CONNECT:${bridge.socketInside} >/dev/null 2>&1 &`,
    // Wait (up to a second) until the bridge listens, so the command's first request finds it.
    `i=0; until grep -qs ' 0100007F:${portInHex} 00000000:0000 0A' /proc/net/tcp || [ "$i" -ge 200 ]; do i=$((i+1)); sleep 0.005; done`,
    'unset ELBOW_SOCAT i',
    'exec "$@"',
  ].join('\n');
  return [...args, '--setenv', 'ELBOW_SOCAT', bridge.socat, '--', '/bin/sh', '-c', script, 'sh', ...inner];
}

/** Shorter paths first, so a folder's own mount does not cover what was mounted inside it. */
function outerFirst(paths: readonly string[]): string[] {
  return [...new Set(paths)].sort((first, second) => first.length - second.length);
}
