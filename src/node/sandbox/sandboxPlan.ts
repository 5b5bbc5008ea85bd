import type { ReadableBinding } from './homeView';

/** Everything one sandboxed process is allowed, in the terms of the mounts that enforce it. */
export interface SandboxPlan {
  /** Real paths of the workspace folders, writable. */
  writableRoots: readonly string[];
  /** The sandbox's own temp folder on the host, seen as `/tmp` inside. */
  privateTemp: string;
  /** Folders bound onto themselves so they cannot be renamed away from the protected paths inside them (`.git`). */
  pinnedDirectories: readonly string[];
  /** Protected files and folders that exist (missing folders get an empty placeholder where mounts need one): read-only. */
  readOnlyPaths: readonly string[];
  /** Every protected path, existing or not, for sandboxes that match paths rather than mount over them. */
  protectedPaths: readonly { path: string; kind: 'file' | 'directory' }[];
  /** Folders whose content the command must not see: an empty, read-only folder stands in. */
  hiddenDirectories: readonly string[];
  /** Files the command must not see: they read as empty. */
  hiddenFiles: readonly string[];
  /** Home folders (real paths) the command sees empty and read-only, but for `readableInHomes`, the workspace and `keptReadable`. */
  coveredHomes: readonly string[];
  /** Configuration and toolchains in the covered home folders the command may read. */
  readableInHomes: readonly ReadableBinding[];
  /**
   * Real paths outside the workspace the command must still read where the sandbox would cover
   * them: its private `/tmp` covers the host's, where the editor itself may run from (an AppImage,
   * a checkout in /tmp) with the shell integration script a terminal loads; covered home folders
   * may hold the editor's server (`~/.vscode-server`).
   */
  keptReadable: readonly string[];
  environment: Readonly<Record<string, string>>;
  /** Where the command starts. */
  cwd: string;
  network: SandboxNetwork;
}

export type SandboxNetwork =
  /** No network at all: a namespace with loopback only. */
  | { kind: 'none' }
  /**
   * Only Elbow's filtering proxy, at `127.0.0.1:port` as the command sees it. On Linux a bridge
   * (socat, in the sandbox) carries that port to the proxy's Unix socket at `socketInside`, in
   * `socketFolder` of the host, which is mounted read-only over the folder of `socketInside`: a
   * command cannot swap the socket for a link to another program's (socat runs before seccomp).
   */
  | { kind: 'proxy'; port: number; bridge?: { socketFolder: string; socketInside: string; socat: string } };

/** Names the sandbox sets for the tools in it: caches and temp files go to its writable temp folder (`temp`, as seen inside). */
export function sandboxVariables(network: SandboxNetwork, temp: string): Record<string, string> {
  const variables: Record<string, string> = {
    TMPDIR: temp,
    XDG_CACHE_HOME: `${temp}/.cache`,
    npm_config_cache: `${temp}/.npm`,
    HISTFILE: '/dev/null',
    ELBOW_SANDBOX: '1',
    PAGER: 'cat',
    GIT_PAGER: 'cat',
    GIT_TERMINAL_PROMPT: '0',
  };
  if (network.kind === 'proxy') {
    const proxy = `http://127.0.0.1:${network.port}`;
    for (const name of ['HTTP_PROXY', 'HTTPS_PROXY', 'http_proxy', 'https_proxy', 'npm_config_proxy', 'npm_config_https_proxy']) variables[name] = proxy;
    variables.NO_PROXY = 'localhost,127.0.0.1,::1';
    variables.no_proxy = variables.NO_PROXY;
  }
  return variables;
}
