import type { SandboxNetwork, SandboxPlan } from './sandboxPlan';

/** Where the filtering proxy must listen for a backend, and the network a plan then gets. */
export type ProxyNetwork =
  | { listen: 'socket' | 'port'; network(hostPort: number | undefined): SandboxNetwork }
  | { reason: string };

/** One operating system's way of confining a process to a plan. */
export interface SandboxBackend {
  /** The shell commands run in. */
  readonly shell: string;
  /** What the sandbox is, for the log and the status. */
  readonly description: string;
  /** Protected paths are covered by mounts (missing folders then need a placeholder). */
  readonly mountsPaths: boolean;
  /** Where commands find the private temp folder (`privateTemp` on the host). */
  tempInside(privateTemp: string): string;
  /** The program and arguments that run `shell shellArguments…` confined to `plan`. */
  invocation(plan: SandboxPlan, shellArguments: readonly string[]): { file: string; args: string[] };
  proxyNetwork(inside: { socketFolder: string; socketInside: string; portInside: number }): ProxyNetwork;
}
